// The unpaid-orders job: every ten minutes (config unpaidOrdersIntervalMs; 0: never), services/unpaid-orders.ts
// cancelExpiredOrders: bank-transfer orders unpaid after their deadline are cancelled, their stock
// returned (issue 31) and their seats announced free; goods held for expired confirmation links go back.
// Across instances each order is cancelled once (FOR UPDATE SKIP LOCKED, one transaction per batch).
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { cancelExpiredOrders } from '../services/unpaid-orders.ts';
import type { SeatAnnouncer } from '../services/tickets.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export function startUnpaidOrdersJob(db: Db, seats: SeatAnnouncer, intervalMs: number, log: Pick<LineLog, 'error'>): BackgroundLoop {
  return startBackgroundLoop({
    round: () => cancelExpiredOrders(db, seats),
    intervalMs,
    // orders that fell due while no instance ran are cancelled soon after a start, not an interval later
    firstRoundAfterMs: Math.min(intervalMs, 10_000),
    failure: '[orders] cancelling unpaid orders failed',
    log,
  });
}
