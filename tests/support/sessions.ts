// The Session table keys rows by SHA-256 (hex) of the session id, never the id itself
// (bff/src/http/session-store.ts). Tests find a browser's row through the same hash, computed
// here on its own so that a change of the store's hashing shows up as a failing test.
import { createHash } from 'node:crypto';
import type { Db } from '../../bff/src/db/client.ts';
import type { TestClient } from './test-app.ts';

/** The Session table's key for a session id. */
export function storedSessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** The stored session of a session id (from TestClient.sessionId), or null. */
export function findSession(prisma: Db, sessionId: string) {
  return prisma.session.findUnique({ where: { sid: storedSessionKey(sessionId) } });
}

/** The stored session of a browser, or null; the browser must hold a session cookie. */
export function findClientSession(prisma: Db, client: TestClient) {
  const sessionId = client.sessionId;
  if (!sessionId) throw new Error('The client has no session cookie.');
  return findSession(prisma, sessionId);
}
