// Wishlist rules. Every shopper has at most one wishlist: a customer's (customerId), or a guest
// session's (sessionKey, the SHA-256 of the session id, as for the cart). Both keys are unique in the
// database, so parallel first hearts of one shopper meet on one row (INSERT ... ON CONFLICT), and a
// CHECK constraint requires exactly one owner. Signing in merges the session's list into the customer's.
//
// A wishlist can be shown to others through its share token (≥ 128 random bits in the link); a reset
// replaces the token, so every old link stops working. The shared view shows the owner's first name only.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Language, Prisma } from '../generated/prisma/client.ts';
import { formatMessage, message } from '../i18n/messages.ts';
import { NotFoundError, ValidationError } from './errors.ts';

/** A wishlist holds at most this many products (the page shows them all, the API's cost counts on it). */
export const MAX_WISHLIST_ITEMS = 100;

/** What the wishlist rules need of a request (the GraphQL context provides it). */
export type WishlistContext = {
  prisma: Db;
  language: Language;
  customerId: number | null;
  /** SHA-256 (hex) of the session id: the key of a guest's wishlist. */
  sessionKey: string;
  /** The session's hint that its guest started a wishlist (like session.cartId for the cart). */
  session: { guestWishlist?: boolean };
};

type Tx = Prisma.TransactionClient;

/** 24 bytes (192 bits) from the CSPRNG, base64url: 32 characters for the shared link. */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A share token has this shape; anything else is not looked up at all. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Who owns the wishlist of this request: the customer when signed in, else the session. */
function ownerWhere(ctx: Pick<WishlistContext, 'customerId' | 'sessionKey'>): Prisma.WishlistWhereUniqueInput {
  return ctx.customerId !== null ? { customerId: ctx.customerId } : { sessionKey: ctx.sessionKey };
}

/**
 * Whether looking is worth a statement: a customer may have a list from any device; a guest only
 * when her session started one (pages of shoppers who never gave a heart cost nothing more). Should
 * parallel requests of one session lose the hint, her next heart sets it again on the same list.
 */
function mayHaveWishlist(ctx: WishlistContext): boolean {
  return ctx.customerId !== null || ctx.session.guestWishlist === true;
}

/** The id of this shopper's wishlist, or null when she has none. */
export async function ownWishlistId(ctx: WishlistContext): Promise<number | null> {
  if (!mayHaveWishlist(ctx)) return null;
  const row = await ctx.prisma.wishlist.findUnique({ where: ownerWhere(ctx), select: { id: true } });
  return row?.id ?? null;
}

/** The shopper's wishlist, created if she has none (one statement, safe against parallel requests). */
async function claimWishlist(tx: Tx, ctx: WishlistContext): Promise<number> {
  const rows =
    ctx.customerId !== null
      ? await tx.$queryRaw<{ id: number }[]>`
          INSERT INTO "Wishlist" ("customerId", "shareToken") VALUES (${ctx.customerId}::int, ${newShareToken()}::text)
          ON CONFLICT ("customerId") DO UPDATE SET "name" = "Wishlist"."name"
          RETURNING "id"`
      : await tx.$queryRaw<{ id: number }[]>`
          INSERT INTO "Wishlist" ("sessionKey", "shareToken") VALUES (${ctx.sessionKey}::text, ${newShareToken()}::text)
          ON CONFLICT ("sessionKey") DO UPDATE SET "name" = "Wishlist"."name"
          RETURNING "id"`;
  return rows[0].id;
}

// The product ids in this request's wishlist, read once per request (every card of a page asks).
const memo = new WeakMap<object, Promise<Set<number>>>();

/** The ids of the products in the shopper's wishlist; one query per request, whatever the page size. */
export function wishlistProductIds(ctx: WishlistContext): Promise<Set<number>> {
  let ids = memo.get(ctx);
  if (!ids && !mayHaveWishlist(ctx)) ids = Promise.resolve(new Set<number>());
  if (!ids) {
    ids = ctx.prisma.wishlistItem
      .findMany({ where: { wishlist: ownerWhere(ctx) }, select: { productId: true } })
      .then((rows) => new Set(rows.map((row) => row.productId)));
    memo.set(ctx, ids);
  }
  return ids;
}

/**
 * Puts a product into the shopper's wishlist or takes it out (idempotent: a double click does not
 * flip it back). Returns the wishlist's id, or null when taking out of a wishlist that does not exist.
 */
export async function setProductInWishlist(ctx: WishlistContext, productId: number, inWishlist: boolean): Promise<number | null> {
  const product = await ctx.prisma.product.findFirst({ where: { id: productId, published: true }, select: { id: true } });
  if (!product) throw new NotFoundError(message('productNotFound', ctx.language));
  memo.delete(ctx);
  if (!inWishlist) {
    const id = await ownWishlistId(ctx);
    if (id !== null) await ctx.prisma.wishlistItem.deleteMany({ where: { wishlistId: id, productId } });
    return id;
  }
  const wishlistId = await ctx.prisma.$transaction(async (tx) => {
    // the claim locks the wishlist's row, so parallel hearts count one after another
    const id = await claimWishlist(tx, ctx);
    const added = await tx.$executeRaw`
      INSERT INTO "WishlistItem" ("wishlistId", "productId")
      SELECT ${id}::int, ${productId}::int
       WHERE (SELECT count(*) FROM "WishlistItem" WHERE "wishlistId" = ${id}::int) < ${MAX_WISHLIST_ITEMS}::int
      ON CONFLICT ("wishlistId", "productId") DO NOTHING`;
    if (added === 0 && !(await tx.wishlistItem.findUnique({ where: { wishlistId_productId: { wishlistId: id, productId } }, select: { id: true } }))) {
      const text = formatMessage('wishlistFull', ctx.language, { max: MAX_WISHLIST_ITEMS });
      throw new ValidationError([{ field: 'productId', message: text }], text);
    }
    return id;
  });
  if (ctx.customerId === null) ctx.session.guestWishlist = true;
  return wishlistId;
}

/** A new share token for the shopper's wishlist: the old link stops working. */
export async function resetWishlistShareToken(ctx: WishlistContext): Promise<number> {
  const { count } = await ctx.prisma.wishlist.updateMany({ where: ownerWhere(ctx), data: { shareToken: newShareToken() } });
  if (count === 0) throw new NotFoundError(message('noWishlist', ctx.language));
  return (await ownWishlistId(ctx))!;
}

/** The wishlist a share token opens, or null (a token of the wrong shape is not even looked up). */
export async function sharedWishlistId(prisma: Db, token: string): Promise<number | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const row = await prisma.wishlist.findUnique({ where: { shareToken: token }, select: { id: true } });
  return row?.id ?? null;
}

/**
 * At sign-in: the guest session's wishlist joins the customer's. With no wishlist of her own the
 * session's simply becomes hers (its share link keeps working); otherwise its products are added to
 * hers and the session's is removed. Call it before the session id is replaced.
 */
export async function wishlistAfterLogin(prisma: Db, guestSessionKey: string, customerId: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const guest = await tx.wishlist.findUnique({ where: { sessionKey: guestSessionKey }, select: { id: true } });
    if (!guest) return;
    // adopting the session's list conflicts (unique customerId) when she has one: then merge
    const adopted = await tx.$executeRaw`
      UPDATE "Wishlist" SET "customerId" = ${customerId}::int, "sessionKey" = NULL
       WHERE "id" = ${guest.id}::int
         AND NOT EXISTS (SELECT 1 FROM "Wishlist" w WHERE w."customerId" = ${customerId}::int)`;
    if (adopted === 1) return;
    await tx.$executeRaw`
      INSERT INTO "WishlistItem" ("wishlistId", "productId", "variantId", "createdAt")
      SELECT w."id", g."productId", g."variantId", g."createdAt"
        FROM "WishlistItem" g, "Wishlist" w
       WHERE g."wishlistId" = ${guest.id}::int AND w."customerId" = ${customerId}::int
      ON CONFLICT ("wishlistId", "productId") DO NOTHING`;
    await tx.wishlist.delete({ where: { id: guest.id } });
  });
}
