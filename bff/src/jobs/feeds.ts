// The price comparison feeds' job (issue 44 §1, docs/decisions/0073): writes the feed files
// (services/feeds/generate.ts) a while after catalog changes (FEEDS_DEBOUNCE_SECONDS, the changes in
// between together), every FEEDS_INTERVAL_MINUTES anyway (the dispatch day moves with the clock), and
// soon after the start. A stock change that sells nothing out and restocks nothing sold out (every
// order of goods in stock) rewrites only the feed that shows exact stock (feedScopeOf): a busy shop
// of a million products would otherwise write all five feeds, a third of a minute of a thread, every
// minute (issue 41). Never in a request. Several instances: one writes under the lease, a change
// already in a run that began after it is not written again, and a round that met an older run
// tries again shortly. The writing runs in a thread of its own with a bounded heap (jobs/feeds-writer.ts,
// decision 0078); the lease is taken and given back here.
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import type { ShopEvent } from '../events/events.ts';
import { feedFileName } from '../services/feeds/files.ts';
import { FEED_NAMES, type FeedScope } from '../services/feeds/formats.ts';
import { generateFeeds, type FeedOutcome } from '../services/feeds/generate.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';
import { writeFeedsInThread } from './feeds-writer.ts';

export type FeedsConfig = Pick<Config, 'feedsDir' | 'feedsIntervalMs' | 'feedsDebounceMs' | 'feedsRestockDays' | 'feedsWriterHeapMb' | 'publicUrl' | 'dispatchCutoff' | 'eurRate'>;

/**
 * Which feeds an event changes: products, prices, categories, delivery methods and anything may change
 * every feed; stock only the exact counts, unless a variant sold out or came back; null for the rest.
 */
export function feedScopeOf(event: ShopEvent): FeedScope | null {
  switch (event.kind) {
    case 'StockChanged':
      return event.availabilityFlipped.length > 0 ? 'all' : 'stock';
    case 'ProductChanged':
    case 'PriceChanged':
    case 'CategoryChanged':
    case 'DeliveryChanged':
    case 'EverythingChanged':
      return 'all';
    default:
      return null;
  }
}

/** How soon a round that met another instance's older run tries again. */
const BUSY_RETRY_MS = 30_000;

export type FeedsJob = BackgroundLoop & {
  /** The catalog changed (every feed unless said): a run follows after the debounce (changes in between join it). */
  changed: (scope?: FeedScope) => void;
  /** Resolves when no change waits for its debounce and no round runs (tests). */
  settled: () => Promise<void>;
  /** What the last round did (tests and the log). */
  readonly lastOutcome: FeedOutcome | null;
};

async function filesMissing(dir: string): Promise<boolean> {
  try {
    await Promise.all(FEED_NAMES.flatMap((name) => [access(path.join(dir, feedFileName(name, false))), access(path.join(dir, feedFileName(name, true)))]));
    return false;
  } catch {
    return true;
  }
}

function earlier(a: Date | null, b: Date): Date {
  return a !== null && a < b ? a : b;
}

/** `databaseUrl`: where the writer's thread connects (the embedded database's socket too). */
export function startFeedsJob(db: Db, databaseUrl: string, config: FeedsConfig, log: Pick<LineLog, 'info' | 'error'>, clock: () => Date = () => new Date()): FeedsJob {
  /** The first change not yet in a written file (a time of this clock), or null: of every feed, and of the stock feed alone. */
  const pending: Record<FeedScope, Date | null> = { all: null, stock: null };
  let debounce: NodeJS.Timeout | null = null;
  let lastOutcome: FeedOutcome | null = null;

  /** A change that a run did not write (busy, failed) waits for the next round. */
  const keep = (scope: FeedScope, since: Date) => {
    pending[scope] = earlier(pending[scope], since);
  };

  /** One run of `scope` that includes what changed up to `wantedSince`; what it did not write is kept. */
  const run = async (scope: FeedScope, now: Date, wantedSince: Date, signal: AbortSignal): Promise<FeedOutcome> => {
    try {
      const outcome = await generateFeeds(
        db,
        {
          dir: config.feedsDir,
          publicUrl: config.publicUrl,
          dispatchCutoff: config.dispatchCutoff,
          restockDays: config.feedsRestockDays,
          eurRate: config.eurRate,
          now,
          wantedSince,
          scope,
        },
        (options) => writeFeedsInThread(databaseUrl, options, { maxOldGenerationSizeMb: config.feedsWriterHeapMb }, signal),
      );
      if (outcome.written) log.info(`[feeds] ${outcome.variants} variants${scope === 'stock' ? "' stock" : ''} written to ${config.feedsDir}`);
      else if (outcome.reason === 'busy') keep(scope, wantedSince);
      return outcome;
    } catch (error) {
      keep(scope, wantedSince);
      throw error;
    }
  };

  const loop = startBackgroundLoop<FeedOutcome>({
    async round(signal) {
      const now = clock();
      // taken before any await: a change heard during the round is the next round's
      const changed = { ...pending };
      pending.all = null;
      pending.stock = null;
      // a round without a change: a run within the last interval will do, unless this instance sees no files
      const wantedSince = changed.all ?? ((await filesMissing(config.feedsDir)) ? now : new Date(now.getTime() - Math.max(config.feedsIntervalMs, 60_000) + 60_000));
      let outcome: FeedOutcome;
      try {
        outcome = await run('all', now, wantedSince, signal);
      } catch (error) {
        if (changed.stock) keep('stock', changed.stock);
        throw error;
      }
      // stock changes that a run of every feed did not cover here: the stock feed alone
      if (changed.stock && !outcome.written) {
        const stock = await run('stock', now, changed.stock, signal);
        // a busy lease is tried again soon, whichever run met it
        if (outcome.reason !== 'busy') outcome = stock;
      }
      lastOutcome = outcome;
      return outcome;
    },
    intervalMs: config.feedsIntervalMs,
    firstRoundAfterMs: 3_000,
    retry: { afterMs: BUSY_RETRY_MS, when: (outcome) => !outcome.written && outcome.reason === 'busy' },
    failure: '[feeds] writing the feed files failed',
    log,
  });

  return {
    ...loop,
    get lastOutcome() {
      return lastOutcome;
    },
    changed(scope = 'all') {
      pending[scope] ??= clock();
      if (debounce) return;
      debounce = setTimeout(() => {
        debounce = null;
        loop.kick();
      }, config.feedsDebounceMs);
      debounce.unref();
    },
    async settled() {
      while (debounce) await new Promise((resolve) => setTimeout(resolve, 10));
      await loop.idle();
    },
    async close() {
      if (debounce) clearTimeout(debounce);
      debounce = null;
      await loop.close();
    },
  };
}
