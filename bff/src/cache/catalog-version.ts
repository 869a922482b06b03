// The response cache's generation: cached pages and catalog answers are served while it has not
// moved, and every purge the change feed reports moves it (bff/src/events/change-feed.ts; issue 41,
// decision 0055). Until the response cache keeps tags per answer, a purge of some tags drops
// everything as a purge of all does; a purge whose events touch no cached answer never reaches here.
//
// The shared generation in Redis (the response cache's entries there are valid only with the value
// they were stored in) is moved by the instance the purge's origin says made the change ('here'), once
// per change; an instance told of another's change ('elsewhere') drops only its memory. A move owed
// while Redis was away is made when it is back.
import type pg from 'pg';
import { closeRedisClient, createRedisClient, type RedisClient } from '../redis.ts';
import type { Purge } from '../events/tags.ts';

export type CatalogVersion = {
  /** Moves whenever public data may have changed. */
  readonly generation: number;
  /**
   * False while the database does not answer the change feed's poll: nothing can change public data
   * then, and the response cache serves what it holds, however old (requirements F3).
   */
  readonly databaseReachable: boolean;
  /** Calls `listener` at every move, as it is made (the response cache drops its memory then). */
  onChange: (listener: () => void) => void;
  /** Resolves once the change feed has read the database after the call: a change committed before the call has moved the generation (tests wait for it). */
  polled: () => Promise<void>;
  /** Resolves once, with a Redis URL, the Redis connection is up, or gave up. */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

export type CatalogVersionOptions = {
  /** The change feed's reachability and poll (events/change-feed.ts). */
  feed: { readonly databaseReachable: boolean; polled: () => Promise<void> };
  redisUrl?: string | null;
  /** The shared generation's key in Redis (the response cache's key prefix and `generation`). */
  generationKey?: string;
};

/** The generation, and `purge`: the change feed's PurgeListener (only app.ts connects the two). */
export function createCatalogVersion(options: CatalogVersionOptions): CatalogVersion & { purge: (purge: Purge, origin: 'here' | 'elsewhere') => void } {
  const generationKey = options.generationKey ?? 'shop:rc:generation';
  let generation = 1;
  const listeners: (() => void)[] = [];

  let redis: RedisClient | null = null;
  let connecting: Promise<unknown> = Promise.resolve();
  let sharedMoveOwed = false;
  const moveShared = () => {
    if (!redis) return;
    if (!redis.isReady) {
      sharedMoveOwed = true;
      return;
    }
    void redis.incr(generationKey).catch(() => (sharedMoveOwed = true));
  };
  if (options.redisUrl) {
    redis = createRedisClient({ url: options.redisUrl, disableOfflineQueue: true });
    redis.on('error', () => undefined);
    redis.on('ready', () => {
      if (!sharedMoveOwed) return;
      sharedMoveOwed = false;
      moveShared();
    });
    connecting = redis.connect().catch(() => undefined);
  }

  return {
    get generation() {
      return generation;
    },
    get databaseReachable() {
      return options.feed.databaseReachable;
    },
    purge(_purge, origin) {
      generation += 1;
      for (const listener of listeners) listener();
      if (origin === 'here') moveShared();
    },
    onChange(listener) {
      listeners.push(listener);
    },
    polled: () => options.feed.polled(),
    ready: async () => void (await connecting),
    async close() {
      await closeRedisClient(redis);
    },
  };
}

// The read side, until answers declare themselves personal (issue 41, section 1): an answer that read
// one of these tables is never stored (cache/private-reads.ts). Their writes record no event.
/** Tables only a shopper's own or the server's own answers read. */
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

type Query = (...args: unknown[]) => unknown;

export type PoolWatchers = {
  /** Called with the text of every statement as it is sent, in the sender's async context. */
  sent: (sql: string) => void;
};

/** Shows every statement a client of `pool` runs to `watchers`; works for clients connected later too. */
export function watchPool(pool: pg.Pool, watchers: PoolWatchers): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string; callback?: unknown } | undefined;
      const sql = typeof first === 'string' ? first : (first?.text ?? '');
      watchers.sent(sql);
      return original(...args);
    };
  });
}
