// The one service that moves an order from one status to another (issue 43 §1, docs/decisions/0067).
// The table of allowed moves is schema/rules/order-lifecycle.ts; here each move is done:
//
//   moveOrder(db, { orderId | orderNumber, to, actor, idempotencyKey, details })   its own transaction
//   moveOrderInTx(tx, changes, request)                     inside a caller's (a shipment service's)
//
// In one transaction the order's row is locked (FOR UPDATE), the move checked (a refused move throws
// OrderMoveError and changes nothing), the status set, an OrderEvent written (from, to, when, who, the
// key, the details), whose insert writes the partner webhook order.<status> (migration
// 20261129100000_order_lifecycle), the customer's e-mail put in the outbox and OrderStateChanged
// recorded. What a move does besides: SHIPPED keeps the carrier and tracking on the order,
// READY_FOR_PICKUP sets the pickup deadline (PICKUP_DAYS), DELIVERED / PICKED_UP of an order paid on
// handover records its payment (services/payment-rows.ts, as markOrderPaid does), CANCELLED gives the goods, seats and
// vouchers back and, for a paid order, records the refund due and issues a credit note when the order
// has an invoice.
//
// Idempotent: the key is unique per order; the same move asked again with its key returns the first
// move's result (ALREADY) and changes nothing; the key of another move is refused.
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { inTransaction, type ChangeRecorder, type Tx } from '../events/record.ts';
import type { ShopEvent } from '../events/events.ts';
import { formatMessage, type MessageKey } from '../i18n/messages.ts';
import { ShopError } from './errors.ts';
import { enqueueMail } from './mail-outbox.ts';
import { returnStock } from './stock.ts';
import { groupChanges, seatsChanged } from './tickets.ts';
import { issueCreditNote } from './credit-notes.ts';
import { recordPaymentInTx } from './payment-rows.ts';
import {
  CARRIER_NAME_MAX_LENGTH,
  DEFAULT_PICKUP_DAYS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  TRACKING_NUMBER_MAX_LENGTH,
  hasBidiControls,
  hasLineBreaks,
  hasUnsafeCharacters,
  orderFacts,
  orderMoveRefusal,
  pragueDay,
  type Currency,
  type Locale,
  type OrderActorKind,
  type OrderMoveRefusal,
  type OrderState,
} from '../../../schema/rules/index.ts';

export type OrderActor = {
  kind: OrderActorKind;
  /** Who exactly: a partner token's prefix, the command's name, the job's name; empty when nothing more is known. */
  detail?: string;
};

/** What a move carries: the SHIPPED move's carrier and tracking, a cancellation's reason. */
export type MoveDetails = {
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  reason?: string;
};

export type MoveRequest = ({ orderId: number } | { orderNumber: string }) & {
  to: OrderState;
  actor: OrderActor;
  /** The same move asked twice with one key is done once (unique per order). */
  idempotencyKey: string;
  details?: MoveDetails;
};

export type MoveOptions = {
  now?: Date;
  /** Days a store keeps an order ready for pickup (config.pickupDays). */
  pickupDays?: number;
};

export type MoveResult = {
  /** MOVED: this call moved the order; ALREADY: the same key moved it before, nothing changed now. */
  result: 'MOVED' | 'ALREADY';
  orderId: number;
  orderNumber: string;
  from: OrderState;
  to: OrderState;
  at: Date;
  /** Set by a cancellation of a paid order: what is to be returned to the customer, and the credit note issued. */
  refundDue: number;
  currency: Currency;
  creditNoteNumber: string | null;
};

export type OrderMoveErrorCode = OrderMoveRefusal | 'ORDER_NOT_FOUND' | 'KEY_REUSED' | 'BAD_DETAILS' | 'PAID_BY_PAYMENT';

const MESSAGE_OF: Record<OrderMoveErrorCode, MessageKey> = {
  SAME_STATE: 'orderMoveSameState',
  NOT_ALLOWED: 'orderMoveNotAllowed',
  NOT_FOR_ACTOR: 'orderMoveNotForActor',
  NOT_PAID: 'orderMoveNotPaid',
  STORE_PICKUP: 'orderMoveStorePickup',
  NOT_STORE_PICKUP: 'orderMoveNotStorePickup',
  ORDER_NOT_FOUND: 'orderMoveNotFound',
  KEY_REUSED: 'orderMoveKeyReused',
  BAD_DETAILS: 'orderMoveBadDetails',
  PAID_BY_PAYMENT: 'orderMovePaymentByPayment',
};

/** A refused move; nothing changed. `message` is English (commands, logs); messageIn gives the customer's language. */
export class OrderMoveError extends ShopError {
  readonly key: MessageKey;
  constructor(
    readonly reason: OrderMoveErrorCode,
    readonly values: Record<string, string>,
  ) {
    super(`ORDER_MOVE_${reason}`, formatMessage(MESSAGE_OF[reason], 'en', values));
    this.key = MESSAGE_OF[reason];
  }

  messageIn(language: Locale): string {
    return formatMessage(this.key, language, this.values);
  }
}

type LockedOrder = {
  id: number;
  number: string;
  status: OrderState;
  currency: Currency;
  totalGross: number;
  email: string;
  language: Locale;
  paymentCode: string;
  deliveryCode: string;
  storeId: number | null;
};

async function lockOrder(tx: Tx, request: MoveRequest): Promise<LockedOrder | null> {
  const where = 'orderId' in request ? orderIdParam(request.orderId) : null;
  const rows = where
    ? await tx.$queryRaw<LockedOrder[]>`
        SELECT "id", "number", "status"::text AS "status", "currency"::text AS "currency", "totalGross", "email", "language"::text AS "language",
               "paymentCode", "deliveryCode", "storeId"
          FROM "Order" WHERE "id" = ${where}::int FOR UPDATE`
    : await tx.$queryRaw<LockedOrder[]>`
        SELECT "id", "number", "status"::text AS "status", "currency"::text AS "currency", "totalGross", "email", "language"::text AS "language",
               "paymentCode", "deliveryCode", "storeId"
          FROM "Order" WHERE "number" = ${(request as { orderNumber: string }).orderNumber} FOR UPDATE`;
  return rows[0] ?? null;
}

/** An order id as the query takes it (ids beyond an int never match). */
function orderIdParam(id: number): number {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}

/** One line of text, at most `max` characters, no control or direction characters; else a BAD_DETAILS problem. */
function cleanLine(value: string | undefined, name: string, max: number, number: string): string | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (text.length === 0 || text.length > max || hasUnsafeCharacters(text) || hasLineBreaks(text) || hasBidiControls(text)) {
    throw new OrderMoveError('BAD_DETAILS', { number, problem: `${name} must be one line of 1 to ${max} characters.` });
  }
  return text;
}

/** The SHIPPED move's details, checked: a tracking number is needed, the URL is http(s). */
function shipmentDetails(details: MoveDetails, number: string): { carrier: string; trackingNumber: string; trackingUrl: string | null } {
  const trackingNumber = cleanLine(details.trackingNumber, 'The tracking number', TRACKING_NUMBER_MAX_LENGTH, number);
  if (trackingNumber === null) throw new OrderMoveError('BAD_DETAILS', { number, problem: 'a shipped order needs its tracking number.' });
  const carrier = cleanLine(details.carrier, 'The carrier', CARRIER_NAME_MAX_LENGTH, number) ?? 'courier';
  let trackingUrl: string | null = null;
  if (details.trackingUrl !== undefined) {
    const url = URL.canParse(details.trackingUrl.trim()) ? new URL(details.trackingUrl.trim()) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.href.length > 2000) {
      throw new OrderMoveError('BAD_DETAILS', { number, problem: `the tracking URL must be an http(s) address, got "${details.trackingUrl}".` });
    }
    trackingUrl = url.href;
  }
  return { carrier, trackingNumber, trackingUrl };
}

/** Moves an order in its own transaction (see the top of this file). */
export function moveOrder(db: Db, request: MoveRequest, options: MoveOptions = {}): Promise<MoveResult> {
  return inTransaction(db, (tx, changes) => moveOrderInTx(tx, changes, request, options));
}

/**
 * Moves an order inside the caller's transaction (a shipment service creating its packet, the
 * unpaid-order job). A refused move throws OrderMoveError before anything is written. PAID is not
 * reached this way: an order becomes paid by recording its payment (order-payments.ts markOrderPaid).
 */
export async function moveOrderInTx(tx: Tx, changes: ChangeRecorder, request: MoveRequest, options: MoveOptions = {}): Promise<MoveResult> {
  if (request.to === 'PAID') throw new OrderMoveError('PAID_BY_PAYMENT', {});
  return applyMove(tx, changes, request, options);
}

/** The move itself; order-payments.ts calls it for NEW → PAID once the payment row is written. */
export async function applyMove(tx: Tx, changes: ChangeRecorder, request: MoveRequest, options: MoveOptions = {}): Promise<MoveResult> {
  const now = options.now ?? new Date();
  const key = request.idempotencyKey.trim();
  const order = await lockOrder(tx, request);
  if (!order) throw new OrderMoveError('ORDER_NOT_FOUND', {});
  const values = { number: order.number, from: order.status, to: request.to, key };
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new OrderMoveError('BAD_DETAILS', { number: order.number, problem: `the idempotency key must have 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.` });
  }

  const earlier = await tx.orderEvent.findUnique({ where: { orderId_idempotencyKey: { orderId: order.id, idempotencyKey: key } } });
  if (earlier) {
    if (earlier.toStatus !== request.to) throw new OrderMoveError('KEY_REUSED', { ...values, to: earlier.toStatus });
    const after = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { refundDue: true } });
    const note = request.to === 'CANCELLED' ? await tx.creditNote.findFirst({ where: { orderId: order.id, reason: 'CANCELLATION' }, select: { number: true } }) : null;
    return {
      result: 'ALREADY',
      orderId: order.id,
      orderNumber: order.number,
      from: earlier.fromStatus,
      to: earlier.toStatus,
      at: earlier.at,
      refundDue: after.refundDue,
      currency: order.currency,
      creditNoteNumber: note?.number ?? null,
    };
  }

  const refusal = orderMoveRefusal(order.status, request.to, request.actor.kind, orderFacts(order));
  if (refusal) throw new OrderMoveError(refusal, values);

  const details = request.details ?? {};
  const reason = cleanLine(details.reason, 'The reason', 500, order.number);
  const stored: Record<string, string> = {};
  const update: Prisma.OrderUpdateInput = { status: request.to };
  const events: ShopEvent[] = [{ kind: 'OrderStateChanged', orderId: order.id, from: order.status, to: request.to }];
  let refundDue = 0;
  let creditNoteNumber: string | null = null;

  if (request.to === 'SHIPPED') {
    const shipment = shipmentDetails(details, order.number);
    Object.assign(update, shipment);
    Object.assign(stored, { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber }, shipment.trackingUrl ? { trackingUrl: shipment.trackingUrl } : {});
  }
  if (request.to === 'READY_FOR_PICKUP') {
    const days = options.pickupDays ?? DEFAULT_PICKUP_DAYS;
    const deadline = new Date(now.getTime() + days * 24 * 3600_000);
    update.pickupDeadline = deadline;
    update.pickupReminderSentAt = null;
    stored.pickupDeadline = deadline.toISOString();
  }
  if ((request.to === 'DELIVERED' || request.to === 'PICKED_UP') && orderFacts(order).payOnHandover) {
    // cash on delivery, paying in the store: paid now, as the courier or the store took the money
    const paid = await recordPaymentInTx(tx, {
      orderId: order.id,
      amount: order.totalGross,
      currency: order.currency,
      paidOn: pragueDay(now),
      reference: '',
      source: request.to === 'DELIVERED' ? 'cash-on-delivery' : 'in-store',
    });
    if (paid) stored.paidOnHandover = String(order.totalGross);
  }
  if (request.to === 'CANCELLED') {
    events.push(...(await releaseGoods(tx, changes, order.id)));
    const payment = await tx.orderPayment.findUnique({ where: { orderId: order.id }, select: { amount: true } });
    if (payment) {
      refundDue = payment.amount;
      update.refundDue = refundDue;
      stored.refundDue = String(refundDue);
      creditNoteNumber = await creditTheOrder(tx, changes, order.id, reason ?? '');
      if (creditNoteNumber) stored.creditNote = creditNoteNumber;
    }
  }
  if (reason) stored.reason = reason;

  await tx.order.update({ where: { id: order.id }, data: update });
  // the partner's webhook of the move is written by this row's trigger
  const event = await tx.orderEvent.create({
    data: {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: request.to,
      at: now,
      actorKind: request.actor.kind,
      actorDetail: request.actor.detail ?? '',
      idempotencyKey: key,
      details: stored,
    },
  });
  await tx.orderStatusChange.create({ data: { orderId: order.id, status: request.to, note: statusNote(request, reason) } });
  if (await enqueueMoveMail(tx, order, request.to)) events.push({ kind: 'MailEnqueued' });
  changes.record(...events);
  return {
    result: 'MOVED',
    orderId: order.id,
    orderNumber: order.number,
    from: order.status,
    to: request.to,
    at: event.at,
    refundDue,
    currency: order.currency,
    creditNoteNumber,
  };
}

function statusNote(request: MoveRequest, reason: string | null): string {
  const who = [request.actor.kind, request.actor.detail].filter(Boolean).join(' ');
  return [`by ${who}`, reason].filter(Boolean).join(': ');
}

/** The customer's e-mail of a move (none for PAID: the payment's own e-mail says it). */
async function enqueueMoveMail(tx: Tx, order: LockedOrder, to: OrderState): Promise<boolean> {
  if (to === 'PAID' || to === 'NEW') return false;
  if (to === 'CANCELLED') {
    return enqueueMail(tx, { kind: 'orderCancelled', recipient: order.email, language: order.language, payload: { orderId: order.id }, dedupeKey: `orderCancelled:${order.id}` });
  }
  return enqueueMail(tx, {
    kind: 'orderProgress',
    recipient: order.email,
    language: order.language,
    payload: { orderId: order.id, step: to },
    dedupeKey: `orderProgress:${order.id}:${to}`,
  });
}

/**
 * A cancelled order's goods back to stock (in variant order, as any stock change), its seats back on sale
 * and its voucher uses released (capacity and the once-per-customer key). Returns the SeatsChanged events.
 */
async function releaseGoods(tx: Tx, changes: ChangeRecorder, orderId: number): Promise<ShopEvent[]> {
  const lines = await tx.orderLine.groupBy({ by: ['variantId'], where: { orderId, variantId: { not: null } }, _sum: { quantity: true } });
  const goods = lines.map((line) => ({ variantId: line.variantId!, quantity: line._sum.quantity ?? 0 }));
  await returnStock(tx, changes, goods);
  for (const { variantId, quantity } of goods.sort((a, b) => a.variantId - b.variantId)) {
    await tx.$executeRaw`
      UPDATE "Product" SET "soldCount" = GREATEST(0, "soldCount" - ${quantity}::int)
       WHERE "id" = (SELECT "productId" FROM "Variant" WHERE "id" = ${variantId}::int)`;
  }
  // its seats go back on sale (their tickets stay, refused at the gate as of a cancelled order)
  const freed = await tx.$queryRaw<{ eventId: number; seat: number }[]>`
    DELETE FROM "EventSeat" WHERE "orderId" = ${orderId}::int RETURNING "eventId", "seat"`;
  const uses = await tx.voucherUse.findMany({ where: { orderId }, select: { id: true, voucherId: true } });
  for (const use of uses.sort((a, b) => a.voucherId - b.voucherId)) {
    await tx.$executeRaw`UPDATE "Voucher" SET "usedCount" = GREATEST(0, "usedCount" - 1) WHERE "id" = ${use.voucherId}::int`;
  }
  await tx.voucherUse.deleteMany({ where: { id: { in: uses.map((use) => use.id) } } });
  return groupChanges(freed, 'freed').map(seatsChanged);
}

/** A credit note for whatever of the invoice no note credited yet; null without an invoice or with nothing left. */
async function creditTheOrder(tx: Tx, changes: ChangeRecorder, orderId: number, reason: string): Promise<string | null> {
  const invoice = await tx.invoice.findUnique({ where: { orderId }, select: { id: true } });
  if (!invoice) return null;
  const lines = await tx.orderLine.findMany({ where: { orderId }, select: { id: true, quantity: true }, orderBy: { id: 'asc' } });
  const credited = await tx.creditNoteLine.groupBy({ by: ['orderLineId'], where: { creditNote: { orderId }, kind: 'GOODS' }, _sum: { quantity: true } });
  const done = new Map(credited.map((row) => [row.orderLineId, row._sum.quantity ?? 0]));
  const rest = lines.map((line) => ({ orderLineId: line.id, quantity: line.quantity - (done.get(line.id) ?? 0) })).filter((line) => line.quantity > 0);
  if (rest.length === 0) return null;
  const note = await issueCreditNote(tx, changes, { orderId, lines: rest, reason: 'CANCELLATION', note: reason });
  return note.number;
}

/** One move of an order's timeline, as the customer's pages show it. */
export type OrderTimelineEntry = { from: OrderState; to: OrderState; at: Date; actorKind: OrderActorKind; trackingNumber: string | null; trackingUrl: string | null };

/** The moves of an order, oldest first. */
export async function orderTimeline(db: Db | Tx, orderId: number): Promise<OrderTimelineEntry[]> {
  const rows = await db.orderEvent.findMany({ where: { orderId }, orderBy: [{ at: 'asc' }, { id: 'asc' }], select: { fromStatus: true, toStatus: true, at: true, actorKind: true, details: true } });
  return rows.map((row) => {
    const details = (row.details ?? {}) as Record<string, unknown>;
    return {
      from: row.fromStatus,
      to: row.toStatus,
      at: row.at,
      actorKind: row.actorKind,
      trackingNumber: typeof details.trackingNumber === 'string' ? details.trackingNumber : null,
      trackingUrl: typeof details.trackingUrl === 'string' ? details.trackingUrl : null,
    };
  });
}

/** A job's cancellation of orders past a deadline: which orders are due, and what the move records. */
export type DueCancellation = {
  /** The next due order, its row locked FOR UPDATE SKIP LOCKED (so an order another move holds is left to it). */
  claimNext: (tx: Tx) => Promise<{ id: number } | undefined>;
  /** The job, as the move's actor. */
  job: string;
  /** The move's key: one per order and job, so a second run (or a second instance) moves nothing twice. */
  idempotencyKey: string;
  reason: string;
};

/**
 * Cancels the due orders one transaction each, until none is left; returns their ids. Each is one move
 * of this service: its OrderEvent and order.cancelled webhook, the goods, seats and vouchers back, the
 * refund and credit note where paid, the e-mail (the unpaid and the uncollected orders' jobs).
 */
export async function cancelEachDue(db: Db, due: DueCancellation, now: Date): Promise<number[]> {
  const cancelled: number[] = [];
  for (;;) {
    const id = await inTransaction(db, async (tx, changes) => {
      const order = await due.claimNext(tx);
      if (!order) return null;
      const request: MoveRequest = { orderId: order.id, to: 'CANCELLED', actor: { kind: 'job', detail: due.job }, idempotencyKey: due.idempotencyKey, details: { reason: due.reason } };
      await moveOrderInTx(tx, changes, request, { now });
      return order.id;
    });
    if (id === null) return cancelled;
    cancelled.push(id);
  }
}

/**
 * The customer cancels her own order (NEW or PAID; the table refuses later). One key per order: a
 * second click returns the first cancellation. Ownership is the caller's check.
 */
export function cancelOrderByCustomer(db: Db, orderId: number, who: string): Promise<MoveResult> {
  return moveOrder(db, { orderId, to: 'CANCELLED', actor: { kind: 'customer', detail: who }, idempotencyKey: 'customer-cancel' });
}

/** The customer's cancellation refused (not hers, or past PAID); nothing changed. The message is in her language. */
export class OrderCancelRefusedError extends ShopError {
  constructor(text: string, options: { notFound: boolean }) {
    if (options.notFound) super('ORDER_NOT_FOUND', text);
    else super('ORDER_NOT_CANCELLABLE', text);
  }
}

/**
 * The customer's own cancellation from her order page (signed in, the order hers) or from the summary
 * link (its secret hash): someone else's order, a wrong hash and a missing order answer alike.
 */
export async function cancelOwnOrder(db: Db, input: { orderId: number; orderHash: string | null; customerId: number | null }, language: Locale): Promise<MoveResult> {
  const id = orderIdParam(input.orderId);
  const order = await db.order.findUnique({ where: { id }, select: { id: true, hash: true, customerId: true } });
  const owns = order && (input.orderHash ? timingSafeEqualText(input.orderHash, order.hash) : input.customerId !== null && order.customerId === input.customerId);
  if (!order || !owns) throw new OrderCancelRefusedError(formatMessage('orderMoveNotFound', language, {}), { notFound: true });
  try {
    return await cancelOrderByCustomer(db, order.id, input.orderHash ? 'summary link' : `customer ${input.customerId}`);
  } catch (error) {
    if (error instanceof OrderMoveError) throw new OrderCancelRefusedError(error.messageIn(language), { notFound: false });
    throw error;
  }
}

function timingSafeEqualText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** One order of the shop owner's list of the day's work. */
export type ListedOrder = {
  number: string;
  createdAt: Date;
  /** The invoice address's name (and company). */
  customer: string;
  email: string;
  totalGross: number;
  currency: Currency;
  deliveryName: string;
  paymentName: string;
};

/** The orders in one state, oldest first (at most `limit`). */
export async function listOrdersInState(db: Db, state: OrderState, limit = 500): Promise<ListedOrder[]> {
  const orders = await db.order.findMany({
    where: { status: state },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: limit,
    select: { number: true, createdAt: true, invoiceAddress: true, email: true, totalGross: true, currency: true, deliveryName: true, paymentName: true },
  });
  return orders.map(({ invoiceAddress, ...order }) => {
    const address = (invoiceAddress ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string) : '');
    const name = [text('firstName'), text('lastName')].filter(Boolean).join(' ');
    return { ...order, customer: [name, text('company')].filter(Boolean).join(', ') || '-' };
  });
}

/**
 * The lifecycle's side of a carrier's shipment (services/shipments.ts shipOrder's `markShipped`), inside
 * the shipment's finishing transaction: a paid order (or a cash-on-delivery one) not yet packed is
 * packed first, then shipped with the parcel's carrier and tracking. Keyed by the shipment, so a retry
 * of the same shipment moves nothing twice.
 */
export async function markOrderShipped(
  tx: Tx,
  orderId: number,
  parcel: { shipmentId: number; carrier: string; trackingNumber: string; trackingUrl: string | null },
  changes: ChangeRecorder,
): Promise<void> {
  const actor: OrderActor = { kind: 'shop', detail: `shipment ${parcel.shipmentId}` };
  const { status } = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } });
  if (status === 'PAID' || status === 'NEW') {
    await moveOrderInTx(tx, changes, { orderId, to: 'PROCESSING', actor, idempotencyKey: `shipment:${parcel.shipmentId}:pack` });
  }
  await moveOrderInTx(tx, changes, {
    orderId,
    to: 'SHIPPED',
    actor,
    idempotencyKey: `shipment:${parcel.shipmentId}`,
    details: { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, ...(parcel.trackingUrl ? { trackingUrl: parcel.trackingUrl } : {}) },
  });
}
