// The shop's stored sessions as the domain sees them: the Session table keys a row by the SHA-256 of
// the session id (http/session-store.ts, the express-session store, writes them), and a customer's
// sessions end together when her password changes or her account is deleted.
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';

/** The Session table's key for a session id (hex SHA-256). */
export function sessionKey(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

/**
 * Ends every stored session signed in as this customer (a password change or reset, a deleted
 * account), except the one with this id when given. Their cookies then load no session at all.
 */
export async function endCustomerSessions(prisma: Pick<Db, 'session'>, customerId: number, exceptSid?: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({
    where: { customerId, ...(exceptSid ? { sid: { not: sessionKey(exceptSid) } } : {}) },
  });
  return count;
}

/** Removes the stored sessions that have expired; returns how many (the clean-ups job, jobs/clean-ups.ts). */
export async function pruneExpiredSessions(prisma: Pick<Db, 'session'>, now: Date = new Date()): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expire: { lt: now } } });
  return count;
}
