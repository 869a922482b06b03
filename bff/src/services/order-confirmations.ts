// An order confirmed by a link sent to its e-mail, for a shopper without JavaScript (issue 40, docs/
// decisions/0049): after an address's first order in an hour placeOrder asks for the captcha, which
// only a browser with JavaScript can solve. Instead, the checkout posted without it asks for a link:
// the cart's goods are held (held-goods.ts), the order's e-mail gets a link valid for
// CONFIRMATION_VALID_MINUTES, and opening it and pressing the button places the order as placeOrder
// does, with its limits, without the captcha (the mailbox stands in for it).
//
// The link's token is 256 random bits; only its SHA-256 is stored, and the outbox row's copy is
// emptied once the e-mail is sent. It works once: a second use, an expired one or a token that no
// link has all place nothing.
import { createHash, randomBytes } from 'node:crypto';
import { beginCommit } from '../db/operation-signal.ts';
import { message } from '../i18n/messages.ts';
import { ipKey, RATE_RULES } from '../rate-limit/rate-limit.ts';
import { enqueueMail } from './mail-outbox.ts';
import { inTransaction } from '../events/record.ts';
import { NotFoundError, TooManyAttemptsError } from './errors.ts';
import { checkoutAsSeen, outOfStockError, placeCartOrder, type PlaceOrderContext } from './orders.ts';
import { holdGoods, releaseCartHold } from './held-goods.ts';

/** How long the link works and the goods are held. */
export const CONFIRMATION_VALID_MINUTES = 30;

/** 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type ConfirmationRequest = { email: string; expiresAt: Date };

/**
 * Holds the session cart's goods and sends the link that confirms its order to the order's e-mail.
 * The checkout must be complete and what the shopper saw (`revision`), as for placeOrder. Asking
 * again for the same cart replaces the earlier link (its goods go back first).
 */
export async function requestOrderConfirmation(ctx: PlaceOrderContext, revision: string): Promise<ConfirmationRequest> {
  const cartId = ctx.session.cartId;
  const noCart = () => new NotFoundError(message('cartEmpty', ctx.language));
  if (!cartId) throw noCart();
  const token = randomBytes(32).toString('base64url');
  const request = await inTransaction(ctx.prisma, async (tx, changes) => {
    // the same lock as placeOrder's: a link and an order of one cart never cross
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Cart" WHERE "id" = ${cartId}::text FOR UPDATE`;
    if (locked.length === 0 || (await tx.order.count({ where: { cartId } })) > 0) throw noCart();
    await releaseCartHold(tx, changes, cartId);
    const checkout = await checkoutAsSeen(tx, ctx, cartId, revision, ctx.clock());
    const email = checkout.email ?? '';
    // each link holds goods and sends an e-mail: a few per address and e-mail, counted only if sent
    for (const [rule, key] of [
      [RATE_RULES.orderConfirmationPerIp, ipKey(ctx.clientIp)],
      [RATE_RULES.orderConfirmationPerEmail, email],
    ] as const) {
      const limit = await ctx.rateLimiter.consume(rule, key, 1, tx);
      if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, ctx.language, 'tooManyOrders');
    }
    const held = checkout.lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity }));
    const missing = await holdGoods(tx, changes, held);
    if (missing) throw await outOfStockError(tx, ctx, revision, checkout, checkout.lines.find((line) => line.variantId === missing.variantId)!);
    const expiresAt = new Date(Date.now() + CONFIRMATION_VALID_MINUTES * 60_000);
    const data = { tokenHash: tokenHash(token), revision, language: ctx.language, currency: ctx.currency, held, expiresAt, confirmedAt: null, releasedAt: null };
    await tx.orderConfirmation.upsert({ where: { cartId }, create: { cartId, ...data }, update: { ...data, createdAt: new Date() } });
    await enqueueMail(tx, {
      kind: 'orderConfirmationLink',
      recipient: email,
      language: ctx.language,
      payload: { token, validMinutes: CONFIRMATION_VALID_MINUTES, firstName: checkout.invoiceAddress?.firstName },
    });
    changes.record({ kind: 'MailEnqueued' });
    // as placeOrder's: past the time limit (the shopper told "try again") nothing is held or sent
    beginCommit();
    return { email, expiresAt };
  });
  return request;
}

/**
 * Places the order of the link's cart, as its shopper saw it when asking for the link; returns the
 * order's id. A token of no link, a used link and an expired one are refused and place nothing.
 */
export async function confirmOrder(ctx: PlaceOrderContext, token: string): Promise<number> {
  const invalid = () => new NotFoundError(message('orderConfirmationInvalid', ctx.language));
  if (!TOKEN_PATTERN.test(token)) throw invalid();
  const link = await ctx.prisma.orderConfirmation.findUnique({ where: { tokenHash: tokenHash(token) } });
  if (!link) throw invalid();
  if (link.confirmedAt) throw new NotFoundError(message('orderConfirmationUsed', ctx.language));
  if (link.releasedAt || link.expiresAt <= new Date()) throw new NotFoundError(message('orderConfirmationExpired', ctx.language));
  // priced in the currency and named in the language the shopper saw, for whoever opens the link:
  // the order is the cart's (its customer, if any), never the account of the browser the link is opened in
  const asShopper: PlaceOrderContext = { ...ctx, language: link.language, currency: link.currency, customerId: null };
  return placeCartOrder(asShopper, link.cartId, link.revision, { confirmationId: link.id });
}
