// The cart read once (issue 41, section 5). The header's count and total, the cart page and the
// checkout all show one cart: its lines, held seats, vouchers and money. They are computed once per
// request from one row — the cart with everything the view needs, read in the same statement as the
// fields the client asked for (Query.cart and each mutation load it; graphql/schema/cart.ts spreads
// `cartViewSelect` into the fields that read the view) — and kept for the rest of the request by the
// request's CartViews.
//
// A view belongs to the row it was built from: a mutation loads its cart again after its write, and
// that new row gets a new view, so nothing is ever read from a view older than the last write.
import type { Prisma } from '../generated/prisma/client.ts';
import { checkoutCartColumns, checkoutCartInclude, checkoutFrom, ticketPaymentRules, type Checkout, type CheckoutContext } from './checkout.ts';
import { liveHoldsSelect, ticketLinesOf, type CartTicketLine } from './tickets.ts';
import { evaluateVoucherRows, usedOnceByEmail, voucherEmail, voucherSelect } from './vouchers.ts';

/** The order of a cart's lines: every selection of them in one request must agree to be read in one statement. */
export const CART_LINE_ORDER = checkoutCartInclude.lines.orderBy;

/** Everything the view reads of a cart, as one Prisma selection (one SQL statement with its relations). */
export function cartViewSelect(now: Date) {
  return {
    ...checkoutCartColumns,
    lines: checkoutCartInclude.lines,
    deliveryMethod: checkoutCartInclude.deliveryMethod,
    paymentMethod: checkoutCartInclude.paymentMethod,
    pickupPoint: checkoutCartInclude.pickupPoint,
    customer: checkoutCartInclude.customer,
    vouchers: { orderBy: [{ createdAt: 'asc' }, { voucherId: 'asc' }], select: { voucher: { select: voucherSelect } } },
    seats: liveHoldsSelect(now),
  } as const satisfies Prisma.CartSelect;
}

export type CartViewRow = Prisma.CartGetPayload<{ select: ReturnType<typeof cartViewSelect> }>;

/** The cart as every cart field shows it: the checkout's computation, with the held seats' matches. */
export type CartView = Checkout & { tickets: CartTicketLine[] };

/** What building a view needs of a request (the GraphQL context provides it). */
export type CartViewContext = Pick<CheckoutContext, 'prisma' | 'currency' | 'language' | 'config'>;

/** Builds a view from its row: no statement, except the once-per-customer uses of its vouchers when it has such a voucher and an e-mail. */
export async function buildCartView(ctx: CartViewContext, row: CartViewRow, now: Date): Promise<CartView> {
  const tickets = ticketLinesOf(row.seats, { currency: ctx.currency, language: ctx.language, now });
  const vouchers = row.vouchers.map((entry) => entry.voucher);
  const usedOnce = await usedOnceByEmail(ctx.prisma, vouchers, voucherEmail(row));
  const checkout = await checkoutFrom(row, tickets, async (cart) => evaluateVoucherRows(vouchers, cart, usedOnce, ctx.language, new Date()), {
    currency: ctx.currency,
    language: ctx.language,
    eurRate: ctx.config.eurRate,
    ticketPayment: ticketPaymentRules(ctx.config),
    now,
  });
  return { ...checkout, tickets };
}

/**
 * The request's cart views (one object per GraphQL request, on its context): `now` is the moment the
 * request reads its seat holds at, so every field's selection is the same and loads with one statement.
 */
export class CartViews {
  readonly now: Date;
  private readonly built = new Map<string, { row: CartViewRow; view: Promise<CartView> }>();

  constructor(now: Date) {
    this.now = now;
  }

  /** The view of this row, built on the first ask; a newer row of the same cart (after a write) replaces it. */
  of(ctx: CartViewContext, row: CartViewRow): Promise<CartView> {
    const kept = this.built.get(row.id);
    if (kept && kept.row === row) return kept.view;
    const view = buildCartView(ctx, row, this.now);
    this.built.set(row.id, { row, view });
    return view;
  }
}
