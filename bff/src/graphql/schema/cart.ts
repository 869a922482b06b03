// Cart: the session's cart with its lines and totals. Every mutation returns the whole cart
// (house rule 2) so the client's normalized cache updates itself.
import { builder, CART_ACCESS } from './builder.ts';
import { localId } from './global-id.ts';
import { Price } from './catalog.ts';
import { InsufficientStockError, NotFoundError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { addToCart, currentCartId, limitNewCarts, setCartLineQuantity } from '../../services/cart.ts';
import { money, unitPrice } from '../../services/pricing.ts';
import { cartTicketLines, ticketGoodsLine } from '../../services/tickets.ts';
import { goodsByRate, lineGross as goodsLineGross, type GoodsLine } from '../../../../schema/rules/index.ts';
import type { Context } from '../context.ts';

type LineForTotals = {
  quantity: number;
  variant: { priceCzk: number; priceEur: number | null; originalPriceCzk: number | null; originalPriceEur: number | null; product: { vatRate: number } };
};

function goodsLine(line: LineForTotals, ctx: Context): GoodsLine {
  return { unitGross: unitPrice(line.variant, ctx.currency, ctx.config.eurRate), quantity: line.quantity, ratePercent: line.variant.product.vatRate };
}

const linesForTotals = {
  lines: { select: { quantity: true, variant: { include: { product: { select: { vatRate: true } } } } } },
} as const;

builder.prismaNode('CartLine', {
  description: 'One variant in the cart and how many pieces of it.',
  id: { field: 'id', description: 'Global id of the line: `setCartLineQuantity(lineId:)` takes it.' },
  fields: (t) => ({
    quantity: t.exposeInt('quantity', { description: 'Pieces, 1 to 99.' }),
    variant: t.relation('variant', { description: 'The variant (size, colour) in the cart.' }),
    unitPrice: t.field({
      type: Price,
      description: 'The price of one piece now, in the request currency (the cart always shows current prices).',
      select: { variant: { include: { product: { select: { vatRate: true } } } } },
      resolve: (line, _a, ctx) =>
        money(unitPrice(line.variant, ctx.currency, ctx.config.eurRate), line.variant.product.vatRate, ctx.currency),
    }),
    totalPrice: t.field({
      type: Price,
      description: 'unitPrice × quantity, the line’s VAT computed on the line’s total.',
      select: { variant: { include: { product: { select: { vatRate: true } } } } },
      resolve: (line, _a, ctx) => money(goodsLineGross(goodsLine(line, ctx)), line.variant.product.vatRate, ctx.currency),
    }),
  }),
});

export const Cart = builder.prismaNode('Cart', {
  description: 'A shopper’s cart: its lines, vouchers and checkout. A partner keeps its id and sends it as X-Cart-Id.',
  id: { field: 'id', description: 'Global id of the cart; a partner sends it as X-Cart-Id with every later request for this cart.' },
  fields: (t) => ({
    lines: t.relation('lines', { description: 'The lines, in the order they were added.', query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
    itemCount: t.int({
      description: 'Pieces in the cart.',
      select: { lines: { select: { quantity: true } } },
      resolve: (cart) => cart.lines.reduce((sum, line) => sum + line.quantity, 0),
    }),
    total: t.field({
      type: Price,
      description: 'The goods and the held seats (Cart.tickets) in the cart, VAT split per line and summed per rate.',
      select: { id: true, ...linesForTotals },
      resolve: async (cart, _a, ctx) => {
        const tickets = await cartTicketLines(ctx.prisma, cart.id, { currency: ctx.currency, language: ctx.language, now: ctx.clock() });
        const { total } = goodsByRate([...cart.lines.map((line) => goodsLine(line, ctx)), ...tickets.map(ticketGoodsLine)]);
        return { currency: ctx.currency, withVat: total.gross, withoutVat: total.net, vat: total.vat };
      },
    }),
  }),
});

builder.queryField('cart', (t) =>
  t.prismaField({
    ...CART_ACCESS,
    type: 'Cart',
    nullable: true,
    description: 'The cart of this session, or null before anything was added.',
    resolve: async (query, _root, _args, ctx) => {
      const id = await currentCartId(ctx);
      return id ? ctx.prisma.cart.findUnique({ ...query, where: { id } }) : null;
    },
  }),
);

builder.mutationFields((t) => ({
  addToCart: t.prismaField({
    ...CART_ACCESS,
    type: 'Cart',
    description:
      'Adds pieces of a variant to the cart (to its line, if the variant is there already), starting a cart when there is none. Answers the whole cart, or why not: VALIDATION (quantity out of range), NOT_FOUND (no such variant), INSUFFICIENT_STOCK, TOO_MANY_ATTEMPTS (too many new carts from one address).',
    errors: {
      types: [ValidationError, NotFoundError, InsufficientStockError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The cart after the add, or the error that kept it unchanged.' },
    },
    args: {
      variantId: t.arg.globalID({ required: true, description: 'A Variant’s id.' }),
      quantity: t.arg.int({ required: false, defaultValue: 1, description: 'Pieces to add, 1 to 99 (the line never holds more than 99 or than the stock).' }),
    },
    resolve: async (query, _root, args, ctx) => {
      await limitNewCarts(ctx);
      const cartId = await addToCart(ctx, localId(args.variantId, 'Variant', ctx), args.quantity ?? 1);
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
  setCartLineQuantity: t.prismaField({
    ...CART_ACCESS,
    type: 'Cart',
    description: 'Sets a line’s quantity (0 removes the line). Answers the whole cart, or VALIDATION, NOT_FOUND (no such line in this cart) or INSUFFICIENT_STOCK.',
    errors: {
      types: [ValidationError, NotFoundError, InsufficientStockError],
      directResult: true,
      union: { description: 'The cart after the change, or the error that kept it unchanged.' },
    },
    args: {
      lineId: t.arg.globalID({ required: true, description: 'A CartLine’s id.' }),
      quantity: t.arg.int({ required: true, description: 'The new number of pieces, 0 to 99; 0 removes the line.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const cartId = await setCartLineQuantity(ctx, localId(args.lineId, 'CartLine', ctx), args.quantity);
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
}));
