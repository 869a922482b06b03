// Orders not collected at the store are cancelled after their pickup deadline (issue 43 section 1,
// docs/fulfilment.md "Store pickup"): an order READY_FOR_PICKUP whose pickupDeadline (set by the move
// to READY_FOR_PICKUP, PICKUP_DAYS after it) has passed is moved to CANCELLED by the lifecycle service
// (services/order-transitions.ts, decision 0067), who: job. That one move does what every cancellation
// does: its OrderEvent and order.cancelled webhook, the goods, seats and vouchers back on sale, the
// refund due and a credit note when the order was paid (and invoiced) beforehand, and the customer's
// e-mail in the order's language ("not collected by its pickup deadline"). The uncollected-orders job
// (bff/src/jobs/uncollected-orders.ts) runs it every half hour.
import type { Db } from '../db/client.ts';
import { cancelEachDue } from './order-transitions.ts';

/** The key of the job's move: one per order, so a second run (or a second instance) moves nothing twice. */
export const UNCOLLECTED_KEY = 'pickup-deadline';

/**
 * Cancels the orders waiting at a store whose pickup deadline is before `now`; returns their ids. One
 * transaction per order, claimed FOR UPDATE SKIP LOCKED: two instances never cancel one order twice,
 * and an order being picked up right now (its row locked by that move) is left to it.
 */
export function cancelUncollectedOrders(db: Db, now: Date = new Date()): Promise<number[]> {
  return cancelEachDue(
    db,
    {
      claimNext: async (tx) =>
        (
          await tx.$queryRaw<{ id: number }[]>`
            SELECT "id" FROM "Order"
             WHERE "status" = 'READY_FOR_PICKUP' AND "pickupDeadline" <= ${now}
             ORDER BY "pickupDeadline", "id" LIMIT 1
             FOR UPDATE SKIP LOCKED`
        )[0],
      job: 'uncollected-orders',
      idempotencyKey: UNCOLLECTED_KEY,
      reason: 'not collected by the pickup deadline',
    },
    now,
  );
}
