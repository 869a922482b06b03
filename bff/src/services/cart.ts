// Cart rules: the session owns one cart; quantities are checked against stock on the server.
//
// Parallel requests (a double click, a browser's first adds sent at once) must not break the rules,
// so they rest on the database rather than on a read followed by a write:
// - one cart per session: a cart is created with INSERT ... ON CONFLICT on its unique sessionKey
//   (a hash of the session id), so parallel first adds of one session meet on the same cart;
// - stock: the statement that changes a line checks the stock in its own WHERE, so no interleaving
//   of adds can put more pieces in a line than the variant has;
// - a change that writes more than one row runs in one transaction, which first locks the cart's
//   row (touching updatedAt) and only then its lines: changes of one cart queue up in that order
//   instead of deadlocking.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Currency, Language, Prisma } from '../generated/prisma/client.ts';
import { formatMessage, message } from '../i18n/messages.ts';
import { InsufficientStockError, NotFoundError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { clientKey, RATE_RULES, type RateLimiter } from '../rate-limit/rate-limit.ts';
import { MAX_CART_LINE_QUANTITY } from '../../../schema/rules/index.ts';
import { databaseId } from './database-id.ts';

/** What the cart rules need of a request (the GraphQL context provides it). */
export type CartContext = {
  prisma: Db;
  language: Language;
  currency: Currency;
  customerId: number | null;
  /** The session's pointer to its cart. */
  session: { cartId?: string };
  /** SHA-256 (hex) of the session id: the key of the one cart this session may start. */
  sessionKey: string;
  /** A partner token's request; the cart it starts belongs to that token (http/partner-auth.ts). */
  partner: { tokenId: number | null } | null;
  rateLimiter: RateLimiter;
  clientIp: string;
};

type Tx = Prisma.TransactionClient;

// Waiting for a connection or for the cart's lock: parallel changes of one cart queue up.
export const TRANSACTION_OPTIONS = { maxWait: 5_000, timeout: 5_000 };

function quantityError(ctx: CartContext, allowZero: boolean): ValidationError {
  const text = formatMessage('quantityOutOfRange', ctx.language, { min: allowZero ? 0 : 1, max: MAX_CART_LINE_QUANTITY });
  return new ValidationError([{ field: 'quantity', message: text }], text);
}

function checkQuantity(ctx: CartContext, quantity: number, allowZero: boolean) {
  const min = allowZero ? 0 : 1;
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_CART_LINE_QUANTITY) throw quantityError(ctx, allowZero);
}

/** The session's cart id, if it still exists. */
export async function currentCartId(ctx: Pick<CartContext, 'prisma' | 'session'>): Promise<string | null> {
  const id = ctx.session.cartId;
  if (!id) return null;
  const cart = await ctx.prisma.cart.findUnique({ where: { id }, select: { id: true, order: { select: { id: true } } } });
  // A cart that became an order is finished; the next add starts a new one.
  return cart && !cart.order ? cart.id : null;
}

/**
 * Locks the cart's row until the transaction ends, touching its updatedAt. False when the cart is
 * gone or has become an order.
 */
export async function lockCart(tx: Prisma.TransactionClient, cartId: string): Promise<boolean> {
  const touched = await tx.$executeRaw`
    UPDATE "Cart" SET "updatedAt" = (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')
     WHERE "id" = ${cartId}::text
       AND NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."cartId" = "Cart"."id")`;
  if (touched !== 1) return false;
  // The UPDATE may have waited for placeOrder, which holds this row until its order commits, and
  // its NOT EXISTS was judged on a snapshot from before that wait. A new statement sees the order.
  return (await tx.order.count({ where: { cartId } })) === 0;
}

/** The session's one cart, created if it has none; its row is locked until the transaction ends. */
export async function claimSessionCart(tx: Tx, ctx: CartContext): Promise<string> {
  // A cart of this session that became an order is finished: it gives its key up for the next one.
  await tx.$executeRaw`
    UPDATE "Cart" SET "sessionKey" = NULL
     WHERE "sessionKey" = ${ctx.sessionKey}::text
       AND EXISTS (SELECT 1 FROM "Order" o WHERE o."cartId" = "Cart"."id")`;
  // When a parallel request of the same session created the cart first, the conflict hands over
  // its row (PostgreSQL waits until that request's transaction ends); updating updatedAt, a column
  // no key uses, locks the row without blocking the lines' foreign keys.
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Cart" ("id", "sessionKey", "currency", "language", "customerId", "apiTokenId", "updatedAt")
    VALUES (${randomUUID()}::text, ${ctx.sessionKey}::text, ${ctx.currency}::"Currency", ${ctx.language}::"Language",
            ${ctx.customerId}::int, ${ctx.partner?.tokenId ?? null}::int, (CURRENT_TIMESTAMP AT TIME ZONE 'UTC'))
    ON CONFLICT ("sessionKey") DO UPDATE SET "updatedAt" = EXCLUDED."updatedAt"
    RETURNING "id"`;
  return rows[0].id;
}

/** Why an add wrote nothing: the variant is gone, the stock is short, or the line would pass 99. */
async function addRefusal(tx: Tx, ctx: CartContext, cartId: string, variantId: number, quantity: number) {
  const variant = await tx.variant.findUnique({ where: { id: variantId }, select: { stock: true } });
  if (!variant) return new NotFoundError(message('variantNotFound', ctx.language));
  const line = await tx.cartLine.findUnique({ where: { cartId_variantId: { cartId, variantId } }, select: { quantity: true } });
  const wanted = (line?.quantity ?? 0) + quantity;
  if (wanted > MAX_CART_LINE_QUANTITY && wanted <= variant.stock) return quantityError(ctx, false);
  return new InsufficientStockError(message('quantityNotAvailable', ctx.language), variant.stock);
}

/**
 * The cart a customer continues with after signing in. The guest cart of this session is merged
 * into the customer's open cart from earlier visits (quantities added, capped by stock and the
 * 99-piece limit; its vouchers and held seats carried over) and then removed; with no earlier cart the guest cart
 * simply becomes the customer's; with no guest cart the earlier one is picked up.
 * A cart that belongs to another customer is never touched.
 */
export async function cartAfterLogin(prisma: Db, guestCartId: string | undefined, customerId: number): Promise<string | null> {
  return prisma.$transaction(async (tx) => {
    const earlier = await tx.cart.findFirst({
      where: { customerId, order: null, ...(guestCartId ? { id: { not: guestCartId } } : {}) },
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
      select: { id: true },
    });
    const guest = guestCartId
      ? await tx.cart.findFirst({ where: { id: guestCartId, order: null, OR: [{ customerId: null }, { customerId }] }, select: { id: true } })
      : null;
    if (!guest) return earlier && (await lockCart(tx, earlier.id)) ? earlier.id : null;
    if (!earlier || !(await lockCart(tx, earlier.id))) {
      await tx.cart.update({ where: { id: guest.id }, data: { customerId } });
      return guest.id;
    }
    if (!(await lockCart(tx, guest.id))) return earlier.id;
    await tx.$executeRaw`
      INSERT INTO "CartLine" ("cartId", "variantId", "quantity")
      SELECT ${earlier.id}::text, g."variantId", LEAST(g."quantity", v."stock", ${MAX_CART_LINE_QUANTITY}::int)
        FROM "CartLine" g JOIN "Variant" v ON v."id" = g."variantId"
       WHERE g."cartId" = ${guest.id}::text AND v."stock" > 0
      ON CONFLICT ("cartId", "variantId") DO UPDATE
         SET "quantity" = LEAST("CartLine"."quantity" + EXCLUDED."quantity",
                                (SELECT v."stock" FROM "Variant" v WHERE v."id" = EXCLUDED."variantId"),
                                ${MAX_CART_LINE_QUANTITY}::int)`;
    await tx.$executeRaw`
      INSERT INTO "CartVoucher" ("cartId", "voucherId", "createdAt")
      SELECT ${earlier.id}::text, "voucherId", "createdAt" FROM "CartVoucher" WHERE "cartId" = ${guest.id}::text
      ON CONFLICT DO NOTHING`;
    // held seats go with the goods (deleting the guest cart would free them)
    await tx.$executeRaw`
      UPDATE "EventSeat" SET "cartId" = ${earlier.id}::text WHERE "cartId" = ${guest.id}::text AND "orderId" IS NULL`;
    await tx.cart.delete({ where: { id: guest.id } });
    return earlier.id;
  }, TRANSACTION_OPTIONS);
}

/**
 * New carts are limited per client (RATE_RULES.newCartPerIp, counted by clientKey: the client address,
 * or a partner's token, whose carts were not limited before issue 40): an add to a session without a
 * cart counts, first of all, and past the limit is refused with a TooManyAttemptsError. Call it before
 * addToCart, before the add's arguments are read.
 */
export async function limitNewCarts(ctx: CartContext): Promise<void> {
  if ((await currentCartId(ctx)) !== null) return;
  const limit = await ctx.rateLimiter.consume(RATE_RULES.newCartPerIp, clientKey(ctx));
  if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, ctx.language);
}

/** Adds pieces of a variant to the session's cart, starting the cart when it has none; returns the cart's id. */
export async function addToCart(ctx: CartContext, variantIdInput: string | number, quantity: number): Promise<string> {
  checkQuantity(ctx, quantity, false);
  const variantId = databaseId(variantIdInput);
  const variant = await ctx.prisma.variant.findFirst({
    where: { id: variantId, product: { published: true } },
    select: { id: true },
  });
  if (!variant) throw new NotFoundError(message('variantNotFound', ctx.language));
  const known = await currentCartId(ctx);

  const cartId = await ctx.prisma.$transaction(async (tx) => {
    const cartId = known && (await lockCart(tx, known)) ? known : await claimSessionCart(tx, ctx);
    // Adds the pieces only while the line stays within the stock and the 99-piece limit; the check
    // and the change are one statement, so parallel adds cannot both pass it.
    const written = await tx.$queryRaw<{ quantity: number }[]>`
      INSERT INTO "CartLine" ("cartId", "variantId", "quantity")
      SELECT ${cartId}::text, v."id", ${quantity}::int
        FROM "Variant" v
       WHERE v."id" = ${variantId}::int AND v."stock" >= ${quantity}::int
      ON CONFLICT ("cartId", "variantId") DO UPDATE
         SET "quantity" = "CartLine"."quantity" + EXCLUDED."quantity"
       WHERE "CartLine"."quantity" + EXCLUDED."quantity" <= ${MAX_CART_LINE_QUANTITY}::int
         AND "CartLine"."quantity" + EXCLUDED."quantity" <= (SELECT v."stock" FROM "Variant" v WHERE v."id" = EXCLUDED."variantId")
      RETURNING "quantity"`;
    // throwing rolls the transaction back: a cart created for this add is not kept either
    if (written.length === 0) throw await addRefusal(tx, ctx, cartId, variantId, quantity);
    return cartId;
  }, TRANSACTION_OPTIONS);

  if (cartId !== known) ctx.session.cartId = cartId;
  return cartId;
}

/** Sets a line's quantity; 0 removes the line. Only lines of the session's own cart. */
export async function setCartLineQuantity(ctx: CartContext, lineIdInput: string | number, quantity: number): Promise<string> {
  checkQuantity(ctx, quantity, true);
  const lineId = databaseId(lineIdInput);
  const cartId = await currentCartId(ctx);
  const notFound = () => new NotFoundError(message('cartLineNotFound', ctx.language));
  if (!cartId) throw notFound();

  await ctx.prisma.$transaction(async (tx) => {
    if (!(await lockCart(tx, cartId))) throw notFound();
    if (quantity === 0) {
      const { count } = await tx.cartLine.deleteMany({ where: { id: lineId, cartId } });
      if (count === 0) throw notFound();
      return;
    }
    // the stock check and the change in one statement
    const written = await tx.$queryRaw<{ id: number }[]>`
      UPDATE "CartLine" l SET "quantity" = ${quantity}::int
        FROM "Variant" v
       WHERE l."id" = ${lineId}::int AND l."cartId" = ${cartId}::text
         AND v."id" = l."variantId" AND v."stock" >= ${quantity}::int
      RETURNING l."id"`;
    if (written.length > 0) return;
    const line = await tx.cartLine.findFirst({ where: { id: lineId, cartId }, select: { variant: { select: { stock: true } } } });
    if (!line) throw notFound();
    throw new InsufficientStockError(message('quantityNotAvailable', ctx.language), line.variant.stock);
  }, TRANSACTION_OPTIONS);
  return cartId;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * How long a guest's cart (no customer, not ordered) is kept after its last change (every change
 * touches updatedAt): an empty one a day, one with goods 30 days (docs/decisions/0004-sessions-and-csrf.md).
 * A customer's cart stays with her account.
 */
export const GUEST_CART_RETENTION = { emptyMs: DAY_MS, withGoodsMs: 30 * DAY_MS } as const;

/** Deletes abandoned guest carts (run periodically by the app); the number deleted. */
export async function pruneAbandonedCarts(db: Db, now = new Date()): Promise<number> {
  const empty = new Date(now.getTime() - GUEST_CART_RETENTION.emptyMs).toISOString();
  const withGoods = new Date(now.getTime() - GUEST_CART_RETENTION.withGoodsMs).toISOString();
  return db.$executeRaw`
    DELETE FROM "Cart" c
     WHERE c."customerId" IS NULL
       AND NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."cartId" = c."id")
       AND (c."updatedAt" < ${withGoods}::timestamp
            OR (c."updatedAt" < ${empty}::timestamp AND NOT EXISTS (SELECT 1 FROM "CartLine" l WHERE l."cartId" = c."id")))`;
}
