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

/**
 * How far a stored expiry may lag behind the one a request would set before the row is written again.
 * express-session touches the store after every request with a session; without this, every such
 * request (a page, a cart query, even a refused document) waited for an UPDATE of its row.
 */
export const TOUCH_AFTER_MS = 10 * 60 * 1000;

function customerOf(data: session.SessionData): number | null {
  const id = (data as { customerId?: unknown }).customerId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

export class PrismaSessionStore extends session.Store {
  /** The row's expiry as `get` read it, by the data it returned, until express-session makes it a session. */
  private readonly readExpiry = new WeakMap<object, Date>();
  /** The row's expiry as stored, by the request's session (touch and set receive that object). */
  private readonly storedExpiry = new WeakMap<object, Date>();

  constructor(private readonly prisma: Db) {
    super();
  }

  private expiry(data: session.SessionData): Date {
    const expires = data.cookie?.expires;
    const lifetime = expires ? new Date(expires) : new Date(Date.now() + DEFAULT_TTL_MS);
    if (customerOf(data) !== null) return lifetime;
    // set and touch (express-session touches after every request) keep an anonymous one alive while it is used
    return new Date(Math.min(lifetime.getTime(), Date.now() + ANONYMOUS_IDLE_MS));
  }

  get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.prisma.session
      .findUnique({ where: { sid: sessionKey(sid) } })
      .then((row) => {
        if (!row || row.expire <= new Date()) return callback(null, null);
        const data = row.sess as unknown as session.SessionData;
        this.readExpiry.set(data, row.expire);
        callback(null, data);
      })
      .catch((error) => callback(error));
  }

  override createSession(req: Parameters<session.Store['createSession']>[0], data: session.SessionData) {
    const created = super.createSession(req, data);
    const expire = this.readExpiry.get(data);
    if (expire) this.storedExpiry.set(created, expire);
    return created;
  }

  set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const sess = JSON.parse(JSON.stringify(data));
    const expire = this.expiry(data);
    const key = sessionKey(sid);
    const customerId = customerOf(data);
    this.prisma.session
      .upsert({ where: { sid: key }, create: { sid: key, sess, expire, customerId }, update: { sess, expire, customerId } })
      .then(() => {
        this.storedExpiry.set(data, expire);
        callback?.();
      })
      .catch((error) => callback?.(error));
  }

  destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.prisma.session
      .deleteMany({ where: { sid: sessionKey(sid) } })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  /** Moves the row's expiry on, unless the stored one is less than TOUCH_AFTER_MS behind. */
  touch(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const expire = this.expiry(data);
    const stored = this.storedExpiry.get(data);
    const lag = stored ? expire.getTime() - stored.getTime() : Infinity;
    if (lag >= 0 && lag < TOUCH_AFTER_MS) {
      callback?.();
      return;
    }
    this.prisma.session
      .updateMany({ where: { sid: sessionKey(sid) }, data: { expire } })
      .then(() => {
        this.storedExpiry.set(data, expire);
        callback?.();
      })
      .catch((error) => callback?.(error));
  }
}
