// Voucher rules (spec section 5, issue 6; why several per cart: docs/decisions/0010-vouchers.md).
//
// A voucher is judged against a cart by one pure function (voucherProblem), so the cart page, the
// voucher check and the order placement can never disagree. Applying refuses a voucher with a
// problem; a voucher already in the cart that develops one later (it expired, others used up its
// capacity, the cart fell under its minimum) stays in the cart, reported invalid with its message,
// and blocks the order until it is removed (spec section 4: the order service checks `valid`).
//
// Limits that parallel orders could break are database facts, checked in the statements that use
// a voucher (recordVoucherUses): usedCount grows only while below capacity (a conditional UPDATE,
// backed by a CHECK constraint), and a once-per-customer use is a unique (voucherId, onceKey) row.
import type { Db } from '../db/client.ts';
import type { Currency, Language, Prisma, VoucherKind } from '../generated/prisma/client.ts';
import { formatMessage, message } from '../i18n/messages.ts';
import { formatDateTime, formatMoney, goodsByRate, VOUCHER_CODE_MAX_LENGTH } from '../../../schema/rules/index.ts';
import { cartTicketLines, ticketGoodsLine, type Clock } from './tickets.ts';
import { ShopError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { currentCartId, lockCart, TRANSACTION_OPTIONS, type CartContext } from './cart.ts';
import { unitPrice } from './pricing.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';

/** At most this many vouchers in one cart. */
export const MAX_VOUCHERS_PER_CART = 3;

/** Why a voucher cannot be used (each has its own message in both languages). */
export const VOUCHER_PROBLEMS = [
  'NOT_FOUND',
  'EMAIL_REQUIRED',
  'EMAIL_MISMATCH',
  'CAPACITY_EXHAUSTED',
  'ALREADY_ADDED',
  'EXPIRED',
  'NOT_YET_VALID',
  'WRONG_CUSTOMER',
  'MINIMUM_NOT_MET',
  'ALREADY_USED',
  'WRONG_CURRENCY',
  'TOO_MANY_VOUCHERS',
  'NEEDS_CART',
  'REMOVE_NEEDS_CART',
] as const;
export type VoucherProblem = (typeof VOUCHER_PROBLEMS)[number];

/** An expected refusal of a voucher action; `problem` says which rule, the message is the shopper's. */
export class VoucherError extends ShopError {
  constructor(
    public readonly problem: VoucherProblem,
    text: string,
  ) {
    super(`VOUCHER_${problem}`, text);
  }
}

type Tx = Prisma.TransactionClient;

/** The voucher columns the rules read. */
export const voucherSelect = {
  id: true,
  code: true,
  kind: true,
  value: true,
  currency: true,
  valueEur: true,
  validFrom: true,
  validUntil: true,
  capacity: true,
  usedCount: true,
  oncePerCustomer: true,
  minimumCartCzk: true,
  minimumCartEur: true,
  boundEmail: true,
  customerId: true,
} as const satisfies Prisma.VoucherSelect;

export type VoucherRow = {
  id: number;
  code: string;
  kind: VoucherKind;
  value: number;
  currency: Currency | null;
  /** AMOUNT in CZK: its own value in euro cents for a cart in euros; null: crowns only. */
  valueEur: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  capacity: number | null;
  usedCount: number;
  oncePerCustomer: boolean;
  minimumCartCzk: number | null;
  minimumCartEur: number | null;
  boundEmail: string | null;
  customerId: number | null;
};

/** What the rules need of a cart. goodsGross: the goods with VAT, in minor units of `currency`. */
export type CartForVouchers = {
  id: string;
  currency: Currency;
  customerId: number | null;
  /** The e-mail the order will carry (or the one given to check a voucher); null before it is known. */
  email: string | null;
  goodsGross: number;
};

export type VoucherEntry = {
  voucherId: number;
  code: string;
  kind: VoucherKind;
  /** The voucher's value: minor units of `currency` for AMOUNT, whole percent for PERCENT, 0 for FREE_SHIPPING. */
  value: number;
  currency: Currency | null;
  valueEur: number | null;
  valid: boolean;
  problem: VoucherProblem | null;
  /** The problem's message in the requested language; null when valid. */
  message: string | null;
  /** What this voucher takes off the goods (with VAT, minor units of the cart's currency); 0 when invalid. */
  discountGross: number;
};

export type VoucherEvaluation = {
  entries: VoucherEntry[];
  /** The sum of the entries' discounts, never more than the goods. */
  discountGross: number;
  /** A valid free-shipping voucher is in the cart. */
  freeShipping: boolean;
};

export type EvaluateOptions = {
  /** The moment the validity windows are judged at (tests); now by default. */
  now?: Date;
};

/** Codes are compared trimmed and upper-case ('jaro10 ' is JARO10); vouchers are stored upper-case. */
export function normalizeVoucherCode(input: string): string {
  return input.trim().toUpperCase();
}

export function normalizeEmail(input: string | null | undefined): string | null {
  const email = input?.trim().toLowerCase();
  return email ? email : null;
}

/** The cart's minimum for this voucher in the cart's currency; null when it has none there. */
export function voucherMinimum(voucher: Pick<VoucherRow, 'minimumCartCzk' | 'minimumCartEur'>, currency: Currency): number | null {
  return currency === 'CZK' ? voucher.minimumCartCzk : voucher.minimumCartEur;
}

/**
 * What an AMOUNT voucher is worth in a cart of this currency: its value in its own currency, or the
 * euro value a crown voucher names for euro carts; null when it has none there (never converted).
 */
export function voucherAmount(voucher: Pick<VoucherRow, 'kind' | 'value' | 'currency' | 'valueEur'>, currency: Currency): number | null {
  if (voucher.kind !== 'AMOUNT') return null;
  if (voucher.currency === currency) return voucher.value;
  return currency === 'EUR' && voucher.currency === 'CZK' ? voucher.valueEur : null;
}

/**
 * The first rule the voucher breaks for this cart, or null when it can be used. Checked in the
 * order a shopper can act on: things about the voucher itself first, then who may use it, then the
 * cart. `usedByThisEmail`: a once-per-customer voucher already has a use under the cart's e-mail.
 */
export function voucherProblem(
  voucher: VoucherRow,
  cart: Pick<CartForVouchers, 'currency' | 'customerId' | 'email' | 'goodsGross'>,
  usedByThisEmail: boolean,
  now: Date,
): VoucherProblem | null {
  // the window is [validFrom, validUntil): instants, shown to shoppers in Prague time
  if (voucher.validFrom && now.getTime() < voucher.validFrom.getTime()) return 'NOT_YET_VALID';
  if (voucher.validUntil && now.getTime() >= voucher.validUntil.getTime()) return 'EXPIRED';
  if (voucher.capacity !== null && voucher.usedCount >= voucher.capacity) return 'CAPACITY_EXHAUSTED';
  if (voucher.customerId !== null && voucher.customerId !== cart.customerId) return 'WRONG_CUSTOMER';
  const email = normalizeEmail(cart.email);
  if (voucher.boundEmail !== null) {
    if (!email) return 'EMAIL_REQUIRED';
    if (email !== normalizeEmail(voucher.boundEmail)) return 'EMAIL_MISMATCH';
  }
  if (voucher.oncePerCustomer && usedByThisEmail) return 'ALREADY_USED';
  if (voucher.kind === 'AMOUNT' && voucherAmount(voucher, cart.currency) === null) return 'WRONG_CURRENCY';
  const minimum = voucherMinimum(voucher, cart.currency);
  // "at least": a cart worth exactly the minimum qualifies
  if (minimum !== null && cart.goodsGross < minimum) return 'MINIMUM_NOT_MET';
  return null;
}

/** The shopper's message for a problem, with the details it names (date, amount, currency). */
export function voucherProblemMessage(
  problem: VoucherProblem,
  voucher: Pick<VoucherRow, 'validFrom' | 'currency' | 'minimumCartCzk' | 'minimumCartEur'> | null,
  currency: Currency,
  language: Language,
): string {
  switch (problem) {
    case 'NOT_FOUND':
      return message('voucherNotFound', language);
    case 'EMAIL_REQUIRED':
      return message('voucherEmailRequired', language);
    case 'EMAIL_MISMATCH':
      return message('voucherEmailMismatch', language);
    case 'CAPACITY_EXHAUSTED':
      return message('voucherCapacityExhausted', language);
    case 'ALREADY_ADDED':
      return message('voucherAlreadyAdded', language);
    case 'EXPIRED':
      return message('voucherExpired', language);
    case 'NOT_YET_VALID':
      return formatMessage('voucherNotYetValid', language, {
        date: voucher?.validFrom ? formatDateTime(voucher.validFrom, language) : '',
      });
    case 'WRONG_CUSTOMER':
      return message('voucherWrongCustomer', language);
    case 'MINIMUM_NOT_MET': {
      // the spec's message "followed by the amount", in the cart's currency
      const minimum = voucher ? (voucherMinimum(voucher, currency) ?? 0) : 0;
      return `${message('voucherMinimumNotMet', language)} ${formatMoney(minimum, currency, language)}.`;
    }
    case 'ALREADY_USED':
      return message('voucherAlreadyUsed', language);
    case 'WRONG_CURRENCY':
      return formatMessage('voucherWrongCurrency', language, { currency: voucher?.currency ?? currency });
    case 'TOO_MANY_VOUCHERS':
      return formatMessage('voucherTooMany', language, { max: MAX_VOUCHERS_PER_CART });
    case 'NEEDS_CART':
      return message('voucherNeedsCart', language);
    case 'REMOVE_NEEDS_CART':
      return message('voucherRemoveNeedsCart', language);
  }
}

/** A percentage of an amount, rounded half up to whole minor units (both are non-negative integers). */
function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/**
 * The pure part of evaluateVouchers: entries in the order they were added. Percentages are taken
 * of the goods (not of each other), fixed amounts follow, and the total never exceeds the goods:
 * a voucher that would pass them gives only what is left.
 */
export function evaluateVoucherRows(
  vouchers: readonly VoucherRow[],
  cart: CartForVouchers,
  usedOnce: ReadonlySet<number>,
  language: Language,
  now: Date,
): VoucherEvaluation {
  const judged = vouchers.map((voucher) => ({ voucher, problem: voucherProblem(voucher, cart, usedOnce.has(voucher.id), now) }));
  const discounts = new Map<number, number>();
  let left = Math.max(0, cart.goodsGross);
  for (const kind of ['PERCENT', 'AMOUNT'] as const) {
    for (const { voucher, problem } of judged) {
      if (problem || voucher.kind !== kind) continue;
      const wanted = kind === 'PERCENT' ? percentOf(cart.goodsGross, voucher.value) : (voucherAmount(voucher, cart.currency) ?? 0);
      const discount = Math.min(wanted, left);
      left -= discount;
      discounts.set(voucher.id, discount);
    }
  }
  const entries = judged.map(({ voucher, problem }) => ({
    voucherId: voucher.id,
    code: voucher.code,
    kind: voucher.kind,
    value: voucher.value,
    currency: voucher.currency,
    valueEur: voucher.valueEur,
    valid: problem === null,
    problem,
    message: problem ? voucherProblemMessage(problem, voucher, cart.currency, language) : null,
    discountGross: discounts.get(voucher.id) ?? 0,
  }));
  return {
    entries,
    discountGross: entries.reduce((sum, entry) => sum + entry.discountGross, 0),
    freeShipping: judged.some(({ voucher, problem }) => problem === null && voucher.kind === 'FREE_SHIPPING'),
  };
}

/** Ids of the once-per-customer vouchers among these that already have a use under this e-mail. */
export async function usedOnceByEmail(db: Db | Tx, vouchers: readonly VoucherRow[], email: string | null): Promise<Set<number>> {
  const key = normalizeEmail(email);
  const ids = vouchers.filter((voucher) => voucher.oncePerCustomer).map((voucher) => voucher.id);
  if (!key || ids.length === 0) return new Set();
  const uses = await db.voucherUse.findMany({ where: { voucherId: { in: ids }, onceKey: key }, select: { voucherId: true } });
  return new Set(uses.map((use) => use.voucherId));
}

/**
 * The cart's vouchers judged now: for the cart page, the checkout totals and, inside the order's
 * transaction (pass the transaction client), the order itself. Two queries.
 */
export async function evaluateVouchers(
  db: Db | Tx,
  cart: CartForVouchers,
  language: Language,
  options: EvaluateOptions = {},
): Promise<VoucherEvaluation> {
  const rows = await db.cartVoucher.findMany({
    where: { cartId: cart.id },
    orderBy: [{ createdAt: 'asc' }, { voucherId: 'asc' }],
    select: { voucher: { select: voucherSelect } },
  });
  const vouchers = rows.map((row) => row.voucher);
  const usedOnce = await usedOnceByEmail(db, vouchers, cart.email);
  return evaluateVoucherRows(vouchers, cart, usedOnce, language, options.now ?? new Date());
}

/**
 * Records the use of the order's vouchers inside the order's transaction. Each use counts only
 * while the voucher is below its capacity (the check and the count are one statement, so parallel
 * orders cannot pass it together) and a once-per-customer voucher gets a row unique per e-mail.
 * Throws a VoucherError when a limit was hit meanwhile: the caller's transaction then rolls back
 * and the shopper is told which voucher stopped being valid.
 */
export async function recordVoucherUses(
  tx: Tx,
  orderId: number,
  cart: Pick<CartForVouchers, 'customerId' | 'email' | 'currency'>,
  entries: readonly Pick<VoucherEntry, 'voucherId' | 'valid'>[],
  language: Language = 'cs',
): Promise<void> {
  const email = normalizeEmail(cart.email);
  for (const entry of entries) {
    if (!entry.valid) throw new Error(`recordVoucherUses: voucher ${entry.voucherId} is not valid; the order must be refused before`);
    const counted = await tx.$queryRaw<{ oncePerCustomer: boolean }[]>`
      UPDATE "Voucher" SET "usedCount" = "usedCount" + 1
       WHERE "id" = ${entry.voucherId}::int AND ("capacity" IS NULL OR "usedCount" < "capacity")
      RETURNING "oncePerCustomer"`;
    if (counted.length === 0) {
      throw new VoucherError('CAPACITY_EXHAUSTED', voucherProblemMessage('CAPACITY_EXHAUSTED', null, cart.currency, language));
    }
    const onceKey = counted[0].oncePerCustomer ? email : null;
    if (counted[0].oncePerCustomer && !onceKey) throw new Error('recordVoucherUses: a once-per-customer voucher needs the order e-mail');
    // the unique (voucherId, onceKey) decides between parallel orders of one customer
    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "VoucherUse" ("voucherId", "orderId", "customerId", "onceKey")
      VALUES (${entry.voucherId}::int, ${orderId}::int, ${cart.customerId}::int, ${onceKey}::text)
      ON CONFLICT ("voucherId", "onceKey") DO NOTHING
      RETURNING "id"`;
    if (inserted.length === 0) {
      throw new VoucherError('ALREADY_USED', voucherProblemMessage('ALREADY_USED', null, cart.currency, language));
    }
  }
}

// ------------------------------------------------------------------------------------------------
// Shopper actions: check a code, put it in the cart, take it out.

/** What the voucher actions need of a request (the GraphQL context provides it). */
export type VoucherContext = Pick<CartContext, 'prisma' | 'language' | 'currency' | 'customerId' | 'session'> & {
  rateLimiter: RateLimiter;
  clientIp: string;
  config: { eurRate: number };
  /** The clock of seat holds: a held seat counts as goods until its hold expires. */
  clock: Clock;
};

/**
 * The goods of a cart with VAT in the currency, its held seats included, as Cart.total and the checkout
 * compute them (schema/rules/cart-money.ts).
 */
export async function cartGoodsGross(db: Db | Tx, cartId: string, currency: Currency, eurRate: number, now: Date): Promise<number> {
  const tickets = await cartTicketLines(db, cartId, { currency, language: 'cs', now });
  const lines = await db.cartLine.findMany({
    where: { cartId },
    select: {
      quantity: true,
      variant: { select: { priceCzk: true, priceEur: true, originalPriceCzk: true, originalPriceEur: true, product: { select: { vatRate: true } } } },
    },
  });
  return goodsByRate([
    ...lines.map((line) => ({ unitGross: unitPrice(line.variant, currency, eurRate), quantity: line.quantity, ratePercent: line.variant.product.vatRate })),
    ...tickets.map(ticketGoodsLine),
  ]).total.gross;
}

/**
 * The e-mail a cart's vouchers are judged with: the order's own once the invoice address names one
 * (the order is written with it, so an e-mail-bound or once-per-customer voucher must be judged with
 * it, never with another one typed into the voucher form), else the one given with a voucher, else
 * the logged-in customer's.
 */
export function voucherEmail(cart: { invoiceAddress: Prisma.JsonValue | null; email: string | null; customer?: { email: string } | null }): string | null {
  const invoice = cart.invoiceAddress;
  const invoiceEmail = invoice !== null && typeof invoice === 'object' && !Array.isArray(invoice) && typeof invoice.email === 'string' ? invoice.email : null;
  return normalizeEmail(invoiceEmail) ?? normalizeEmail(cart.email) ?? normalizeEmail(cart.customer?.email);
}

/** The e-mail a cart's vouchers are judged with (voucherEmail). */
export async function cartEmail(db: Db | Tx, cartId: string): Promise<string | null> {
  const cart = await db.cart.findUnique({ where: { id: cartId }, select: { email: true, invoiceAddress: true, customer: { select: { email: true } } } });
  return cart ? voucherEmail(cart) : null;
}

function emptyCodeError(language: Language): ValidationError {
  return new ValidationError([{ field: 'code', message: message('voucherCodeEmptyHint', language) }], message('voucherCodeEmpty', language));
}

function voucherError(problem: VoucherProblem, voucher: VoucherRow | null, currency: Currency, language: Language): VoucherError {
  return new VoucherError(problem, voucherProblemMessage(problem, voucher, currency, language));
}

/** Guessing codes is limited per client address (RATE_RULES.voucherCheckPerIp), counted before the lookup. */
async function limitAttempts(ctx: VoucherContext): Promise<void> {
  const limit = await ctx.rateLimiter.consume(RATE_RULES.voucherCheckPerIp, ipKey(ctx.clientIp));
  if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, ctx.language);
}

function readCode(ctx: VoucherContext, input: string): string {
  const code = normalizeVoucherCode(input);
  if (!code) throw emptyCodeError(ctx.language);
  return code;
}

async function findVoucher(db: Db | Tx, code: string): Promise<VoucherRow | null> {
  // longer input cannot be a code and is not looked up
  if (code.length > VOUCHER_CODE_MAX_LENGTH) return null;
  return db.voucher.findUnique({ where: { code }, select: voucherSelect });
}

export type VoucherCheck = {
  voucher: VoucherRow;
  /** Why it could not be put in this session's cart now (null: it could). */
  problem: VoucherProblem | null;
  message: string | null;
};

/**
 * The /voucher page: what a code is worth and on what conditions. An unknown code, and a voucher
 * bound to an e-mail or a customer the request does not match, are errors that reveal nothing of it;
 * any other reason it cannot be used now (expired, used up, the cart under its minimum ...) comes
 * with the voucher's details, so the shopper sees the conditions. Throws ValidationError (no code),
 * TooManyAttemptsError or VoucherError.
 */
export async function checkVoucher(ctx: VoucherContext, codeInput: string, emailInput: string | null): Promise<VoucherCheck> {
  const code = readCode(ctx, codeInput);
  await limitAttempts(ctx);
  const voucher = await findVoucher(ctx.prisma, code);
  if (!voucher) throw voucherError('NOT_FOUND', null, ctx.currency, ctx.language);

  const cartId = await currentCartId(ctx);
  const email = normalizeEmail(emailInput) ?? (cartId ? await cartEmail(ctx.prisma, cartId) : await customerEmail(ctx));
  const cart: CartForVouchers = {
    id: cartId ?? '',
    currency: ctx.currency,
    customerId: ctx.customerId,
    email,
    goodsGross: cartId ? await cartGoodsGross(ctx.prisma, cartId, ctx.currency, ctx.config.eurRate, ctx.clock()) : 0,
  };
  const used = await usedOnceByEmail(ctx.prisma, [voucher], email);
  let problem = voucherProblem(voucher, cart, used.has(voucher.id), new Date());
  if (problem === 'EMAIL_REQUIRED' || problem === 'EMAIL_MISMATCH' || problem === 'WRONG_CUSTOMER') {
    throw voucherError(problem, voucher, ctx.currency, ctx.language);
  }
  if (!problem && cartId && (await ctx.prisma.cartVoucher.count({ where: { cartId, voucherId: voucher.id } })) > 0) problem = 'ALREADY_ADDED';
  if (!problem && !cartId) problem = 'NEEDS_CART';
  return { voucher, problem, message: problem ? voucherProblemMessage(problem, voucher, ctx.currency, ctx.language) : null };
}

async function customerEmail(ctx: VoucherContext): Promise<string | null> {
  if (ctx.customerId === null) return null;
  const customer = await ctx.prisma.customer.findUnique({ where: { id: ctx.customerId }, select: { email: true } });
  return normalizeEmail(customer?.email);
}


/**
 * Puts a voucher in the session's cart when it can be used there now. The e-mail it was checked with
 * (the one given with the code, else the cart's, else the logged-in customer's) becomes the cart's
 * e-mail when it was given or the cart had none: the order is judged with the cart's e-mail, so it
 * must carry the one an e-mail-bound or once-per-customer voucher was checked with. Returns the cart's
 * id; throws ValidationError (no code), TooManyAttemptsError or VoucherError.
 */
export async function applyVoucher(ctx: VoucherContext, codeInput: string, emailInput: string | null): Promise<string> {
  const code = readCode(ctx, codeInput);
  await limitAttempts(ctx);
  const voucher = await findVoucher(ctx.prisma, code);
  if (!voucher) throw voucherError('NOT_FOUND', null, ctx.currency, ctx.language);
  const cartId = await currentCartId(ctx);
  const needsCart = () => voucherError('NEEDS_CART', voucher, ctx.currency, ctx.language);
  if (!cartId) throw needsCart();
  const givenEmail = normalizeEmail(emailInput);

  await ctx.prisma.$transaction(async (tx) => {
    if (!(await lockCart(tx, cartId))) throw needsCart();
    const inCart = await tx.cartVoucher.findMany({ where: { cartId }, select: { voucherId: true } });
    if (inCart.some((row) => row.voucherId === voucher.id)) throw voucherError('ALREADY_ADDED', voucher, ctx.currency, ctx.language);
    if (inCart.length >= MAX_VOUCHERS_PER_CART) throw voucherError('TOO_MANY_VOUCHERS', voucher, ctx.currency, ctx.language);
    const goodsGross = await cartGoodsGross(tx, cartId, ctx.currency, ctx.config.eurRate, ctx.clock());
    if (goodsGross === 0) throw needsCart();
    const email = givenEmail ?? (await cartEmail(tx, cartId));
    const cart: CartForVouchers = { id: cartId, currency: ctx.currency, customerId: ctx.customerId, email, goodsGross };
    const used = await usedOnceByEmail(tx, [voucher], email);
    const problem = voucherProblem(voucher, cart, used.has(voucher.id), new Date());
    if (problem) throw voucherError(problem, voucher, ctx.currency, ctx.language);
    await tx.cartVoucher.create({ data: { cartId, voucherId: voucher.id } });
    // the e-mail it was checked with goes with the cart (the order is judged with the cart's e-mail)
    if (email && (givenEmail || !(await tx.cart.findUnique({ where: { id: cartId }, select: { email: true } }))?.email)) {
      await tx.cart.update({ where: { id: cartId }, data: { email } });
    }
  }, TRANSACTION_OPTIONS);
  return cartId;
}

/** Takes a voucher out of the session's cart; taking out one that is not there changes nothing. */
export async function removeVoucher(ctx: VoucherContext, codeInput: string): Promise<string> {
  const code = readCode(ctx, codeInput);
  const cartId = await currentCartId(ctx);
  if (!cartId) throw voucherError('REMOVE_NEEDS_CART', null, ctx.currency, ctx.language);
  await ctx.prisma.cartVoucher.deleteMany({ where: { cartId, voucher: { code } } });
  return cartId;
}

