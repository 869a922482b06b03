// Recording that an order was paid (decision 0046): the one way an order becomes PAID. The shop owner
// calls it with `npm run order -- paid` or through a bank statement import (services/bank-statements.ts).
//
// markOrderPaid is one transaction: the order's row is locked (FOR UPDATE), so it and the unpaid-order
// cancellation (services/unpaid-orders.ts, which takes only NEW orders and skips locked rows) never
// both win; the payment must cover the order's total in its currency; then the payment row, the status
// PAID (whose trigger writes the order.paid webhook, migration 20261127020000_webhooks), the status
// change and the customer's "Platba přijata / Payment received" e-mail commit together, or none of it.
// Marking an order that is paid already changes nothing and says so.
import type { Db } from '../db/client.ts';
import { formatMoney, hasBidiControls, hasLineBreaks, hasUnsafeCharacters, pragueDay, type Currency, type Locale } from '../../../schema/rules/index.ts';
import { enqueueMail } from './mail-outbox.ts';
import { inTransaction } from '../events/record.ts';
import { invoiceFirstName } from './order-documents.ts';
import { applyMove } from './order-transitions.ts';
import { recordPaymentInTx, type PaymentSource } from './payment-rows.ts';

export type { PaymentSource };

export type PaymentInput = {
  orderNumber: string;
  /** What arrived, in minor units of `currency`. */
  amount: number;
  currency: Currency;
  /** The day it arrived, YYYY-MM-DD; today in Prague when not given. */
  paidOn?: string;
  /** The bank's reference of the payment; may be empty. */
  reference?: string;
  source: PaymentSource;
};

export type RecordedPayment = { amount: number; currency: Currency; paidOn: string; reference: string };

export type PaymentResult =
  | {
      /** This call recorded the payment and set the order PAID. */
      result: 'MARKED';
      orderNumber: string;
      payment: RecordedPayment;
      totalGross: number;
      /** More than the total arrived (minor units): the difference is the customer's, to be refunded. */
      overpaid: number;
    }
  | {
      /** The order was paid before; nothing changed. */
      result: 'ALREADY_PAID';
      orderNumber: string;
      /** The payment recorded then; null for an order set PAID without one (by hand). */
      payment: RecordedPayment | null;
      totalGross: number;
    };

/** Why a payment was not recorded; nothing changed. */
export type PaymentRefusal = 'INVALID' | 'UNKNOWN_ORDER' | 'CANCELLED' | 'NOT_PAYABLE' | 'WRONG_CURRENCY' | 'UNDERPAID';

/** A payment refused with the reason, for the command's and the import's report. */
export class PaymentRefusedError extends Error {
  constructor(
    readonly reason: PaymentRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Longest bank reference kept (SEPA's end-to-end reference has 35 characters, Fio's movement id 11). */
export const PAYMENT_REFERENCE_MAX_LENGTH = 140;

/**
 * An amount written by a person or a bank ("1234.50", "1234,50", "1 234,50", "1234") in minor units;
 * NaN when it is not one (at most two decimals, no sign; a minus is an outgoing payment's).
 */
export function parseAmount(text: string): number {
  const compact = text.trim().replace(/[\s\u00a0]/g, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** YYYY-MM-DD of a real calendar day, else null. */
export function parseDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = new Date(`${match[0]}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === match[0] ? match[0] : null;
}

function checkInput(input: PaymentInput, now: Date): { paidOn: string; reference: string } {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new PaymentRefusedError('INVALID', 'The amount must be more than zero.');
  if (input.currency !== 'CZK' && input.currency !== 'EUR') throw new PaymentRefusedError('INVALID', `Unknown currency "${String(input.currency)}"; CZK or EUR.`);
  const today = pragueDay(now);
  const paidOn = input.paidOn === undefined ? today : parseDay(input.paidOn);
  if (paidOn === null) throw new PaymentRefusedError('INVALID', `The date must be a day written YYYY-MM-DD, got "${input.paidOn}".`);
  if (paidOn > today) throw new PaymentRefusedError('INVALID', `The payment's date ${paidOn} is in the future (today is ${today} in Prague).`);
  const reference = (input.reference ?? '').trim();
  if (reference.length > PAYMENT_REFERENCE_MAX_LENGTH || hasUnsafeCharacters(reference) || hasLineBreaks(reference) || hasBidiControls(reference)) {
    throw new PaymentRefusedError('INVALID', `The reference must be one line of at most ${PAYMENT_REFERENCE_MAX_LENGTH} characters.`);
  }
  return { paidOn, reference };
}

const money = (amount: number, currency: Currency) => formatMoney(amount, currency, 'en');

function recorded(row: { amount: number; currency: Currency; paidOn: Date; reference: string }): RecordedPayment {
  return { amount: row.amount, currency: row.currency, paidOn: row.paidOn.toISOString().slice(0, 10), reference: row.reference };
}

/**
 * Records a payment of an order and sets it PAID (see the top of this file). Throws
 * PaymentRefusedError when the input is wrong, the order is unknown, cancelled or past NEW, or the
 * payment is in another currency or less than the order's total; then nothing changed.
 */
export async function markOrderPaid(db: Db, input: PaymentInput, now: Date = new Date()): Promise<PaymentResult> {
  const { paidOn, reference } = checkInput(input, now);
  return inTransaction(db, async (tx, changes): Promise<PaymentResult> => {
    const [order] = await tx.$queryRaw<{ id: number; status: string; currency: Currency; totalGross: number; email: string; language: Locale; createdAt: Date }[]>`
      SELECT "id", "status"::text AS "status", "currency"::text AS "currency", "totalGross", "email", "language"::text AS "language", "createdAt"
        FROM "Order" WHERE "number" = ${input.orderNumber} FOR UPDATE`;
    if (!order) throw new PaymentRefusedError('UNKNOWN_ORDER', `No order has the number ${input.orderNumber}.`);
    const earlier = await tx.orderPayment.findUnique({ where: { orderId: order.id } });
    if (order.status === 'PAID' || earlier) {
      return { result: 'ALREADY_PAID', orderNumber: input.orderNumber, payment: earlier && recorded(earlier), totalGross: order.totalGross };
    }
    if (order.status === 'CANCELLED') {
      throw new PaymentRefusedError('CANCELLED', `Order ${input.orderNumber} was cancelled; the payment is not recorded (refund it, or place the order again).`);
    }
    if (order.status !== 'NEW') {
      throw new PaymentRefusedError('NOT_PAYABLE', `Order ${input.orderNumber} is ${order.status}; only a new order can be marked paid.`);
    }
    if (input.currency !== order.currency) {
      throw new PaymentRefusedError('WRONG_CURRENCY', `Order ${input.orderNumber} is in ${order.currency}, the payment in ${input.currency}; nothing recorded.`);
    }
    if (input.amount < order.totalGross) {
      const missing = order.totalGross - input.amount;
      throw new PaymentRefusedError(
        'UNDERPAID',
        `Order ${input.orderNumber} costs ${money(order.totalGross, order.currency)}, the payment is ${money(input.amount, input.currency)}: ` +
          `${money(missing, order.currency)} missing. The order stays unpaid.`,
      );
    }
    if (paidOn < pragueDay(order.createdAt)) {
      throw new PaymentRefusedError('INVALID', `Order ${input.orderNumber} was placed on ${pragueDay(order.createdAt)}, after the payment's date ${paidOn}.`);
    }
    await recordPaymentInTx(tx, { orderId: order.id, amount: input.amount, currency: input.currency, paidOn, reference, source: input.source });
    // the status through the one lifecycle service (its OrderEvent; the Order trigger of migration
    // 20261127020000_webhooks writes the order.paid webhook with the status)
    const note = [`paid ${money(input.amount, input.currency)} on ${paidOn}`, reference && `reference ${reference}`].filter(Boolean).join(', ');
    await applyMove(
      tx,
      changes,
      {
        orderId: order.id,
        to: 'PAID',
        actor: { kind: input.source === 'bank-import' ? 'job' : 'shop', detail: input.source },
        idempotencyKey: `payment:${order.id}`,
        details: { reason: note },
      },
      { now },
    );
    await enqueueMail(tx, {
      kind: 'paymentReceived',
      recipient: order.email,
      language: order.language,
      payload: { orderId: order.id },
      dedupeKey: `paymentReceived:${order.id}`,
    });
    changes.record({ kind: 'MailEnqueued' });
    return {
      orderNumber: input.orderNumber,
      result: 'MARKED',
      payment: { amount: input.amount, currency: input.currency, paidOn, reference },
      totalGross: order.totalGross,
      overpaid: input.amount - order.totalGross,
    };
  });
}

/** What the "Payment received" e-mail shows (mail/templates/payment-received.ts). */
export type PaymentReceivedMailDocument = {
  id: number;
  number: string;
  hash: string;
  createdAt: Date;
  currency: Currency;
  totalGross: number;
  payment: RecordedPayment;
  /** The invoice address's first name, for the greeting. */
  firstName: string | null;
};

/** Null when the order is gone or not paid by a recorded payment: the e-mail is then not sent. */
export async function paymentReceivedMailDocument(db: Db, orderId: number): Promise<PaymentReceivedMailDocument | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { id: true, number: true, hash: true, createdAt: true, currency: true, totalGross: true, status: true, payment: true, invoiceAddress: true },
  });
  if (!order?.payment || order.status === 'CANCELLED') return null;
  const { status: _status, payment, invoiceAddress, ...document } = order;
  return { ...document, payment: recorded(payment), firstName: invoiceFirstName(invoiceAddress) };
}
