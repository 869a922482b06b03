// express-session store in PostgreSQL (the Session table), so sessions and the carts they
// point to survive a restart and are shared by several BFF processes.
// The table keys rows by SHA-256 of the session id, never the id itself: whoever reads the table
// (a backup, a leaked dump) cannot take over a shopper's session with what it finds there.
import session from 'express-session';
import type { Db } from '../db/client.ts';
import { sessionKey } from '../services/sessions.ts';

const DEFAULT_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * A session without a customer ends after this long without a request (each request moves it on);
 * a signed-in one keeps its cookie's lifetime (docs/decisions/0004-sessions-and-csrf.md).
 */
export const ANONYMOUS_IDLE_MS = 3 * 24 * 3600 * 1000;

function customerOf(data: session.SessionData): number | null {
  const id = (data as { customerId?: unknown }).customerId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

export class PrismaSessionStore extends session.Store {
  constructor(private readonly prisma: Db) {
    super();
  }

  private expiry(data: session.SessionData): Date {
    const expires = data.cookie?.expires;
    const lifetime = expires ? new Date(expires) : new Date(Date.now() + DEFAULT_TTL_MS);
    if (customerOf(data) !== null) return lifetime;
    // set and touch (express-session touches on every request) keep an anonymous one alive while it is used
    return new Date(Math.min(lifetime.getTime(), Date.now() + ANONYMOUS_IDLE_MS));
  }

  get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.prisma.session
      .findUnique({ where: { sid: sessionKey(sid) } })
      .then((row) => callback(null, row && row.expire > new Date() ? (row.sess as unknown as session.SessionData) : null))
      .catch((error) => callback(error));
  }

  set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const sess = JSON.parse(JSON.stringify(data));
    const expire = this.expiry(data);
    const key = sessionKey(sid);
    const customerId = customerOf(data);
    this.prisma.session
      .upsert({ where: { sid: key }, create: { sid: key, sess, expire, customerId }, update: { sess, expire, customerId } })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.prisma.session
      .deleteMany({ where: { sid: sessionKey(sid) } })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  touch(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.prisma.session
      .updateMany({ where: { sid: sessionKey(sid) }, data: { expire: this.expiry(data) } })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }
}
