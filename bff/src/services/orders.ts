// Placing an order, and reading one back by its id and secret hash.
//
// placeOrder is one transaction (requirements S1, S3, S4, S6):
// 1. the cart's row is locked, so parallel submits of one cart (double click, two tabs, a retry)
//    queue up; the first one that gets the lock places the order and the others find it there
//    (Order.cartId is unique as well) and answer with it;
// 2. everything is recomputed from the database (services/checkout.ts) and compared with the
//    revision the shopper last saw: any difference refuses the order with a line-by-line report;
//    then the order limits per address, session and e-mail are counted, and the captcha after an
//    address's first order checked (limitOrders);
// 3. the order is written (its lines keep the names, prices and VAT rates of the moment), the voucher
//    uses are recorded, the confirmation e-mail is put into the outbox and the cart is closed; then,
//    as the rows they lock make other orders of the same goods wait until the commit, stock is taken
//    with conditional updates (never below zero; the CHECK constraint backs it up) and the sold counts
//    moved; last, the order gets its number from a per-year counter row, whose lock every order
//    placed meanwhile waits for (numberOrder). Any failure before the commit leaves none of it;
// 4. an operation that outlived the GraphQL time limit (its client was told "try again") rolls back
//    instead of committing (F4, docs/decisions/0049).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { beginCommit } from '../db/operation-signal.ts';
import { Prisma, type Language } from '../generated/prisma/client.ts';
import { formatMessage, message } from '../i18n/messages.ts';
import { BANK_TRANSFER_PAYMENT_CODE, formatMoney, ORDER_NUMBER_COUNTER_DIGITS, ticketLineCodes, TIME_ZONE, vatSplit } from '../../../schema/rules/index.ts';
import { computeCheckout, loadCheckoutCart, readCheckoutSnapshot, ticketPaymentRules, type AddressData, type Checkout, type CheckoutContext, type CheckoutSnapshot } from './checkout.ts';
import { pickupPointSnapshot } from './pickup-points.ts';
import { enqueueOrderConfirmation, type ConfirmedOrder } from './mail-outbox.ts';
import { enqueueConversions } from './conversions.ts';
import { inTransaction } from '../events/record.ts';
import { takeStock } from './stock.ts';
import { recordVoucherUses, VoucherError } from './vouchers.ts';
import { NotFoundError, ShopError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { ipKey, RATE_RULES, type RateLimiter } from '../rate-limit/rate-limit.ts';
import { requireCaptcha } from './captcha.ts';
import { bankTransferDueAt } from './tickets.ts';
import { releaseCartHold } from './held-goods.ts';
import type { Config } from '../config.ts';

type Tx = Prisma.TransactionClient;

const DAY_MS = 24 * 3600 * 1000;

/** The payment method whose orders show the account, variable symbol and QR code. */

export type OrderChangeKind =
  | 'PRICE'
  | 'QUANTITY'
  | 'STOCK'
  | 'LINE_REMOVED'
  | 'LINE_ADDED'
  | 'DELIVERY'
  | 'PAYMENT'
  | 'VOUCHER'
  | 'TOTAL'
  | 'REVIEW';

export type OrderChange = {
  kind: OrderChangeKind;
  /** The line's product, the method's or the voucher's name. */
  subject: string;
  message: string;
  /** Amounts in minor units of the cart's currency, or pieces for STOCK/QUANTITY. */
  previous: number | null;
  current: number | null;
};

/**
 * The order was not placed because something changed since the shopper last saw the checkout.
 * The cart (with its new totals and revision) is unchanged; submitting the new revision accepts.
 */
export class OrderChangedError extends ShopError {
  constructor(
    message: string,
    public readonly changes: OrderChange[],
    public readonly cartId: string,
  ) {
    super('ORDER_CHANGED', message);
  }
}

/** What placing needs of a request besides the checkout: who is asking, for the order limits and the captcha. */
export type PlaceOrderContext = Omit<CheckoutContext, 'config'> & {
  config: Config;
  rateLimiter: RateLimiter;
  clientIp: string;
  sessionKey: string;
  /** Test seams of placing (the app's AppOptions.placeOrderHooks); none in production. */
  placeOrderHooks?: PlaceOrderHooks;
};

/**
 * The limits of placing orders (issue 31: one client hoarded the stock with unpaid orders). Counted
 * inside the order's transaction after the cart's lock, so the parallel submits of one cart count
 * once and a refused order counts nothing; the first order of an address in the window needs no
 * captcha, later ones do, as the shop's other forms (services/captcha.ts requireCaptchaAfter). Too many
 * orders from this address, session or e-mail are a TooManyAttemptsError, which rolls the order back.
 */
async function limitOrders(tx: Tx, ctx: PlaceOrderContext, checkout: Checkout, options: PlaceOptions): Promise<void> {
  const address = ipKey(ctx.clientIp);
  // pieces, not only orders: ten orders of 99 pieces would otherwise keep a product's stock for days
  const pieces = RATE_RULES.orderPiecesPerVariantIp;
  // counted in one statement, all of them; a refusal rolls them all back with the order
  const [perIp, perSession, perEmail, free, ...perLine] = await ctx.rateLimiter.consumeWithin(
    [
      { rule: RATE_RULES.orderPerIp, key: address, points: 1 },
      { rule: RATE_RULES.orderPerSession, key: ctx.sessionKey, points: 1 },
      { rule: RATE_RULES.orderPerEmail, key: checkout.email ?? '', points: 1 },
      { rule: RATE_RULES.orderWithoutCaptcha, key: address, points: 1 },
      ...checkout.lines.map((line) => ({ rule: pieces, key: `${address} ${line.variantId}`, points: line.quantity })),
    ],
    tx,
  );
  for (const limit of [perIp, perSession, perEmail]) {
    if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, ctx.language, 'tooManyOrders');
  }
  checkout.lines.forEach((line, index) => {
    const limit = perLine[index];
    if (limit.allowed) return;
    const text = formatMessage('tooManyPiecesOrdered', ctx.language, { name: line.name, limit: pieces.limit, days: pieces.windowMs / DAY_MS });
    throw new TooManyAttemptsError(text, Math.ceil(limit.retryAfterMs / 1000));
  });
  // a link opened from the order's mailbox stands in for the captcha (services/order-confirmations.ts)
  if (!free.allowed && options.confirmationId === undefined) {
    await requireCaptcha({ prisma: tx, config: ctx.config, language: ctx.language }, 'placeOrder', options.captcha);
  }
}

/**
 * Test seams: beforeTransaction runs before the order's transaction begins (F4: a lock taken there
 * makes it wait), beforeCommit inside it after all its writes (S6).
 */
export type PlaceOrderHooks = { beforeTransaction?: () => Promise<void>; beforeCommit?: (tx: Tx, orderId: number) => Promise<void> };

const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 };

// ------------------------------------------------------------------ what changed

/** An amount in the currency it was computed in: what the shopper saw, or the checkout as it is now. */
function money(amount: number, priced: { currency: CheckoutSnapshot['currency'] }, language: Language): string {
  return formatMoney(amount, priced.currency, language);
}

/** Differences between what the shopper saw and what the order would charge now. */
export function describeChanges(seen: CheckoutSnapshot | null, now: Checkout, language: Language): OrderChange[] {
  const changes: OrderChange[] = [];
  const change = (kind: OrderChangeKind, subject: string, text: string, previous: number | null, current: number | null) =>
    changes.push({ kind, subject, message: text, previous, current });

  if (seen && seen.currency === now.currency) {
    const nowLines = new Map(now.snapshot.lines.map((line) => [line.variantId, line]));
    const seenIds = new Set(seen.lines.map((line) => line.variantId));
    for (const before of seen.lines) {
      const after = nowLines.get(before.variantId);
      if (!after) {
        change('LINE_REMOVED', before.name, formatMessage('orderChangeLineRemoved', language, { name: before.name }), before.quantity, null);
        continue;
      }
      if (after.unitGross !== before.unitGross) {
        const values = { name: after.name, previous: money(before.unitGross, seen, language), current: money(after.unitGross, now, language) };
        change('PRICE', after.name, formatMessage('orderChangePrice', language, values), before.unitGross, after.unitGross);
      }
      if (after.quantity !== before.quantity) {
        const values = { name: after.name, previous: before.quantity, current: after.quantity };
        change('QUANTITY', after.name, formatMessage('orderChangeQuantity', language, values), before.quantity, after.quantity);
      }
    }
    for (const after of now.snapshot.lines) {
      if (!seenIds.has(after.variantId)) {
        change('LINE_ADDED', after.name, formatMessage('orderChangeLineAdded', language, { name: after.name }), null, after.quantity);
      }
    }
    // held seats: one whose hold expired (or was released) is gone from the cart
    const seatKey = (ticket: { eventId: number; seat: number }) => `${ticket.eventId}:${ticket.seat}`;
    const nowTickets = new Map((now.snapshot.tickets ?? []).map((ticket) => [seatKey(ticket), ticket]));
    const seenTickets = new Set((seen.tickets ?? []).map(seatKey));
    for (const before of seen.tickets ?? []) {
      const after = nowTickets.get(seatKey(before));
      if (!after) {
        change('LINE_REMOVED', before.name, formatMessage('orderChangeHoldExpired', language, { name: before.name }), 1, null);
      } else if (after.unitGross !== before.unitGross) {
        const values = { name: after.name, previous: money(before.unitGross, seen, language), current: money(after.unitGross, now, language) };
        change('PRICE', after.name, formatMessage('orderChangePrice', language, values), before.unitGross, after.unitGross);
      }
    }
    for (const after of now.snapshot.tickets ?? []) {
      if (!seenTickets.has(seatKey(after))) {
        change('LINE_ADDED', after.name, formatMessage('orderChangeLineAdded', language, { name: after.name }), null, 1);
      }
    }
    for (const [kind, before, after] of [
      ['DELIVERY', seen.delivery, now.snapshot.delivery],
      ['PAYMENT', seen.payment, now.snapshot.payment],
    ] as const) {
      // a cart that became tickets only has no delivery: its goods taken out are the change, not the method
      if (kind === 'DELIVERY' && !now.needsDelivery) continue;
      if (before && !after) {
        change(kind, before.name, formatMessage('orderChangeMethodWithdrawn', language, { name: before.name }), before.gross, null);
      } else if (before && after && (before.id !== after.id || before.gross !== after.gross)) {
        const values = { name: after.name, previous: money(before.gross, seen, language), current: money(after.gross, now, language) };
        change(kind, after.name, formatMessage('orderChangeMethodPrice', language, values), before.gross, after.gross);
      }
    }
    const nowVouchers = new Map(now.snapshot.vouchers.map((voucher) => [voucher.code, voucher]));
    for (const before of seen.vouchers) {
      const after = nowVouchers.get(before.code);
      if (before.valid && (!after || !after.valid)) {
        change('VOUCHER', before.code, formatMessage('orderChangeVoucherInvalid', language, { code: before.code }), before.discountGross, 0);
      } else if (after && after.discountGross !== before.discountGross) {
        const values = { code: before.code, previous: money(before.discountGross, seen, language), current: money(after.discountGross, now, language) };
        change('VOUCHER', before.code, formatMessage('orderChangeVoucherDiscount', language, values), before.discountGross, after.discountGross);
      }
    }
  }
  for (const line of now.lines) {
    if (line.quantity > line.stock) {
      change('STOCK', line.name, formatMessage('orderChangeStock', language, { name: line.name, available: line.stock }), line.quantity, line.stock);
    }
  }
  // the shopper may have switched the currency since (another tab): each total in its own currency
  if (seen && (seen.totalGross !== now.totals.totalGross || seen.currency !== now.currency)) {
    const values = { previous: money(seen.totalGross, seen, language), current: money(now.totals.totalGross, now, language) };
    change('TOTAL', '', formatMessage('orderChangeTotal', language, values), seen.totalGross, now.totals.totalGross);
  }
  // An unknown revision (a very old page): the shopper reviews the new totals. A known one whose
  // differences are none of the above (a delivery or payment the shopper chose in the form she sent,
  // at the total she saw) is no change.
  if (!seen && changes.length === 0) change('REVIEW', '', message('orderChangeReview', language), null, null);
  return changes;
}

// ------------------------------------------------------------------ numbers and secrets

/** The year of a moment in Prague (an order placed at 23:30 UTC on 31 December belongs to the next year). */
export function pragueYear(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric' }).format(date));
}

/**
 * What an order is written with until numberOrder gives it its number at the end of its transaction;
 * unique (one order per cart), and never seen outside that transaction. The order.created webhook
 * waits for the real number (migration 20261130170000).
 */
function pendingOrderNumber(cartId: string): string {
  return `pending-${cartId}`;
}

/**
 * Gives the order the next number of the year, YYYY + 6 digits, as its number and variable symbol.
 * The year's counter row stays locked until the commit and every order placed meanwhile waits for it,
 * so this is the transaction's last write: then the lock is held for this statement, the events'
 * insert and the commit, not for the order's other writes (with a busy event loop each of those waits
 * for its turn: at 5 orders/s, 2–5 orders queued here and took 2 s instead of 0.3 s).
 */
async function numberOrder(tx: Tx, orderId: number, now: Date): Promise<void> {
  const year = pragueYear(now);
  await tx.$executeRaw`
    WITH counter AS (
      INSERT INTO "OrderNumberCounter" ("year", "last") VALUES (${year}::int, 1)
      ON CONFLICT ("year") DO UPDATE SET "last" = "OrderNumberCounter"."last" + 1
      RETURNING ${String(year)}::text || lpad("last"::text, greatest(${ORDER_NUMBER_COUNTER_DIGITS}::int, length("last"::text)), '0') AS "number")
    UPDATE "Order" SET "number" = counter."number", "variableSymbol" = counter."number"
      FROM counter
     WHERE "Order"."id" = ${orderId}::int`;
}

/** 192 random bits, URL-safe: the guest summary link's secret. */
function newOrderHash(): string {
  return randomBytes(24).toString('base64url');
}

export function sameSecret(a: string, b: string): boolean {
  // equal-length digests, so the comparison takes the same time whatever the input
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

// ------------------------------------------------------------------ placing

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

async function existingOrder(db: Db | Tx, cartId: string): Promise<number | null> {
  const order = await db.order.findUnique({ where: { cartId }, select: { id: true } });
  return order?.id ?? null;
}

/** What changed since the shopper saw `revision`: nothing when it is the checkout's own. */
async function changesSince(tx: Tx, cartId: string, revision: string, checkout: Checkout, language: Language): Promise<OrderChange[]> {
  const seen = await tx.checkoutRevision.findFirst({ where: { id: revision, cartId }, select: { snapshot: true } });
  return describeChanges(seen ? readCheckoutSnapshot(seen.snapshot) : null, checkout, language);
}

async function changedError(tx: Tx, cartId: string, revision: string, checkout: Checkout, language: Language, extra: OrderChange[] = []) {
  const changes = extra.length > 0 ? extra : await changesSince(tx, cartId, revision, checkout, language);
  return new OrderChangedError(message('orderChanged', language), changes, cartId);
}

/**
 * The cart's checkout as it is now (`now` decides which seat holds are live), if it can be ordered as
 * the shopper saw it (`revision`): otherwise the error that says what changed or what is missing.
 */
export async function checkoutAsSeen(tx: Tx, ctx: PlaceOrderContext, cartId: string, revision: string, now: Date): Promise<Checkout> {
  const noCart = () => new NotFoundError(message('cartEmpty', ctx.language));
  const cart = await loadCheckoutCart(tx, cartId);
  if (!cart) throw noCart();
  const checkout = await computeCheckout(tx, cart, { currency: ctx.currency, language: ctx.language, eurRate: ctx.config.eurRate, ticketPayment: ticketPaymentRules(ctx.config), now });
  if (checkout.lines.length === 0 && checkout.tickets.length === 0) {
    // a cart whose only seats' holds expired: the shopper is told what changed, not "empty"
    const changes = await changesSince(tx, cartId, revision, checkout, ctx.language);
    if (changes.some((change) => change.kind === 'LINE_REMOVED')) throw new OrderChangedError(message('orderChanged', ctx.language), changes, cartId);
    throw noCart();
  }
  if (revision !== checkout.revision || checkout.lines.some((line) => line.quantity > line.stock)) {
    // only a real change refuses the order (a revision also differs by the shopper's own choices)
    const changes = await changesSince(tx, cartId, revision, checkout, ctx.language);
    if (changes.length > 0) throw new OrderChangedError(message('orderChanged', ctx.language), changes, cartId);
  }
  if (checkout.problems.length > 0) throw new ValidationError(checkout.problems, message('orderCannotBeSubmitted', ctx.language));
  return checkout;
}

/** An OrderChangedError for a line whose stock ran out meanwhile. */
export async function outOfStockError(tx: Tx, ctx: PlaceOrderContext, revision: string, checkout: Checkout, line: Checkout['lines'][number]) {
  const left = await tx.variant.findUnique({ where: { id: line.variantId }, select: { stock: true } });
  const available = left?.stock ?? 0;
  const text = formatMessage('orderChangeStock', ctx.language, { name: line.name, available });
  return changedError(tx, checkout.cartId, revision, checkout, ctx.language, [
    { kind: 'STOCK', subject: line.name, message: text, previous: line.quantity, current: available },
  ]);
}

/**
 * Places the session cart's order if the checkout is complete and still what the shopper saw
 * (`revision`, from Cart.checkout.revision). Returns the order's id; the same cart always gives the
 * same order.
 */
export async function placeOrder(ctx: PlaceOrderContext, revision: string, captcha?: string | null): Promise<number> {
  const cartId = ctx.session.cartId;
  if (!cartId) throw new NotFoundError(message('cartEmpty', ctx.language));
  return placeCartOrder(ctx, cartId, revision, { captcha });
}

export type PlaceOptions = {
  captcha?: string | null;
  /** The e-mail link that confirms this cart's order (services/order-confirmations.ts): no captcha is asked. */
  confirmationId?: number;
};

/** placeOrder for a given cart: the session's, or the one an e-mail confirmation link names. */
export async function placeCartOrder(ctx: PlaceOrderContext, cartId: string, revision: string, options: PlaceOptions): Promise<number> {
  const noCart = () => new NotFoundError(message('cartEmpty', ctx.language));
  const placed = await existingOrder(ctx.prisma, cartId);
  if (placed !== null) return placed;

  let orderId: number;
  await ctx.placeOrderHooks?.beforeTransaction?.();
  try {
    orderId = await inTransaction(ctx.prisma, async (tx, changes) => {
      // (1) parallel submits of this cart wait here for each other
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Cart" WHERE "id" = ${cartId}::text FOR UPDATE`;
      if (locked.length === 0) throw noCart();
      const earlier = await existingOrder(tx, cartId);
      if (earlier !== null) return earlier;
      // goods held for the cart's e-mail confirmation go back to stock first: the order takes them below
      const hold = await releaseCartHold(tx, changes, cartId);
      if (options.confirmationId !== undefined && (hold?.id !== options.confirmationId || hold.expiresAt <= new Date())) {
        throw new NotFoundError(message('orderConfirmationExpired', ctx.language));
      }

      // (2) the checkout as it is now, compared with what the shopper saw; one moment decides
      // which seat holds are still live, here and when they become sales below
      const now = ctx.clock();
      const checkout = await checkoutAsSeen(tx, ctx, cartId, revision, now);
      await limitOrders(tx, ctx, checkout, options);

      const written = await writeOrder(tx, ctx, checkout);
      const orderId = written.id;
      if (options.confirmationId !== undefined) {
        await tx.orderConfirmation.update({ where: { id: options.confirmationId }, data: { confirmedAt: new Date() } });
      }

      // (3) the held seats become sold, in the same transaction; a hold that ended meanwhile (the
      // sweep of another instance) refuses the order with what changed
      const sold = await sellHeldSeats(tx, cartId, orderId, checkout, now);
      if (sold.length > 0) {
        const text = (name: string) => formatMessage('orderChangeHoldExpired', ctx.language, { name });
        throw await changedError(tx, cartId, revision, checkout, ctx.language, sold.map((ticket) => ({
          kind: 'LINE_REMOVED' as const,
          subject: ticket.name,
          message: text(ticket.name),
          previous: 1,
          current: null,
        })));
      }

      const voucherCart = { id: cartId, currency: checkout.currency, customerId: checkout.customerId, email: checkout.email, goodsGross: checkout.totals.productsGross };
      const applied = checkout.vouchers.entries.filter((entry) => entry.valid);
      try {
        if (applied.length > 0) await recordVoucherUses(tx, orderId, voucherCart, applied, ctx.language);
      } catch (error) {
        // a voucher's limit was hit meanwhile: the order rolls back and the shopper is told
        if (!(error instanceof VoucherError)) throw error;
        const failed = applied.map((entry) => ({
          kind: 'VOUCHER' as const,
          subject: entry.code,
          message: formatMessage('orderChangeVoucherInvalid', ctx.language, { code: entry.code }),
          previous: entry.discountGross,
          current: 0,
        }));
        throw await changedError(tx, cartId, revision, checkout, ctx.language, failed);
      }

      if (checkout.newsletter && checkout.invoiceAddress?.email) {
        await tx.newsletterSubscription.createMany({
          data: [{ email: checkout.invoiceAddress.email.toLowerCase(), language: ctx.language, customerId: ctx.customerId }],
          skipDuplicates: true,
        });
      }
      // the cart is closed: the session's next add starts a new one
      await tx.cart.update({ where: { id: cartId }, data: { sessionKey: null } });
      await enqueueOrderConfirmation(tx, written);
      // Ověřeno zákazníky and Zboží's backend conversion: sent after the commit by their own job
      await enqueueConversions(tx, ctx.config, { id: orderId, currency: checkout.currency, surveyOptOut: checkout.surveyOptOut });
      // (4) stock, in variant order so that two carts never wait for each other crosswise, and the sold
      // counts: near the end, because a variant's and a product's rows stay locked until the commit and
      // every order of the same goods waits for them (a listing ordered by best sellers is not purged for
      // the sold counts: decision 0055); an order refused here rolls back all of the above
      const missing = await takeStock(tx, changes, checkout.lines);
      if (missing) throw await outOfStockError(tx, ctx, revision, checkout, checkout.lines.find((line) => line.variantId === missing.variantId)!);
      for (const line of [...checkout.lines].sort((a, b) => a.variantId - b.variantId)) {
        await tx.product.updateMany({ where: { variants: { some: { id: line.variantId } } }, data: { soldCount: { increment: line.quantity } } });
      }
      changes.record({ kind: 'OrderPlaced', orderId }, { kind: 'MailEnqueued' });
      // (5) the order's number, the last write: the year's counter waits for nothing after it but the commit
      await numberOrder(tx, orderId, new Date());
      // (6) an operation past its time limit was already told "try again": it rolls back here; one in
      // time commits, and is then answered with its order even if the commit outlasts the limit (F4)
      beginCommit();
      await ctx.placeOrderHooks?.beforeCommit?.(tx, orderId);
      return orderId;
    }, TRANSACTION_OPTIONS);
  } catch (error) {
    // a parallel submit of this cart committed between our first look and our insert
    if (isUniqueViolation(error)) {
      const winner = await existingOrder(ctx.prisma, cartId);
      if (winner !== null) return winner;
    }
    throw error;
  }
  return orderId;
}

/**
 * Turns the checkout's seat holds into sales of the order and writes their tickets. Only a hold of
 * this cart still live at `now` becomes a sale (the seat's row is the one the hold wrote, so no one
 * else can have it); returns the tickets whose hold was gone, and then the caller rolls back.
 */
async function sellHeldSeats(tx: Tx, cartId: string, orderId: number, checkout: Checkout, now: Date): Promise<Checkout['tickets']> {
  if (checkout.tickets.length === 0) return [];
  const events = checkout.tickets.map((ticket) => ticket.eventId);
  const seats = checkout.tickets.map((ticket) => ticket.seat);
  const sold = await tx.$queryRaw<{ eventId: number; seat: number }[]>`
    UPDATE "EventSeat" SET "orderId" = ${orderId}::int, "cartId" = NULL, "expiresAt" = NULL
     WHERE "cartId" = ${cartId}::text AND "orderId" IS NULL AND "expiresAt" > ${now}::timestamptz
       AND ("eventId", "seat") IN (SELECT * FROM unnest(${events}::int[], ${seats}::int[]))
    RETURNING "eventId", "seat"`;
  const got = new Set(sold.map((row) => `${row.eventId}:${row.seat}`));
  const missing = checkout.tickets.filter((ticket) => !got.has(`${ticket.eventId}:${ticket.seat}`));
  if (missing.length > 0) return missing;
  await tx.ticket.createMany({
    data: checkout.tickets.map((ticket) => ({
      orderId,
      eventId: ticket.eventId,
      seat: ticket.seat,
      section: ticket.section,
      row: ticket.row,
      number: ticket.number,
      categoryCode: ticket.categoryCode,
      priceGross: ticket.unitGross,
      vatRate: ticket.vatRate,
    })),
  });
  return [];
}

/** Where a pick-up point delivery goes: the point (its name in the company line) for the shopper. */
function pickupPointAddress(point: NonNullable<Checkout['pickupPoint']>, invoice: AddressData): AddressData {
  return {
    firstName: invoice.firstName,
    lastName: invoice.lastName,
    email: '',
    phone: invoice.phone,
    street: point.street,
    city: point.city,
    postcode: point.postcode,
    country: point.country,
    company: point.name,
    ico: '',
    dic: '',
    addressId: null,
  };
}

/** Writes the order with its lines; the order's id, with what its confirmation is sent to (read back with the id, no statement of its own). */
async function writeOrder(tx: Tx, ctx: PlaceOrderContext, checkout: Checkout): Promise<ConfirmedOrder> {
  const invoice = checkout.invoiceAddress!;
  const pickup = checkout.delivery?.isPickup ?? false;
  // a pick-up point delivery goes to the point: its address, with the shopper's name, is the delivery address
  const point = checkout.delivery?.needsPickupPoint ? checkout.pickupPoint : null;
  // tickets only go by e-mail: no delivery address; a pick-up point delivery goes to the point
  const deliveryAddress = !checkout.needsDelivery || pickup
    ? null
    : point
      ? pickupPointAddress(point, invoice)
      : checkout.deliverySameAsInvoice
        ? invoice
        : checkout.deliveryAddress;
  const now = new Date();
  const number = pendingOrderNumber(checkout.cartId);
  const { totals } = checkout;
  const bankTransfer = checkout.payment?.code === BANK_TRANSFER_PAYMENT_CODE;
  const order = await tx.order.create({
    data: {
      number,
      hash: newOrderHash(),
      cartId: checkout.cartId,
      customerId: checkout.customerId ?? ctx.customerId,
      currency: checkout.currency,
      language: checkout.language,
      email: invoice.email.toLowerCase(),
      surveyOptOut: checkout.surveyOptOut,
      phone: invoice.phone || null,
      deliveryMethodId: checkout.delivery?.id ?? null,
      paymentMethodId: checkout.payment?.id ?? null,
      storeId: pickup ? checkout.storeId : null,
      pickupPointId: point?.id ?? null,
      pickupPointSnapshot: point ? pickupPointSnapshot(point) : Prisma.DbNull,
      deliveryName: checkout.delivery?.name ?? '',
      deliveryCode: checkout.delivery?.code ?? '',
      deliveryPrice: totals.shippingGross,
      paymentName: checkout.payment?.name ?? '',
      paymentCode: checkout.payment?.code ?? '',
      paymentPrice: totals.paymentGross,
      invoiceAddress: invoice,
      deliveryAddress: deliveryAddress ?? Prisma.DbNull,
      note: checkout.note,
      reviewRequestOptOut: checkout.reviewRequestOptOut,
      productsNet: totals.productsNet,
      productsGross: totals.productsGross,
      discountGross: totals.discountGross,
      roundingGross: totals.roundingGross,
      totalNet: totals.totalNet,
      totalVat: totals.totalVat,
      totalGross: totals.totalGross,
      vatRecap: totals.recap.byRate.map((row) => ({ ...row })),
      // the order number (10 digits, which is what a variable symbol may have), given by numberOrder
      variableSymbol: number,
      // tickets: due before their match, not a week after it (issue 40)
      paymentDueAt: bankTransfer ? bankTransferDueAt(now, ctx.config.bankTransferPaymentDays, checkout.ticketsDeadline) : null,
      lines: {
        create: [
          ...checkout.lines.map((line) => ({
            variantId: line.variantId,
            productCode: line.productCode,
            variantCode: line.variantCode,
            name: line.name,
            size: line.size,
            colour: line.colour,
            quantity: line.quantity,
            vatRate: line.vatRate,
            unitPriceGross: line.unitGross,
            unitPriceNet: vatSplit(line.unitGross, line.vatRate).net,
            totalGross: line.totalGross,
            totalNet: vatSplit(line.totalGross, line.vatRate).net,
          })),
          // each seat is a line of its own (no variant), so the e-mail, the summary and the invoice list it
          ...checkout.tickets.map((ticket) => ({
            variantId: null,
            ...ticketLineCodes(ticket.eventId, ticket.seat),
            name: ticket.name,
            size: null,
            colour: null,
            quantity: 1,
            vatRate: ticket.vatRate,
            unitPriceGross: ticket.unitGross,
            unitPriceNet: vatSplit(ticket.unitGross, ticket.vatRate).net,
            totalGross: ticket.unitGross,
            totalNet: vatSplit(ticket.unitGross, ticket.vatRate).net,
          })),
        ],
      },
      statusHistory: { create: [{ status: 'NEW' }] },
    },
    select: { id: true, email: true, language: true },
  });
  return order;
}

// ------------------------------------------------------------------ reading

/**
 * The order with this id, if `hash` is its secret; null otherwise, exactly as for a missing order,
 * so a wrong hash tells nothing (S5).
 */
export async function orderIdByHash(db: Db, idInput: string, hash: string): Promise<number | null> {
  const id = Number(idInput);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const order = await db.order.findUnique({ where: { id }, select: { id: true, hash: true } });
  // compared even when the order is missing, so both take the same time
  const matches = sameSecret(order?.hash ?? 'no order has this hash', hash);
  return order && matches ? order.id : null;
}
