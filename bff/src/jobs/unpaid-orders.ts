// The unpaid-orders job: every ten minutes (config unpaidOrdersIntervalMs; 0: never), services/unpaid-orders.ts
// cancelExpiredOrders: bank-transfer orders unpaid after their deadline are cancelled, their stock
// returned (issue 31) and their seats freed (SeatsChanged tells the pickers); goods held for expired confirmation links go back.
// Across instances each order is cancelled once (FOR UPDATE SKIP LOCKED, one transaction per batch).
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { cancelExpiredOrders } from '../services/unpaid-orders.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export function startUnpaidOrdersJob(db: Db, intervalMs: number, log: Pick<LineLog, 'error'>): BackgroundLoop {
  return startBackgroundLoop({
    round: () => cancelExpiredOrders(db),
    intervalMs,
    // orders that fell due while no instance ran are cancelled soon after a start, not an interval later
    firstRoundAfterMs: Math.min(intervalMs, 10_000),
    failure: '[orders] cancelling unpaid orders failed',
    log,
  });
}
