// The uncollected-orders job: every half hour (config uncollectedOrdersIntervalMs; 0: never),
// services/uncollected-orders.ts cancelUncollectedOrders: an order still waiting at a store after its
// pickup deadline is cancelled through the lifecycle service (goods back, refund and credit note of a
// paid order, the customer's e-mail, order.cancelled). Across instances each order is cancelled once
// (FOR UPDATE SKIP LOCKED, one transaction per order, and the move's idempotency key).
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { cancelUncollectedOrders } from '../services/uncollected-orders.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export function startUncollectedOrdersJob(db: Db, intervalMs: number, log: Pick<LineLog, 'error'>): BackgroundLoop {
  return startBackgroundLoop({
    round: () => cancelUncollectedOrders(db),
    intervalMs,
    // deadlines that passed while no instance ran are handled soon after a start
    firstRoundAfterMs: Math.min(intervalMs, 60_000),
    failure: '[orders] cancelling orders not collected by their pickup deadline failed',
    log,
  });
}
