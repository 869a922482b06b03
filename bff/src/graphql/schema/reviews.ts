// Verified product reviews (issue 44 §3, docs/decisions/0075): Product.reviews and Product.ratingSummary
// for everyone who reads the catalog (browsers, partner tokens with catalog:read); writeReview and the
// review request link's order for shoppers. Rules and eligibility are services/reviews.ts'.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, PERSONAL_ANSWER } from './builder.ts';
import { ErrorInterface, NotFoundError, ValidationError } from './errors.ts';
import { localDatabaseId } from './global-id.ts';
import { badInput, connectionFrom, pageWindow } from './pagination.ts';
import type { Context } from '../context.ts';
import { isReviewableOrderState, REVIEW_TEXT_MAX_LENGTH, REVIEWS_MAX_PAGE_SIZE, REVIEWS_PAGE_SIZE } from '../../../../schema/rules/review.ts';
import { formatMessage } from '../../i18n/messages.ts';
import {
  mayReview,
  ownReview,
  publishedReviewsQuery,
  ratingSummary,
  reviewLinkOrder,
  ReviewNotAllowedError,
  storedReview,
  writeReview,
  type RatingSummary,
  type StoredReview,
} from '../../services/reviews.ts';

builder.objectType(ReviewNotAllowedError, {
  name: 'ReviewNotAllowedError',
  description:
    'Only a buyer reviews (code REVIEW_NOT_ALLOWED): no order of the shopper (or of the link) with this product was delivered or picked up, ' +
    'or nobody is signed in and no link was given. Nothing changed.',
  interfaces: [ErrorInterface],
});

const ReviewStatusEnum = builder.enumType('ReviewStatus', {
  description: 'Whether a review is shown: PENDING until checked (npm run review), PUBLISHED, or REJECTED.',
  values: { PENDING: { description: 'Waiting for the check.' }, PUBLISHED: { description: 'Shown on the product page.' }, REJECTED: { description: 'Not shown.' } },
});

const Review = builder.objectRef<StoredReview>('Review').implement({
  description: 'A rating of a product by someone who bought it, with an optional text.',
  fields: (t) => ({
    id: t.id({ description: 'Global id of the review.', resolve: (review) => encodeGlobalID('Review', review.id) }),
    rating: t.exposeInt('rating', { description: 'Stars, 1 to 5.' }),
    text: t.exposeString('text', { description: 'What the author wrote (plain text, may span lines); empty for a rating alone.' }),
    authorName: t.exposeString('authorName', { description: 'The author’s first name and the initial of the surname.' }),
    language: t.string({ description: 'The language it was written in (cs, en).', resolve: (review) => review.language }),
    verifiedPurchase: t.exposeBoolean('verified', {
      description: 'True when the author’s delivered order of the product is known ("Ověřený nákup" / "Verified purchase"): every review written through this shop.',
    }),
    status: t.field({ type: ReviewStatusEnum, description: 'PUBLISHED for every review of Product.reviews; the author sees her own review’s.', resolve: (review) => review.status }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was first written.', resolve: (review) => review.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it was last edited (the list’s order, newest first).', resolve: (review) => review.updatedAt }),
  }),
});

const RatingCount = builder.objectRef<{ rating: number; count: number }>('RatingCount').implement({
  description: 'How many published reviews gave this many stars (a bar of the histogram).',
  fields: (t) => ({ rating: t.exposeInt('rating', { description: 'Stars, 1 to 5.' }), count: t.exposeInt('count', { description: 'Reviews with it.' }) }),
});

const RatingSummaryRef = builder.objectRef<RatingSummary>('RatingSummary').implement({
  description: 'The product’s published reviews in numbers.',
  fields: (t) => ({
    count: t.exposeInt('count', { description: 'How many published reviews.' }),
    average: t.float({ nullable: true, description: 'Their mean rating (1–5), null without reviews.', resolve: (summary) => summary.average }),
    histogram: t.field({ type: [RatingCount], description: 'Reviews per rating, 5 stars first, each rating listed (0 too).', resolve: (summary) => summary.histogram }),
  }),
});

const ReviewConnection = builder.objectRef<ReturnType<typeof connectionFrom<StoredReview>>>('ReviewConnection').implement({
  description: 'A page of a product’s published reviews, newest first (Relay connection).',
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount', { description: 'How many published reviews the product has.' }),
    offset: t.exposeInt('offset', { description: 'How many reviews come before the first edge.' }),
    pageInfo: t.field({ type: builder.pageInfoRef(), description: 'Whether more follow, and the cursors.', resolve: (c) => c.pageInfo }),
    edges: t.field({
      description: 'The reviews of this page.',
      type: [
        builder.objectRef<{ cursor: string; node: StoredReview }>('ReviewEdge').implement({
          description: 'A review on a page, with its cursor.',
          fields: (e) => ({
            cursor: e.exposeString('cursor', { description: 'This position: `after` takes it.' }),
            node: e.field({ type: Review, description: 'The review.', resolve: (edge) => edge.node }),
          }),
        }),
      ],
      resolve: (c) => c.edges,
    }),
  }),
});

const RATING_COUNTS = { rating: { select: { count1: true, count2: true, count3: true, count4: true, count5: true } } } as const;

/** The page Product.reviews reads: `first` (default REVIEWS_PAGE_SIZE, at most REVIEWS_MAX_PAGE_SIZE) after `after` or from `offset`. */
function reviewsWindow(args: { first?: number | null; after?: string | null; offset?: number | null }, ctx: Context) {
  const first = args.first ?? REVIEWS_PAGE_SIZE;
  if (first > REVIEWS_MAX_PAGE_SIZE) throw badInput(formatMessage('pageSizeOutOfRange', ctx.errorLanguage, { max: REVIEWS_MAX_PAGE_SIZE }));
  return pageWindow({ ...args, first }, ctx.errorLanguage);
}

// Both read with the product's own statement (joined): a list of cards costs no statement more.
builder.prismaObjectFields('Product', (t) => ({
  ratingSummary: t.field({
    type: RatingSummaryRef,
    description: 'The average, count and histogram of the product’s published reviews.',
    select: RATING_COUNTS,
    resolve: (product) => ratingSummary(product.rating),
  }),
  reviews: t.field({
    type: ReviewConnection,
    description: `The product’s published reviews, newest first (Relay connection: \`first\` (1–${REVIEWS_MAX_PAGE_SIZE}, default ${REVIEWS_PAGE_SIZE}) and \`after\`, or \`offset\`).`,
    args: {
      first: t.arg.int({ required: false, description: `Page size, 1 to ${REVIEWS_MAX_PAGE_SIZE} (default ${REVIEWS_PAGE_SIZE}).` }),
      after: t.arg.string({ required: false, description: 'The `endCursor` of the previous page.' }),
      offset: t.arg.int({ required: false, description: 'Skip this many reviews; an alternative to `after` for page links.' }),
    },
    // a window the arguments cannot make is read as the first page; resolve refuses those arguments
    select: (args, ctx) => {
      let window = { offset: 0, limit: REVIEWS_PAGE_SIZE };
      try {
        window = reviewsWindow(args, ctx);
      } catch {
        // refused in resolve
      }
      return { ...RATING_COUNTS, reviews: publishedReviewsQuery(window) };
    },
    resolve: (product, args, ctx) => {
      const window = reviewsWindow(args, ctx);
      return connectionFrom(product.reviews.map(storedReview), window, ratingSummary(product.rating).count);
    },
  }),
}));

const ReviewEligibility = builder.objectRef<{ canReview: boolean; review: StoredReview | null }>('ReviewEligibility').implement({
  description: 'Whether the signed-in customer may review the product, and her review of it if she wrote one.',
  fields: (t) => ({
    canReview: t.exposeBoolean('canReview', { description: 'True when an order of hers with the product was delivered or picked up.' }),
    review: t.field({ type: Review, nullable: true, description: 'Her review (any status), or null.', resolve: (e) => e.review }),
  }),
});

const ReviewLinkLine = builder.objectRef<{ productId: number; name: string; review: StoredReview | null }>('ReviewLinkProduct').implement({
  description: 'A product of the order the review link belongs to.',
  fields: (t) => ({
    productId: t.id({ description: 'The Product’s global id (writeReview takes it).', resolve: (line) => encodeGlobalID('Product', line.productId) }),
    name: t.exposeString('name', { description: 'The product’s name in the request language.' }),
    review: t.field({ type: Review, nullable: true, description: 'The review written of it through this order, or null.', resolve: (line) => line.review }),
  }),
});

const ReviewLinkOrder = builder.objectRef<{ orderNumber: string; lines: { productId: number; name: string; review: StoredReview | null }[] }>('ReviewLinkOrder').implement({
  description: 'What the review request e-mail’s link opens: the delivered order’s products.',
  fields: (t) => ({
    orderNumber: t.exposeString('orderNumber', { description: 'The order’s number.' }),
    products: t.field({ type: [ReviewLinkLine], description: 'Its products, each once.', resolve: (order) => order.lines }),
  }),
});

builder.queryFields((t) => ({
  reviewEligibility: t.field({
    ...PERSONAL_ANSWER,
    type: ReviewEligibility,
    authScopes: { customer: true },
    description: 'The signed-in customer’s standing with a product: may she review it, and her review. FORBIDDEN when nobody is signed in.',
    args: { productId: t.arg.globalID({ required: true, description: 'A Product’s id.' }) },
    resolve: async (_root, args, ctx) => {
      const productId = localDatabaseId(args.productId, 'Product', ctx);
      const [canReview, review] = await Promise.all([mayReview(ctx.prisma, ctx.customerId!, productId), ownReview(ctx.prisma, ctx.customerId!, productId)]);
      return { canReview, review };
    },
  }),
  reviewLink: t.field({
    ...PERSONAL_ANSWER,
    type: ReviewLinkOrder,
    nullable: true,
    description: 'The order of a review request e-mail’s link (its token), for a guest order too; null for an unknown link or an order not delivered.',
    args: { token: t.arg.string({ required: true, description: 'The token of the e-mail’s link.' }) },
    resolve: (_root, args, ctx) => reviewLinkOrder(ctx.prisma, args.token, ctx.language),
  }),
}));

builder.mutationFields((t) => ({
  writeReview: t.field({
    type: Review,
    description:
      'Writes or replaces the shopper’s review of a product she bought (an order of hers with it DELIVERED or PICKED_UP): the signed-in ' +
      'customer, or with `token` whoever holds the review request e-mail’s link (a guest order too). One review per author and product; an edit ' +
      'waits for the check again unless the shop publishes automatically.',
    errors: {
      types: [ValidationError, ReviewNotAllowedError, NotFoundError],
      directResult: true,
      union: { description: 'The stored review, or why nothing was saved.' },
    },
    args: {
      productId: t.arg.globalID({ required: true, description: 'The Product’s id.' }),
      rating: t.arg.int({ required: true, description: 'Stars, 1 to 5.' }),
      text: t.arg.string({ required: false, description: `An optional text, at most ${REVIEW_TEXT_MAX_LENGTH} characters; line breaks allowed.` }),
      token: t.arg.string({ required: false, description: 'The review request e-mail’s link token, when writing through it.' }),
    },
    resolve: async (_root, args, ctx) => {
      const productId = localDatabaseId(args.productId, 'Product', ctx);
      const author = args.token ? ({ kind: 'link', token: args.token } as const) : ctx.customerId !== null ? ({ kind: 'customer', customerId: ctx.customerId } as const) : null;
      if (!author) throw new ReviewNotAllowedError(ctx.language, 'reviewSignInNeeded');
      return writeReview({ prisma: ctx.prisma, config: ctx.config }, author, { productId, rating: args.rating, text: args.text ?? '' }, ctx.language);
    },
  }),
}));

builder.prismaObjectField('OrderLine', 'reviewProductSlug', (t) =>
  t.string({
    nullable: true,
    description:
      'Once the order is DELIVERED or PICKED_UP: the slug (request language) of the line’s product, whose review the buyer may write ' +
      '(/ucet/recenze/{slug}); null before, and for a product no longer in the catalog.',
    select: { order: { select: { status: true } }, variant: { select: { product: { select: { translations: { select: { language: true, slug: true } } } } } } },
    resolve: (line, _args, ctx) => {
      if (!isReviewableOrderState(line.order.status)) return null;
      const translations = line.variant?.product.translations ?? [];
      return (translations.find((row) => row.language === ctx.language) ?? translations[0])?.slug ?? null;
    },
  }),
);
