// The rate-limit pruning job: every ten minutes the database's expired rate-limit counters are
// deleted (rate-limit/rate-limit.ts pruneExpiredRateLimits). With Redis they are the fallback's, and
// few. Several instances doing it at once do no harm.
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { pruneExpiredRateLimits } from '../rate-limit/rate-limit.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export const RATE_LIMIT_PRUNING_INTERVAL_MS = 10 * 60_000;

export function startRateLimitPruningJob(db: Db, log: Pick<LineLog, 'error'>, intervalMs = RATE_LIMIT_PRUNING_INTERVAL_MS): BackgroundLoop {
  return startBackgroundLoop({
    round: () => pruneExpiredRateLimits(db),
    intervalMs,
    failure: '[rate-limit] pruning expired counters failed',
    log,
  });
}
