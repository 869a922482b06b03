// The response cache's generation: cached pages and catalog answers are served while it has not
// moved. The change feed (bff/src/events/change-feed.ts; issue 41, decision 0055) reports each purge;
// app.ts hands a purge of tags to the response cache, which drops exactly the answers carrying them
// (decision 0056), and a purge of everything here: a write the app did not describe (psql, a
// command's transaction that recorded nothing) or the database back after an outage moves the
// generation, and the response cache drops all it holds.
//
// `changes` moves at every purge, of tags or of all: the personal answers (personal-answers.ts) hold
// a shopper's header for seconds and are dropped when any public data changed (a price in her cart).
//
// The shared generation in Redis (the response cache's entries there are valid only with the value
// they were stored in) is moved by the instance the purge's origin says made the change ('here'), once
// per change; an instance told of another's change ('elsewhere') drops only its memory. A move owed
// while Redis was away is made when it is back.
import { closeRedisClient, createRedisClient, type RedisClient } from '../redis.ts';
import type { Purge } from '../events/tags.ts';

export type CatalogVersion = {
  /** Moves when everything cached may have changed (a purge of all). */
  readonly generation: number;
  /** Moves at every purge, of some tags or of all. */
  readonly changes: number;
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
  let changes = 0;
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
    get changes() {
      return changes;
    },
    get databaseReachable() {
      return options.feed.databaseReachable;
    },
    purge(purge, origin) {
      changes += 1;
      if (!('all' in purge)) return;
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
