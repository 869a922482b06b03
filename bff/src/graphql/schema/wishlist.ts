// Wishlist: the shopper's own list (a customer's, or a guest session's), the hearts on products
// (Product.inWishlist, per session) and the read-only shared view behind an unguessable link.
// The heart's mutation returns the product and the whole wishlist (house rule 2), so every card of the
// product and the header count update from the normalized cache, with no refetch.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, PERSONAL_ANSWER, QueryRoot } from './builder.ts';
import { NotFoundError, ValidationError } from './errors.ts';
import { localDatabaseId } from './global-id.ts';
import type { Context } from '../context.ts';
import {
  MAX_WISHLIST_ITEMS,
  ownWishlistId,
  resetWishlistShareToken,
  setProductInWishlist,
  sharedWishlistId,
  wishlistProductIds,
} from '../../services/wishlist.ts';

// products taken off sale drop out of every list (and come back if they return)
const listed = { product: { published: true } };
const itemOrder = { where: listed, orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], take: MAX_WISHLIST_ITEMS };

builder.prismaObjectField('Product', 'inWishlist', (t) =>
  t.boolean({
    description: 'Whether the product is in this shopper’s wishlist (the session’s, or the signed-in customer’s).',
    // partner tokens have no shopper behind them
    resolve: async (product, _args, ctx) => ctx.partner === null && (await wishlistProductIds(ctx)).has(product.id),
  }),
);

builder.prismaNode('WishlistItem', {
  id: { field: 'id' },
  description: 'A product in a wishlist.',
  fields: (t) => ({
    product: t.relation('product', { description: 'The product (always one on sale: products taken off sale drop out of every list).' }),
    addedAt: t.expose('createdAt', { type: 'DateTime', description: 'When the heart was given.' }),
  }),
});

builder.prismaNode('Wishlist', {
  id: { field: 'id' },
  description: 'The shopper’s own wishlist. Only Query.wishlist and the wishlist mutations return it.',
  fields: (t) => ({
    items: t.relation('items', { description: 'Its products on sale, the latest added first (at most 100).', query: itemOrder }),
    itemCount: t.relationCount('items', { description: 'How many of its products are on sale (what the header’s heart shows).', where: listed }),
    productIds: t.idList({
      description:
        'The ids (Product.id) of the products in the list: what the hearts on product cards show. A client that reads the hearts from here needs no Product.inWishlist in its catalog queries, whose answers are then the same for every shopper (and shared by the response cache).',
      select: { items: { where: listed, select: { productId: true } } },
      resolve: (wishlist) => wishlist.items.map((item) => encodeGlobalID('Product', item.productId)),
    }),
    shareToken: t.exposeString('shareToken', {
      description: 'The token of the shared link (route sharedWishlist); resetWishlistShareLink replaces it.',
    }),
  }),
});

const SharedWishlist = builder.prismaObject('Wishlist', {
  variant: 'SharedWishlist',
  description: 'Someone’s wishlist opened through its shared link: read only, with the owner’s first name only.',
  fields: (t) => ({
    ownerFirstName: t.string({
      nullable: true,
      description: 'Null for a guest’s list.',
      select: { customer: { select: { firstName: true } } },
      resolve: (wishlist) => wishlist.customer?.firstName ?? null,
    }),
    items: t.relation('items', { description: 'Its products on sale, the latest added first (at most 100).', query: itemOrder }),
    itemCount: t.relationCount('items', { description: 'How many of its products are on sale.', where: listed }),
  }),
});

const WishlistChange = builder.objectRef<{ productId: number; wishlistId: number | null }>('WishlistChange').implement({
  description: 'The product whose heart changed and the whole wishlist after the change.',
  fields: (t) => ({
    product: t.prismaField({
      type: 'Product',
      description: 'The product whose heart changed, with its inWishlist as it is now.',
      resolve: (query, change, _args, ctx) => ctx.prisma.product.findUniqueOrThrow({ ...query, where: { id: change.productId } }),
    }),
    wishlist: t.prismaField({
      type: 'Wishlist',
      nullable: true,
      description: 'Null only when a product was taken out of a wishlist that does not exist.',
      resolve: (query, change, _args, ctx) =>
        change.wishlistId === null ? null : ctx.prisma.wishlist.findUnique({ ...query, where: { id: change.wishlistId } }),
    }),
    query: t.field({
      type: QueryRoot,
      description: 'The root query after the change (Relay’s payload pattern): `query { wishlist { … } }` lets a client cache fill Query.wishlist after the first heart, with no refetch.',
      resolve: () => ({}),
    }),
  }),
});

function ownWishlist(query: object, ctx: Context, id: number) {
  return ctx.prisma.wishlist.findUniqueOrThrow({ ...query, where: { id } });
}

builder.queryFields((t) => ({
  wishlist: t.prismaField({
    ...PERSONAL_ANSWER,
    type: 'Wishlist',
    nullable: true,
    description: 'This shopper’s wishlist, or null before the first heart.',
    resolve: async (query, _root, _args, ctx) => {
      const id = await ownWishlistId(ctx);
      return id === null ? null : ownWishlist(query, ctx, id);
    },
  }),
  sharedWishlist: t.prismaField({
    ...PERSONAL_ANSWER,
    type: SharedWishlist,
    nullable: true,
    description: 'A wishlist by its shared link’s token; null when the token is unknown or was reset.',
    args: { token: t.arg.string({ required: true, description: 'The token of the shared link (Wishlist.shareToken).' }) },
    resolve: async (query, _root, args, ctx) => {
      const id = await sharedWishlistId(ctx.prisma, args.token);
      return id === null ? null : ctx.prisma.wishlist.findUnique({ ...query, where: { id } });
    },
  }),
}));

builder.mutationFields((t) => ({
  setProductInWishlist: t.field({
    type: WishlistChange,
    errors: {
      types: [NotFoundError, ValidationError],
      directResult: true,
      union: { description: 'The change, or why not: NotFoundError for a product not on sale, ValidationError when the list holds 100 products.' },
    },
    description: 'Puts a product into the wishlist (inWishlist: true) or takes it out; asking twice changes nothing more.',
    args: {
      productId: t.arg.globalID({ required: true, description: 'A Product’s id.' }),
      inWishlist: t.arg.boolean({ required: true, description: 'True to put it in, false to take it out.' }),
    },
    resolve: async (_root, args, ctx) => {
      const productId = localDatabaseId(args.productId, 'Product', ctx);
      const wishlistId = await setProductInWishlist(ctx, productId, args.inWishlist);
      return { productId, wishlistId };
    },
  }),
  resetWishlistShareLink: t.prismaField({
    type: 'Wishlist',
    errors: { types: [NotFoundError], directResult: true, union: { description: 'The wishlist with its new share token, or NotFoundError before the first heart.' } },
    description: 'A new share token: the old shared link answers “wishlist not found” from now on.',
    resolve: async (query, _root, _args, ctx) => ownWishlist(query, ctx, await resetWishlistShareToken(ctx)),
  }),
}));
