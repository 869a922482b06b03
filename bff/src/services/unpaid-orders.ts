// Unpaid bank-transfer orders are cancelled after their payment deadline (issue 31: one client held a
// product's whole stock with unpaid orders, and nothing ever let it go). One run, in one transaction
// per batch: the orders are claimed with a conditional UPDATE over rows locked FOR UPDATE SKIP LOCKED,
// so two instances running it at once never cancel one order twice; their goods go back to stock (the
// stock trigger of migration 20261122164000_wishlist_watch tells the availability watchers, as any
// stock change does), their voucher uses are released (capacity, and the once-per-customer key), and
// the customer gets an e-mail; their match seats go back on sale, announced to the open seat pickers
// after the commit (SeatsChanged; decisions 0041, 0055). The unpaid-orders job (bff/src/jobs/unpaid-orders.ts)
// runs cancelExpiredOrders every ten minutes and soon after a start: this and the release of goods held
// for expired order confirmation links.
import type { Db } from '../db/client.ts';
import { enqueueMail } from './mail-outbox.ts';
import { inTransaction } from '../events/record.ts';
import { returnStock } from './stock.ts';
import { invoiceFirstName } from './order-documents.ts';
import { groupChanges, seatsChanged } from './tickets.ts';
import { releaseExpiredHolds } from './held-goods.ts';
import { BANK_TRANSFER_PAYMENT_CODE, type Currency, type Locale } from '../../../schema/rules/index.ts';

/** Orders cancelled per transaction. */
const BATCH = 50;

/**
 * Cancels the unpaid bank-transfer orders whose deadline is before `now`; returns their ids. The seats
 * they free are recorded as SeatsChanged, told to the pickers once their batch has committed.
 */
export async function cancelUnpaidOrders(db: Db, now: Date = new Date()): Promise<number[]> {
  const cancelled: number[] = [];
  for (;;) {
    const batch = await inTransaction(db, async (tx, changes) => {
      const orders = await tx.$queryRaw<{ id: number; email: string; language: Locale }[]>`
        UPDATE "Order" SET "status" = 'CANCELLED'
         WHERE "id" IN (SELECT "id" FROM "Order"
                         WHERE "status" = 'NEW' AND "paymentDueAt" <= ${now} AND "paymentCode" = ${BANK_TRANSFER_PAYMENT_CODE}
                         ORDER BY "paymentDueAt", "id" LIMIT ${BATCH}
                         FOR UPDATE SKIP LOCKED)
           AND "status" = 'NEW'
        RETURNING "id", "email", "language"`;
      if (orders.length === 0) return [];
      const ids = orders.map((order) => order.id);
      // the goods back, in variant order so that two runs (or an order being placed) never wait crosswise
      const lines = await tx.orderLine.groupBy({ by: ['variantId'], where: { orderId: { in: ids }, variantId: { not: null } }, _sum: { quantity: true } });
      const goods = lines.map((line) => ({ variantId: line.variantId!, quantity: line._sum.quantity ?? 0 }));
      await returnStock(tx, changes, goods);
      for (const { variantId, quantity } of goods.sort((a, b) => a.variantId - b.variantId)) {
        await tx.$executeRaw`
          UPDATE "Product" SET "soldCount" = GREATEST(0, "soldCount" - ${quantity}::int)
           WHERE "id" = (SELECT "productId" FROM "Variant" WHERE "id" = ${variantId}::int)`;
      }
      // its seats go back on sale (their tickets stay, refused at the gate as of a cancelled order)
      const freed = await tx.$queryRaw<{ eventId: number; seat: number }[]>`
        DELETE FROM "EventSeat" WHERE "orderId" = ANY(${ids}::int[]) RETURNING "eventId", "seat"`;
      // a voucher the order used counts no more: its capacity and its once-per-customer key are free again
      const uses = await tx.voucherUse.findMany({ where: { orderId: { in: ids } }, select: { id: true, voucherId: true } });
      for (const use of uses.sort((a, b) => a.voucherId - b.voucherId)) {
        await tx.$executeRaw`UPDATE "Voucher" SET "usedCount" = GREATEST(0, "usedCount" - 1) WHERE "id" = ${use.voucherId}::int`;
      }
      await tx.voucherUse.deleteMany({ where: { id: { in: uses.map((use) => use.id) } } });
      await tx.orderStatusChange.createMany({ data: ids.map((orderId) => ({ orderId, status: 'CANCELLED' as const, note: 'unpaid after the payment deadline' })) });
      for (const order of orders) {
        await enqueueMail(tx, {
          kind: 'orderCancelled',
          recipient: order.email,
          language: order.language,
          payload: { orderId: order.id },
          dedupeKey: `orderCancelled:${order.id}`,
        });
      }
      changes.record(
        ...ids.map((orderId) => ({ kind: 'OrderStateChanged' as const, orderId, from: 'NEW', to: 'CANCELLED' })),
        ...groupChanges(freed, 'freed').map(seatsChanged),
        { kind: 'MailEnqueued' },
      );
      return ids;
    });
    cancelled.push(...batch);
    if (batch.length < BATCH) break;
  }
  return cancelled;
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
};

/** Null when the order is gone or not cancelled (any more): the e-mail is then not sent. */
export async function cancelledOrderMailDocument(db: Db, orderId: number): Promise<CancelledOrderMailDocument | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { number: true, createdAt: true, paymentDueAt: true, totalGross: true, currency: true, status: true, invoiceAddress: true },
  });
  if (!order || order.status !== 'CANCELLED') return null;
  const { status: _status, invoiceAddress, ...document } = order;
  return { ...document, firstName: invoiceFirstName(invoiceAddress) };
}

/**
 * One round of the unpaid-orders job: goods held for e-mail confirmation links that expired unused go
 * back (services/held-goods.ts), then the unpaid orders past their deadline are cancelled (their seats
 * freed, told by SeatsChanged). Returns the ids released and cancelled.
 */
export async function cancelExpiredOrders(db: Db, now: Date = new Date()): Promise<number[]> {
  return [...(await releaseExpiredHolds(db)), ...(await cancelUnpaidOrders(db, now))];
}
