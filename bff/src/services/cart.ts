// Cart rules: the session owns one cart; quantities are checked against stock on the server.
import type { Context } from '../graphql/context.ts';
import { InsufficientStockError, NotFoundError, ValidationError } from '../graphql/errors.ts';
import { message } from '../i18n/messages.ts';

export const MAX_LINE_QUANTITY = 99;

function checkQuantity(ctx: Context, quantity: number, allowZero: boolean) {
  const min = allowZero ? 0 : 1;
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_LINE_QUANTITY) {
    const text =
      ctx.language === 'cs'
        ? `Množství musí být od ${min} do ${MAX_LINE_QUANTITY} kusů.`
        : `The quantity must be from ${min} to ${MAX_LINE_QUANTITY} pieces.`;
    throw new ValidationError([{ field: 'quantity', message: text }], text);
  }
}

/** The session's cart id, if it still exists. */
export async function currentCartId(ctx: Context): Promise<string | null> {
  const id = ctx.session.cartId;
  if (!id) return null;
  const cart = await ctx.prisma.cart.findUnique({ where: { id }, select: { id: true, order: { select: { id: true } } } });
  // A cart that became an order is finished; the next add starts a new one.
  return cart && !cart.order ? cart.id : null;
}

async function ensureCart(ctx: Context): Promise<string> {
  const existing = await currentCartId(ctx);
  if (existing) return existing;
  const cart = await ctx.prisma.cart.create({
    data: { currency: ctx.currency, language: ctx.language, customerId: ctx.customerId },
    select: { id: true },
  });
  ctx.session.cartId = cart.id;
  return cart.id;
}

function parseId(value: string | number): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : -1;
}

export async function addToCart(ctx: Context, variantIdInput: string | number, quantity: number): Promise<string> {
  checkQuantity(ctx, quantity, false);
  const variantId = parseId(variantIdInput);
  const variant = await ctx.prisma.variant.findFirst({
    where: { id: variantId, product: { published: true } },
    select: { id: true, stock: true },
  });
  if (!variant) throw new NotFoundError(message('variantNotFound', ctx.language));
  const cartId = await ensureCart(ctx);
  const existing = await ctx.prisma.cartLine.findUnique({
    where: { cartId_variantId: { cartId, variantId } },
    select: { quantity: true },
  });
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > variant.stock) {
    throw new InsufficientStockError(message('quantityNotAvailable', ctx.language), variant.stock);
  }
  if (wanted > MAX_LINE_QUANTITY) checkQuantity(ctx, wanted, false);
  await ctx.prisma.cartLine.upsert({
    where: { cartId_variantId: { cartId, variantId } },
    create: { cartId, variantId, quantity },
    update: { quantity: { increment: quantity } },
  });
  await ctx.prisma.cart.update({ where: { id: cartId }, data: { updatedAt: new Date() } });
  return cartId;
}

/** Sets a line's quantity; 0 removes the line. Only lines of the session's own cart. */
export async function setCartLineQuantity(ctx: Context, lineIdInput: string | number, quantity: number): Promise<string> {
  checkQuantity(ctx, quantity, true);
  const cartId = await currentCartId(ctx);
  const line = cartId
    ? await ctx.prisma.cartLine.findFirst({
        where: { id: parseId(lineIdInput), cartId },
        select: { id: true, variant: { select: { stock: true } } },
      })
    : null;
  if (!cartId || !line) throw new NotFoundError(message('cartLineNotFound', ctx.language));
  if (quantity === 0) {
    await ctx.prisma.cartLine.delete({ where: { id: line.id } });
  } else {
    if (quantity > line.variant.stock) {
      throw new InsufficientStockError(message('quantityNotAvailable', ctx.language), line.variant.stock);
    }
    await ctx.prisma.cartLine.update({ where: { id: line.id }, data: { quantity } });
  }
  return cartId;
}
