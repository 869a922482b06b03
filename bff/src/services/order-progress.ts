// What the customer is told as her order moves on (services/order-transitions.ts, decision 0067): the
// document of the "order progress" e-mail (packed, shipped with its tracking link, ready at the store
// with the deadline, delivered, picked up, and the pickup reminder), and the reminders themselves: an
// order waiting at a store gets one e-mail a day before its pickup deadline (jobs/pickup-reminders.ts).
import type { Db } from '../db/client.ts';
import { inTransaction } from '../events/record.ts';
import { enqueueMail } from './mail-outbox.ts';
import { invoiceFirstName } from './order-documents.ts';
import { orderFacts, type Currency, type Locale, type OrderProgressStep } from '../../../schema/rules/index.ts';


/** What the e-mail shows (mail/templates/order-progress.ts). */
export type OrderProgressMailDocument = {
  id: number;
  number: string;
  hash: string;
  createdAt: Date;
  currency: Currency;
  totalGross: number;
  /** Paid on handover and not paid yet: the courier or the store takes the total. */
  payOnHandover: boolean;
  paid: boolean;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  pickupDeadline: Date | null;
  store: { name: string; street: string; city: string; postcode: string } | null;
  /** The invoice address's first name, for the greeting. */
  firstName: string | null;
  step: OrderProgressStep;
};

const STEP_STATUS: Record<OrderProgressStep, string> = {
  PROCESSING: 'PROCESSING',
  SHIPPED: 'SHIPPED',
  READY_FOR_PICKUP: 'READY_FOR_PICKUP',
  DELIVERED: 'DELIVERED',
  PICKED_UP: 'PICKED_UP',
  PICKUP_REMINDER: 'READY_FOR_PICKUP',
};

/** Null when the order is gone or has moved past the step (a reminder of an order collected meanwhile): no e-mail then. */
export async function orderProgressMailDocument(db: Db, orderId: number, step: OrderProgressStep): Promise<OrderProgressMailDocument | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      number: true,
      hash: true,
      createdAt: true,
      currency: true,
      totalGross: true,
      status: true,
      paymentCode: true,
      deliveryCode: true,
      storeId: true,
      carrier: true,
      trackingNumber: true,
      trackingUrl: true,
      pickupDeadline: true,
      invoiceAddress: true,
      payment: { select: { id: true } },
      store: { select: { name: true, street: true, city: true, postcode: true } },
      events: { where: { toStatus: STEP_STATUS[step] as never }, select: { id: true }, take: 1 },
    },
  });
  if (!order || order.events.length === 0) return null;
  if (step === 'PICKUP_REMINDER' && order.status !== 'READY_FOR_PICKUP') return null;
  return {
    id: order.id,
    number: order.number,
    hash: order.hash,
    createdAt: order.createdAt,
    currency: order.currency,
    totalGross: order.totalGross,
    payOnHandover: orderFacts(order).payOnHandover,
    paid: order.payment !== null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    pickupDeadline: order.pickupDeadline,
    store: order.store,
    firstName: invoiceFirstName(order.invoiceAddress),
    step,
  };
}

/**
 * One round of the pickup reminder job: every order waiting at a store whose deadline is less than a
 * day away gets its reminder e-mail, once (the order's pickupReminderSentAt is set by the same UPDATE
 * that picks it, so two instances never both send it). Returns the ids reminded.
 */
export async function sendPickupReminders(db: Db, now: Date = new Date()): Promise<number[]> {
  return inTransaction(db, async (tx, changes) => {
    const due = await tx.$queryRaw<{ id: number; email: string; language: Locale }[]>`
      UPDATE "Order" SET "pickupReminderSentAt" = ${now}
       WHERE "status" = 'READY_FOR_PICKUP' AND "pickupReminderSentAt" IS NULL
         AND "pickupDeadline" > ${now} AND "pickupDeadline" <= ${now}::timestamptz + interval '1 day'
      RETURNING "id", "email", "language"::text AS "language"`;
    for (const order of due) {
      await enqueueMail(tx, {
        kind: 'orderProgress',
        recipient: order.email,
        language: order.language,
        payload: { orderId: order.id, step: 'PICKUP_REMINDER' },
        dedupeKey: `orderProgress:${order.id}:PICKUP_REMINDER`,
      });
    }
    if (due.length > 0) changes.record({ kind: 'MailEnqueued' });
    return due.map((order) => order.id);
  });
}
