// The change feed: how the events a transaction recorded (events/record.ts) reach the subscribers of
// every shop instance after its commit, and what the response cache is told (issue 41, decision 0055).
//
// - Events recorded through this instance's database client are dispatched at once after their commit
//   (origin 'here'), and with REDIS_URL the other instances are nudged to read the table at once.
// - Every instance reads the ChangeEvent rows it has not seen every pollMs, and at once when nudged:
//   a lost Redis message, another process (`npm run stock`, `npm run order`) and an instance without
//   Redis are caught up that way.
// - Ids are taken when a row is inserted, not when its transaction commits: a row with a lower id can
//   commit after one with a higher id. The feed keeps every id above `floor` it has seen, and moves
//   `floor` past a missing id only when it has been missing for GAP_WAIT_MS (a transaction that rolled
//   back leaves a gap for ever); for a minute after that it still looks for the id.
// - The coarse counter (sequence response_cache_version) moves for writes the app did not describe
//   (psql, an old script) and for an app transaction that wrote a catalog table without recording an
//   event: its move is a purge of everything. So is the return of a database that did not answer.
//
// The response cache hears `Purge`s (events/tags.ts): the tags of the events committed together, or
// `all`. Its origin is 'here' for this instance's own events and for what no running instance made (a
// command's events, the counter, an outage): each instance that hears those moves the shared state in
// Redis, which is harmless when done more than once. Events of another instance are 'elsewhere'.
import type pg from 'pg';
import { closeRedisClient, createRedisClient, type RedisClient } from '../redis.ts';
import { parseEvent, type RecordedEvent, type ShopEvent } from './events.ts';
import { purgeOf } from './purge.ts';
import type { Purge, PurgeListener } from './tags.ts';
import type { CommitListener } from './record.ts';

/** How long a missing id is waited for (its transaction may still commit) before the feed reads past it. */
export const GAP_WAIT_MS = 5_000;
/** How long an id read past is still looked for. */
const SKIPPED_WATCH_MS = 60_000;
/** Rows read per poll at most (the rest at the next one, at once). */
const BATCH = 500;

/** The counter's "last_value:is_called" as the number of moves it has made (its first nextval leaves last_value at 1). */
function counterNumber(value: string): number {
  const [last, called] = value.split(':');
  return Number(last) - (called === 'true' ? 0 : 1);
}

/** Who committed an event: this instance, another running instance, or a process that runs no feed (a command). */
export type Origin = 'here' | 'elsewhere' | 'outside';
export type EventListener = (event: ShopEvent, origin: Origin) => void;

export type ChangeFeed = CommitListener & {
  /** False while the database does not answer the poll (the response cache then serves what it holds). */
  readonly databaseReachable: boolean;
  /** Calls `listener` with every event committed from now on, once per instance, in commit order per transaction. */
  subscribe: (listener: EventListener) => void;
  /** Calls `listener` with what the response cache must drop, for the events and for the coarse fallback. */
  onPurge: (listener: PurgeListener) => void;
  /** Resolves once a poll begun after the call has read the table: what committed before the call has been dispatched (tests wait for it). */
  polled: () => Promise<void>;
  /** Resolves once, with a Redis URL, both Redis connections are up and subscribed, or gave up. */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

export type ChangeFeedOptions = {
  pool: pg.Pool;
  pollMs?: number;
  redisUrl?: string | null;
  /** The Redis channel on which instances of this shop (this database) nudge each other. */
  channel?: string;
  log?: { error: (message: string, error?: unknown) => void };
};

type Row = { id: number; payload: unknown; instance: string | null };

export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const instanceId = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const channel = options.channel ?? 'shop:changes';
  const eventListeners: EventListener[] = [];
  const purgeListeners: PurgeListener[] = [];
  let closed = false;

  // what no running instance made is purged by each instance as its own (see the top of this file)
  const purge = (what: Purge, origin: Origin) => {
    for (const listener of purgeListeners) listener(what, origin === 'elsewhere' ? 'elsewhere' : 'here');
  };
  /** Hands a transaction's (or a poll's) events to the subscribers, then the cache its purge. */
  const deliver = (events: readonly (ShopEvent | null)[], origin: Origin) => {
    for (const event of events) {
      if (event === null) continue;
      for (const listener of eventListeners) {
        try {
          listener(event, origin);
        } catch (error) {
          options.log?.error(`[events] a subscriber of ${event.kind} failed`, error);
        }
      }
    }
    const what = purgeOf(events);
    if (what) purge(what, origin);
  };

  // ids: every id <= floor was dispatched (or given up on); `seen` those above it that were
  let floor: number | null = null;
  const seen = new Set<number>();
  const missingSince = new Map<number, number>();
  const skipped = new Map<number, number>(); // given up on, when; still looked for a while

  const markSeen = (id: number): boolean => {
    if (seen.has(id)) return false;
    if (floor !== null && id <= floor && !skipped.delete(id)) return false;
    seen.add(id);
    return true;
  };
  const advanceFloor = (now: number) => {
    if (floor === null) return;
    const top = Math.max(floor, ...seen);
    while (floor < top) {
      const next: number = floor + 1;
      if (!seen.delete(next)) {
        const since = missingSince.get(next) ?? now;
        missingSince.set(next, since);
        if (now - since < GAP_WAIT_MS) break;
        missingSince.delete(next);
        skipped.set(next, now);
      }
      floor = next;
    }
    for (const [id, at] of skipped) if (now - at > SKIPPED_WATCH_MS) skipped.delete(id);
  };

  let publisher: RedisClient | null = null;
  let subscriber: RedisClient | null = null;
  let connecting: Promise<unknown> = Promise.resolve();
  if (options.redisUrl) {
    const quiet = () => undefined;
    publisher = createRedisClient({ url: options.redisUrl, disableOfflineQueue: true });
    subscriber = publisher.duplicate();
    publisher.on('error', quiet);
    subscriber.on('error', quiet);
    const subscribing = subscriber
      .connect()
      .then(() => subscriber!.subscribe(channel, (message) => void (message !== instanceId && pollSoon())))
      .catch(quiet);
    connecting = Promise.all([publisher.connect().catch(quiet), subscribing]);
  }

  let databaseReachable = true;
  let counter: string | null = null;
  let waiting: (() => void)[] = [];
  let moreToRead = false;
  const poll = async () => {
    const answered = waiting;
    waiting = [];
    try {
      const { rows } = await options.pool.query<{ counter: string; events: Row[] | null; top: string | null }>(
        `SELECT (SELECT last_value::text || ':' || is_called::text FROM "response_cache_version") AS counter,
                (SELECT max("id")::text FROM "ChangeEvent") AS top,
                (SELECT json_agg(e ORDER BY e."id") FROM (
                   SELECT "id", "payload", "instance" FROM "ChangeEvent"
                    WHERE ("id" > $1 OR "id" = ANY($3::bigint[])) AND NOT ("id" = ANY($2::bigint[]))
                    ORDER BY "id" LIMIT ${BATCH}) e) AS events`,
        [floor ?? Number.MAX_SAFE_INTEGER, [...seen], [...skipped.keys()]],
      );
      const { counter: value, events, top } = rows[0];
      const cameBack = !databaseReachable;
      databaseReachable = true;
      if (floor === null) {
        // the first read: what was recorded before this instance started is no news to it
        floor = Number(top ?? 0);
        for (const id of seen) if (id <= floor) seen.delete(id);
      } else {
        const fresh = (events ?? []).filter((row) => markSeen(row.id));
        moreToRead = (events ?? []).length === BATCH;
        // a command's events, or another instance's; each row's transaction is delivered as one purge
        const byOrigin = new Map<Origin, (ShopEvent | null)[]>();
        for (const row of fresh) {
          const origin: Origin = row.instance === null ? 'outside' : row.instance === instanceId ? 'here' : 'elsewhere';
          byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), parseEvent(row.payload)]);
        }
        for (const [origin, list] of byOrigin) deliver(list, origin);
        advanceFloor(Date.now());
      }
      // a write no event described (psql, an old script), or back after an outage: everything may have changed
      if (cameBack) purge({ all: true }, 'outside');
      else if (counter !== null && value !== counter) purge({ all: true, counter: counterNumber(value) }, 'outside');
      counter = value;
    } catch (error) {
      // the database does not answer (an outage, or not migrated yet): the cache serves what it holds
      if (databaseReachable) options.log?.error('[events] reading the change events failed', error);
      databaseReachable = false;
    } finally {
      for (const resolve of answered) resolve();
    }
  };

  // one poll at a time: every pollMs, and at once when nudged or when a batch was full
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let inFlight: Promise<void> = Promise.resolve();
  let pollAgain = false;
  const pollSoon = () => {
    if (closed) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    if (timer) clearTimeout(timer);
    polling = true;
    inFlight = poll().finally(() => {
      polling = false;
      if (pollAgain || moreToRead) {
        pollAgain = false;
        pollSoon();
        return;
      }
      if (closed) return;
      // the feed's poll is how this instance hears of changes: started and closed with the feed
      // not a job: part of the change feed, which reads every change as it comes
      timer = setTimeout(pollSoon, options.pollMs ?? 100);
      timer.unref();
    });
  };
  pollSoon();

  return {
    instanceId,
    get databaseReachable() {
      return databaseReachable;
    },
    committed(recorded: readonly RecordedEvent[]) {
      const fresh = recorded.filter(({ id }) => markSeen(id));
      if (fresh.length === 0) return;
      deliver(
        fresh.map(({ event }) => event),
        'here',
      );
      if (publisher?.isReady) void publisher.publish(channel, instanceId).catch(() => undefined);
    },
    subscribe(listener) {
      eventListeners.push(listener);
    },
    onPurge(listener) {
      purgeListeners.push(listener);
    },
    ready: async () => void (await connecting),
    polled: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const resolve of waiting) resolve();
      waiting = [];
      // the round in progress ends before the app closes the pool under it
      await inFlight;
      await Promise.all([closeRedisClient(subscriber), closeRedisClient(publisher)]);
    },
  };
}
