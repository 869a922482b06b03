// The clean-ups job: hourly, expired sessions, abandoned guest carts and change events older than an
// hour (events/record.ts: every instance has read them long before) are deleted. Several instances
// doing it at once do no harm: each deletes what has expired.
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { pruneAbandonedCarts } from '../services/cart.ts';
import { pruneExpiredSessions } from '../services/sessions.ts';
import { pruneChangeEvents } from '../events/record.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export const CLEAN_UPS_INTERVAL_MS = 3600_000;

export function startCleanUpsJob(db: Db, log: Pick<LineLog, 'error'>, intervalMs = CLEAN_UPS_INTERVAL_MS): BackgroundLoop {
  return startBackgroundLoop({
    async round() {
      await pruneExpiredSessions(db);
      await pruneAbandonedCarts(db);
      await pruneChangeEvents(db);
    },
    intervalMs,
    failure: '[clean-ups] pruning expired sessions, abandoned carts and old change events failed',
    log,
  });
}
