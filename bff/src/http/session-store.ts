// express-session store in PostgreSQL (the Session table), so sessions and the carts they
// point to survive a restart and are shared by several BFF processes.
import session from 'express-session';
import type { Db } from '../db/client.ts';

const DEFAULT_TTL_MS = 30 * 24 * 3600 * 1000;

export class PrismaSessionStore extends session.Store {
  constructor(private readonly prisma: Db) {
    super();
  }

  private expiry(data: session.SessionData): Date {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + DEFAULT_TTL_MS);
  }

  get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.prisma.session
      .findUnique({ where: { sid } })
      .then((row) => callback(null, row && row.expire > new Date() ? (row.sess as unknown as session.SessionData) : null))
      .catch((error) => callback(error));
  }

  set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const sess = JSON.parse(JSON.stringify(data));
    const expire = this.expiry(data);
    this.prisma.session
      .upsert({ where: { sid }, create: { sid, sess, expire }, update: { sess, expire } })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.prisma.session
      .deleteMany({ where: { sid } })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  touch(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.prisma.session
      .updateMany({ where: { sid }, data: { expire: this.expiry(data) } })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  /** Removes expired sessions; called periodically by the app. */
  async prune(): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { expire: { lt: new Date() } } });
    return count;
  }
}
