// When may a cached page or catalog answer still be served? While the shop's public data has not
// changed. This module keeps a "generation" number that moves on every such change; the response
// cache drops everything when it moves (bff/src/cache/response-cache.ts, docs/decisions/0016).
//
// A change is noticed three ways:
// 1. Writes of this process: every SQL statement the connection pool runs is seen after it finished
//    (a write, and the COMMIT of a transaction that wrote). Any table counts except those listed in
//    PRIVATE_TABLES, which hold only a shopper's or the server's own data that no public page shows:
//    a table added later invalidates by default, so a new public page is never left stale.
// 2. Writes of anyone else (another instance, `npm run stock`, psql): triggers on the catalog and
//    content tables advance the sequence "response_cache_version" (migration 20261122162000); each
//    instance reads it every pollMs.
// 3. With REDIS_URL the instances tell each other at once (publish/subscribe), so a change made
//    through one instance is seen by the next request to any other.
//
// Each change counts once on each instance. A change of a shop instance also moves the database's
// counter, which every instance's poll reads a little later; counted again then, it would drop the
// answers stored since it was first seen (the page cached just before the fault suite's database
// outage, decision 0037 finding d). So a move of the counter that a change already counted here
// (made here or told by another instance) may explain is taken as read, and the counter is read at
// once after such a change to keep that window short.
//
// The shared generation in Redis (the response cache's entries there are valid only with the value
// they were stored in) moves once per change: the instance that made it increments it and tells the
// others in one MULTI, so an instance that hears of a change finds the generation moved already and
// moves it no further. A change only the poll saw (another process) is moved by each instance that sees it.
// A move owed while Redis was away is made when it is back.
import type pg from 'pg';
import { closeRedisClient, createRedisClient, type RedisClient } from '../redis.ts';

/** Tables no public page or catalog query reads: writing them never invalidates the cache. */
export const PRIVATE_TABLES = new Set([
  'Session',
  'RateLimit',
  'Cart',
  'CartLine',
  'CartVoucher',
  'CheckoutRevision',
  'MailOutbox',
  'Customer',
  'Address',
  'Wishlist',
  'WishlistItem',
  'AvailabilityWatch',
  'PasswordResetToken',
  'ApiToken',
  'NewsletterSubscription',
  'OrderNumberCounter',
  'Order',
  'OrderLine',
  // seats held and sold change all the time; no public answer may be cached with them (Event.availability)
  'EventSeat',
  'Ticket',
  'OrderStatusChange',
  'Invoice',
  'Complaint',
  'ComplaintLine',
  'OrderPayment',
  'CaptchaUse',
  'ConsentLog',
  'ShopSecret',
  // a partner's endpoints and deliveries, read only by its token's requests (never cached). The
  // sender's claim is an UPDATE every WEBHOOK_INTERVAL_MS on each instance, due deliveries or not:
  // as a public write it dropped every instance's cache every few seconds (decision 0037, finding d)
  'WebhookEndpoint',
  'WebhookDelivery',
  '_prisma_migrations',
]);

const WRITE = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+(?:ONLY\s+)?(?:"?public"?\.)?"?([A-Za-z_][\w]*)"?/i;
const START_OF_TRANSACTION = /^\s*(?:BEGIN|START\s+TRANSACTION)\b/i;
const END_OF_TRANSACTION = /^\s*(?:COMMIT|END)\b/i;
const ROLLBACK = /^\s*(?:ROLLBACK|ABORT)\b(?!\s+TO\b)/i;

/** The table a write statement changes, or null for reads (and statements it cannot tell). */
export function writtenTable(sql: string): string | null {
  return WRITE.exec(sql)?.[1] ?? null;
}

export type CatalogVersion = {
  /** Moves whenever public data may have changed. */
  readonly generation: number;
  /**
   * False while the database does not answer the change counter's poll: nothing can change public
   * data then, and the response cache serves what it holds, however old (requirements F3).
   */
  readonly databaseReachable: boolean;
  /** Counts a change now (and tells the other instances). */
  bump: () => void;
  /** Calls `listener` at every change, as it is seen (the response cache moves Redis' shared generation then). */
  onChange: (listener: () => void) => void;
  /** Called with each finished statement of this process (see watchPool). */
  onStatement: (sql: string, client: object) => void;
  /**
   * Resolves once the database's change counter has been read (or found unreachable) after the call:
   * a write committed before the call has then moved the generation (tests wait for it).
   */
  polled: () => Promise<void>;
  /** Resolves once, with a Redis URL, both Redis connections are up and subscribed, or gave up (tests wait for it). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

export type CatalogVersionOptions = {
  pool: pg.Pool;
  /** How often the database's change counter is read (writes of other processes). */
  pollMs?: number;
  redisUrl?: string | null;
  channel?: string;
  /** The shared generation's key in Redis (the response cache's key prefix and `generation`). */
  generationKey?: string;
  /** Sees every change (tests). */
  onChange?: () => void;
};

export function createCatalogVersion(options: CatalogVersionOptions): CatalogVersion {
  const channel = options.channel ?? 'shop:response-cache:changed';
  const generationKey = options.generationKey ?? 'shop:rc:generation';
  let generation = 1;
  let databaseVersion: string | null = null;
  // connections inside a transaction, and those whose transaction wrote public data (bumped again at COMMIT)
  const inTransaction = new WeakSet<object>();
  const dirtyClients = new WeakSet<object>();
  let closed = false;

  let publisher: RedisClient | null = null;
  let subscriber: RedisClient | null = null;
  const instanceId = Math.random().toString(36).slice(2);
  let connecting: Promise<unknown> = Promise.resolve();

  const listeners: (() => void)[] = [];
  const advance = () => {
    generation += 1;
    options.onChange?.();
    for (const listener of listeners) listener();
  };

  // changes counted when they were made here or told, and how many of them a poll sent after them has read
  let pushed = 0;
  let pushedAndPolled = 0;

  // A move of the shared generation that could not be made (Redis away) is made when Redis is back: the
  // entries stored there before the change would otherwise be served again as if nothing had changed.
  let sharedMoveOwed = false;
  /** Moves the shared generation; `tell`: and tells the other instances, after it moved (one MULTI). */
  const moveShared = (tell: boolean) => {
    if (!publisher) return;
    if (!publisher.isReady) {
      sharedMoveOwed = true;
      return;
    }
    const transaction = publisher.multi().incr(generationKey);
    if (tell) transaction.publish(channel, instanceId);
    void transaction.exec().catch(() => (sharedMoveOwed = true));
  };

  const bump = () => {
    pushed += 1;
    advance();
    moveShared(true);
    pollSoon();
  };

  if (options.redisUrl) {
    const quiet = () => undefined;
    publisher = createRedisClient({ url: options.redisUrl, disableOfflineQueue: true });
    subscriber = publisher.duplicate();
    publisher.on('error', quiet);
    subscriber.on('error', quiet);
    publisher.on('ready', () => {
      if (!sharedMoveOwed) return;
      sharedMoveOwed = false;
      moveShared(false);
    });
    const publishing = publisher.connect().catch(quiet);
    const subscribing = subscriber
      .connect()
      .then(() =>
        subscriber!.subscribe(channel, (message) => {
          if (message === instanceId) return;
          pushed += 1;
          advance();
          pollSoon();
        }),
      )
      .catch(quiet);
    connecting = Promise.all([publishing, subscribing]);
  }

  let databaseReachable = true;
  // polled()'s callers since the last poll began: the next poll to begin answers them
  let waiting: (() => void)[] = [];
  const poll = async () => {
    const answered = waiting;
    waiting = [];
    const pushedBefore = pushed;
    try {
      const { rows } = await options.pool.query<{ last_value: string; is_called: boolean }>(
        'SELECT last_value, is_called FROM "response_cache_version"',
      );
      const value = `${rows[0]?.last_value}:${rows[0]?.is_called}`;
      const moved = databaseVersion !== null && value !== databaseVersion;
      // back after an outage: start afresh rather than trust what was rendered before it. A move no
      // change counted here explains: another process's write
      if (!databaseReachable || (moved && pushed === pushedAndPolled)) {
        advance();
        moveShared(false);
      }
      databaseVersion = value;
      databaseReachable = true;
      pushedAndPolled = pushedBefore;
    } catch {
      // the database does not answer (an outage, or not migrated yet): the cache serves what it holds
      databaseReachable = false;
    } finally {
      for (const resolve of answered) resolve();
    }
  };
  // one poll at a time: every pollMs, and at once after a change counted here
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let pollAgain = false;
  const pollSoon = () => {
    if (closed) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    if (timer) clearTimeout(timer);
    polling = true;
    void poll().finally(() => {
      polling = false;
      if (pollAgain) {
        pollAgain = false;
        pollSoon();
        return;
      }
      if (closed) return;
      // not a job: the change counter's poll is the response cache's change signal (issue 41 §1's events replace it)
      timer = setTimeout(pollSoon, options.pollMs ?? 100);
      timer.unref();
    });
  };
  pollSoon();

  return {
    get generation() {
      return generation;
    },
    get databaseReachable() {
      return databaseReachable;
    },
    bump,
    ready: async () => void (await connecting),
    polled: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    onChange(listener) {
      listeners.push(listener);
    },
    onStatement(sql, client) {
      const table = writtenTable(sql);
      if (table !== null) {
        if (PRIVATE_TABLES.has(table)) return;
        // seen now, and again when its transaction commits (a page rendered in between read the old
        // rows); a statement outside a transaction is committed already
        if (inTransaction.has(client)) dirtyClients.add(client);
        bump();
        return;
      }
      if (START_OF_TRANSACTION.test(sql)) {
        inTransaction.add(client);
        return;
      }
      const committed = END_OF_TRANSACTION.test(sql);
      if (!committed && !ROLLBACK.test(sql)) return;
      inTransaction.delete(client);
      if (dirtyClients.delete(client) && committed) bump();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const resolve of waiting) resolve();
      waiting = [];
      await Promise.all([closeRedisClient(subscriber), closeRedisClient(publisher)]);
    },
  };
}

type Query = (...args: unknown[]) => unknown;

export type PoolWatchers = {
  /** Called with the text of every statement as it is sent, in the sender's async context. */
  sent?: (sql: string) => void;
  /** Called with every statement finished (successfully or not: a failed COMMIT still ends the transaction). */
  finished: (sql: string, client: object) => void;
};

/** Shows every statement a client of `pool` runs to `watchers`; works for clients connected later too. */
export function watchPool(pool: pg.Pool, watchers: PoolWatchers): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string; callback?: unknown } | undefined;
      const sql = typeof first === 'string' ? first : (first?.text ?? '');
      watchers.sent?.(sql);
      const report = () => watchers.finished(sql, client);
      // pool.query() passes a callback (last argument); the adapter's own clients use promises
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...results: unknown[]) => void;
        args[last] = (...results: unknown[]) => {
          report();
          callback(...results);
        };
        return original(...args);
      }
      const result = original(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(report, report);
      return result;
    };
  });
}
