// The pickup reminder job: every half hour (config pickupRemindersIntervalMs; 0: never), services/
// order-progress.ts sendPickupReminders: an order waiting at a store whose pickup deadline is less than a
// day away gets one reminder e-mail (decision 0067). Across instances each order is reminded once: the
// UPDATE that picks it marks it.
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { sendPickupReminders } from '../services/order-progress.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export function startPickupRemindersJob(db: Db, intervalMs: number, log: Pick<LineLog, 'error'>): BackgroundLoop {
  return startBackgroundLoop({
    round: () => sendPickupReminders(db),
    intervalMs,
    firstRoundAfterMs: Math.min(intervalMs, 60_000),
    failure: '[orders] sending pickup reminders failed',
    log,
  });
}
