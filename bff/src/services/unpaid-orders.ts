// Unpaid bank-transfer orders are cancelled after their payment deadline (issue 31: one client held a
// product's whole stock with unpaid orders, and nothing ever let it go). One run, one transaction per
// order: each is claimed over its row locked FOR UPDATE SKIP LOCKED and moved to CANCELLED by the
// lifecycle service (services/order-transitions.ts, decision 0067), so two instances running it at once
// never cancel one order twice; their goods go back to stock (the
// stock trigger of migration 20261122164000_wishlist_watch tells the availability watchers, as any
// stock change does), their voucher uses are released (capacity, and the once-per-customer key), and
// the customer gets an e-mail; their match seats go back on sale, announced to the open seat pickers
// after the commit (SeatsChanged; decisions 0041, 0055). The unpaid-orders job (bff/src/jobs/unpaid-orders.ts)
// runs cancelExpiredOrders every ten minutes and soon after a start: this and the release of goods held
// for expired order confirmation links.
import type { Db } from '../db/client.ts';
import { invoiceFirstName } from './order-documents.ts';
import { releaseExpiredHolds } from './held-goods.ts';
import { cancelEachDue } from './order-transitions.ts';
import { BANK_TRANSFER_PAYMENT_CODE, type Currency, type OrderActorKind } from '../../../schema/rules/index.ts';

/**
 * Cancels the unpaid bank-transfer orders whose deadline is before `now`; returns their ids. Each is
 * one move of the lifecycle service (services/order-transitions.ts: its OrderEvent, its order.cancelled
 * webhook, the goods, seats and vouchers back, the e-mail) in its own transaction, claimed FOR UPDATE
 * SKIP LOCKED so that two instances never cancel one order twice and a payment being recorded wins.
 * The seats they free are recorded as SeatsChanged, told to the pickers once the move has committed.
 */
export function cancelUnpaidOrders(db: Db, now: Date = new Date()): Promise<number[]> {
  return cancelEachDue(
    db,
    {
      claimNext: async (tx) =>
        (
          await tx.$queryRaw<{ id: number }[]>`
            SELECT "id" FROM "Order"
             WHERE "status" = 'NEW' AND "paymentDueAt" <= ${now} AND "paymentCode" = ${BANK_TRANSFER_PAYMENT_CODE}
             ORDER BY "paymentDueAt", "id" LIMIT 1
             FOR UPDATE SKIP LOCKED`
        )[0],
      job: 'unpaid-orders',
      idempotencyKey: 'unpaid-deadline',
      reason: 'unpaid after the payment deadline',
    },
    now,
  );
}

/** What the cancellation e-mail shows (mail/templates/order-cancelled.ts). */
export type CancelledOrderMailDocument = {
  number: string;
  createdAt: Date;
  paymentDueAt: Date | null;
  totalGross: number;
  currency: Currency;
  /** The invoice address's first name, for the greeting. */
  firstName: string | null;
  /** Who cancelled it (the unpaid-order job, the customer, the shop); 'job' for orders cancelled before it was recorded. */
  cancelledBy: OrderActorKind;
  /** What the customer gets back (a paid order), minor units of `currency`; 0 for an unpaid one. */
  refundDue: number;
  /** The customer's order was waiting at a store and not collected. */
  uncollected: boolean;
};

/** Null when the order is gone or not cancelled (any more): the e-mail is then not sent. */
export async function cancelledOrderMailDocument(db: Db, orderId: number): Promise<CancelledOrderMailDocument | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: {
      number: true,
      createdAt: true,
      paymentDueAt: true,
      totalGross: true,
      currency: true,
      status: true,
      invoiceAddress: true,
      refundDue: true,
      events: { where: { toStatus: 'CANCELLED' }, select: { actorKind: true, fromStatus: true }, take: 1 },
    },
  });
  if (!order || order.status !== 'CANCELLED') return null;
  const { status: _status, invoiceAddress, events, ...document } = order;
  const move = events[0];
  return { ...document, firstName: invoiceFirstName(invoiceAddress), cancelledBy: move?.actorKind ?? 'job', uncollected: move?.fromStatus === 'READY_FOR_PICKUP' };
}

/**
 * One round of the unpaid-orders job: goods held for e-mail confirmation links that expired unused go
 * back (services/held-goods.ts), then the unpaid orders past their deadline are cancelled (their seats
 * freed, told by SeatsChanged). Returns the ids released and cancelled.
 */
export async function cancelExpiredOrders(db: Db, now: Date = new Date()): Promise<number[]> {
  return [...(await releaseExpiredHolds(db)), ...(await cancelUnpaidOrders(db, now))];
}
