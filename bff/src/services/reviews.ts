// Verified product reviews (issue 44 §3, docs/decisions/0075). Only someone who bought the product
// writes one: the proof is an order of hers with the product that was DELIVERED or PICKED_UP, found
// here from the signed-in customer's orders or from the review request e-mail's secret link (a guest
// order too); the client never names the order. One review per author and product (an edit replaces
// it and waits for the check again). Pages show published reviews only; publishing, rejecting, and an
// edit of a published review change the product's cached pages (ReviewsChanged: that product only).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { inTransaction, type Tx } from '../events/record.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { validateForm } from '../../../schema/rules/validators.ts';
import { isReviewableOrderState, MAX_RATING, REVIEWABLE_ORDER_STATES, reviewAuthorName, reviewFormSchema } from '../../../schema/rules/review.ts';
import { message } from '../i18n/messages.ts';
import { ShopError, ValidationError } from './errors.ts';
import { enqueueMail } from './mail-outbox.ts';

export type ReviewStatus = 'PENDING' | 'PUBLISHED' | 'REJECTED';

/** The shopper may not review this product (not bought, not delivered yet, someone else's order, an unknown link). */
export class ReviewNotAllowedError extends ShopError {
  constructor(language: Locale, key: 'reviewNotAllowed' | 'reviewSignInNeeded' = 'reviewNotAllowed') {
    super('REVIEW_NOT_ALLOWED', message(key, language));
  }
}

/** A moderation command named a review that does not exist. */
export class ReviewCommandError extends Error {}

/** Who writes: a signed-in customer, or whoever holds the review request's link of an order. */
export type ReviewAuthor = { kind: 'customer'; customerId: number } | { kind: 'link'; token: string };

export type ReviewInput = { productId: number; rating: number; text: string };

export type StoredReview = {
  id: number;
  productId: number;
  rating: number;
  text: string;
  status: ReviewStatus;
  authorName: string;
  language: Locale;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  verified: boolean;
};

export function hashReviewToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newReviewToken(): string {
  return randomBytes(32).toString('base64url');
}

type ProvingOrder = { orderId: number; customerId: number | null; email: string; firstName: string; lastName: string };

const REVIEWABLE = [...REVIEWABLE_ORDER_STATES];

/** The product ids an order's lines name (by the variant ordered, or its product's code if the variant is gone). */
async function productsOfOrders(tx: Tx | Db, orderIds: number[]): Promise<{ orderId: number; productId: number }[]> {
  if (orderIds.length === 0) return [];
  return tx.$queryRaw<{ orderId: number; productId: number }[]>`
    SELECT DISTINCT l."orderId", p."id" AS "productId"
      FROM "OrderLine" l
      LEFT JOIN "Variant" v ON v."id" = l."variantId"
      JOIN "Product" p ON p."id" = v."productId" OR (v."id" IS NULL AND p."code" = l."productCode")
     WHERE l."orderId" = ANY(${orderIds}::int[])`;
}

function nameOf(order: { customer: { firstName: string; lastName: string } | null; invoiceAddress: unknown }): { firstName: string; lastName: string } {
  if (order.customer) return order.customer;
  const address = (order.invoiceAddress ?? {}) as { firstName?: unknown; lastName?: unknown };
  return { firstName: typeof address.firstName === 'string' ? address.firstName : '', lastName: typeof address.lastName === 'string' ? address.lastName : '' };
}

/** The newest delivered order of the author with the product; null when there is none. */
async function provingOrder(tx: Tx | Db, author: ReviewAuthor, productId: number): Promise<ProvingOrder | null> {
  const where =
    author.kind === 'customer'
      ? { customerId: author.customerId, status: { in: REVIEWABLE } }
      : { reviewRequest: { tokenHash: hashReviewToken(author.token) }, status: { in: REVIEWABLE } };
  if (author.kind === 'link' && (author.token.length === 0 || author.token.length > 128)) return null;
  const orders = await tx.order.findMany({
    where,
    orderBy: { id: 'desc' },
    select: { id: true, customerId: true, email: true, invoiceAddress: true, customer: { select: { firstName: true, lastName: true } } },
  });
  const bought = new Set((await productsOfOrders(tx, orders.map((order) => order.id))).filter((row) => row.productId === productId).map((row) => row.orderId));
  const order = orders.find((candidate) => bought.has(candidate.id));
  if (!order) return null;
  return { orderId: order.id, customerId: order.customerId, email: order.email, ...nameOf(order) };
}

function authorKeyOf(order: ProvingOrder): string {
  return order.customerId !== null ? `customer:${order.customerId}` : `guest:${order.email.trim().toLowerCase()}`;
}

/**
 * Counts the product's published reviews again into ProductRating, in the transaction that changed them.
 * The row is locked first, so that two transactions publishing reviews of one product count in turn
 * (the count, a later statement, sees what the other committed).
 */
async function recountRating(tx: Tx, productId: number): Promise<void> {
  await tx.$executeRaw`INSERT INTO "ProductRating" ("productId") VALUES (${productId}) ON CONFLICT ("productId") DO NOTHING`;
  await tx.$queryRaw`SELECT 1 FROM "ProductRating" WHERE "productId" = ${productId} FOR UPDATE`;
  await tx.$executeRaw`
    UPDATE "ProductRating" r SET
      "count1" = c."count1", "count2" = c."count2", "count3" = c."count3", "count4" = c."count4", "count5" = c."count5"
      FROM (SELECT count(*) FILTER (WHERE "rating" = 1)::int AS "count1", count(*) FILTER (WHERE "rating" = 2)::int AS "count2",
                   count(*) FILTER (WHERE "rating" = 3)::int AS "count3", count(*) FILTER (WHERE "rating" = 4)::int AS "count4",
                   count(*) FILTER (WHERE "rating" = 5)::int AS "count5"
              FROM "Review" WHERE "productId" = ${productId} AND "status" = 'PUBLISHED') c
     WHERE r."productId" = ${productId}`;
}

export type ReviewDeps = { prisma: Db; config: { reviewsAutoPublish: boolean } };

/**
 * Writes or replaces the author's review of the product. Refused (nothing changes) for input the rules
 * refuse and for an author without a delivered order of the product.
 */
export async function writeReview(deps: ReviewDeps, author: ReviewAuthor, input: ReviewInput, language: Locale, now: Date = new Date()): Promise<StoredReview> {
  const errors = validateForm({ rating: input.rating, text: input.text }, reviewFormSchema, language);
  const fieldErrors = Object.entries(errors).map(([field, text]) => ({ field, message: text }));
  if (fieldErrors.length > 0) throw new ValidationError(fieldErrors, message('invalidInput', language));
  const text = input.text.trim();
  const status: ReviewStatus = deps.config.reviewsAutoPublish ? 'PUBLISHED' : 'PENDING';
  return inTransaction(deps.prisma, async (tx, changes) => {
    const order = await provingOrder(tx, author, input.productId);
    if (!order) throw new ReviewNotAllowedError(language);
    const authorKey = authorKeyOf(order);
    const before = await tx.review.findUnique({ where: { authorKey_productId: { authorKey, productId: input.productId } }, select: { status: true } });
    const data = {
      rating: input.rating,
      text,
      status,
      orderId: order.orderId,
      customerId: order.customerId,
      authorName: reviewAuthorName(order.firstName, order.lastName),
      language,
      updatedAt: now,
      publishedAt: status === 'PUBLISHED' ? now : null,
    };
    const review = await tx.review.upsert({
      where: { authorKey_productId: { authorKey, productId: input.productId } },
      create: { ...data, authorKey, productId: input.productId, createdAt: now },
      update: data,
    });
    // what the product's pages show changes when a published review comes or goes
    if (status === 'PUBLISHED' || before?.status === 'PUBLISHED') {
      await recountRating(tx, input.productId);
      changes.record({ kind: 'ReviewsChanged', productIds: [input.productId] });
    }
    return toStored(review);
  });
}

/** A review as read from its table: what it tells, and the order that proves the purchase. */
type ReviewRow = Omit<StoredReview, 'verified'> & { orderId: number | null };

function toStored(row: ReviewRow): StoredReview {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    text: row.text,
    status: row.status,
    authorName: row.authorName,
    language: row.language,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
    verified: row.orderId !== null,
  };
}

/** The author's own review of a product (any status), or null. */
export async function ownReview(db: Db, customerId: number, productId: number): Promise<StoredReview | null> {
  const row = await db.review.findUnique({ where: { authorKey_productId: { authorKey: `customer:${customerId}`, productId } } });
  return row && toStored(row);
}

/** Whether the customer has a delivered order of the product (the page offers the form then). */
export async function mayReview(db: Db, customerId: number, productId: number): Promise<boolean> {
  return (await provingOrder(db, { kind: 'customer', customerId }, productId)) !== null;
}

/** How Product.reviews reads a page of the product's published reviews, newest first (by their last edit). */
export function publishedReviewsQuery(window: { offset: number; limit: number }) {
  return {
    where: { status: 'PUBLISHED' as const },
    orderBy: [{ updatedAt: 'desc' as const }, { id: 'desc' as const }],
    skip: window.offset,
    take: window.limit,
  };
}

export type RatingSummary = {
  count: number;
  /** The mean of the published ratings, null with none. */
  average: number | null;
  /** Reviews per rating, 5 stars first. */
  histogram: { rating: number; count: number }[];
};

type RatingCounts = { count1: number; count2: number; count3: number; count4: number; count5: number };

/** The summary of a product's ProductRating row (none: no published review). */
export function ratingSummary(counts: RatingCounts | null): RatingSummary {
  const byRating = [counts?.count1 ?? 0, counts?.count2 ?? 0, counts?.count3 ?? 0, counts?.count4 ?? 0, counts?.count5 ?? 0];
  const count = byRating.reduce((sum, n) => sum + n, 0);
  const total = byRating.reduce((sum, n, index) => sum + n * (index + 1), 0);
  const histogram = Array.from({ length: MAX_RATING }, (_, index) => MAX_RATING - index).map((rating) => ({ rating, count: byRating[rating - 1] }));
  return { count, average: count > 0 ? total / count : null, histogram };
}

/** A stored review as the API shows it. */
export function storedReview(row: ReviewRow): StoredReview {
  return toStored(row);
}

// ------------------------------------------------------------------ the review request's link

export type ReviewLinkLine = { productId: number; name: string; review: StoredReview | null };

/** What the e-mail's link opens: the order's number and its products with the review written, if any; null for an unknown link. */
export async function reviewLinkOrder(db: Db, token: string, language: Locale): Promise<{ orderNumber: string; lines: ReviewLinkLine[] } | null> {
  if (token.length === 0 || token.length > 128) return null;
  const order = await db.order.findFirst({
    where: { reviewRequest: { tokenHash: hashReviewToken(token) } },
    select: { id: true, number: true, status: true, customerId: true, email: true },
  });
  if (!order || !isReviewableOrderState(order.status)) return null;
  const productIds = [...new Set((await productsOfOrders(db, [order.id])).map((row) => row.productId))];
  const authorKey = order.customerId !== null ? `customer:${order.customerId}` : `guest:${order.email.trim().toLowerCase()}`;
  const [products, reviews] = await Promise.all([
    db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, translations: { select: { language: true, name: true } } } }),
    db.review.findMany({ where: { authorKey, productId: { in: productIds } } }),
  ]);
  return {
    orderNumber: order.number,
    lines: products.map((product) => ({
      productId: product.id,
      name: (product.translations.find((row) => row.language === language) ?? product.translations[0])?.name ?? '',
      review: reviews.find((review) => review.productId === product.id) ?? null,
    })).map((line) => ({ ...line, review: line.review && toStored(line.review) })),
  };
}

// ------------------------------------------------------------------ moderation (npm run review)

export type ListedReview = StoredReview & { productCode: string; orderNumber: string | null };

export async function listPendingReviews(db: Db): Promise<ListedReview[]> {
  const rows = await db.review.findMany({
    where: { status: 'PENDING' },
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    include: { product: { select: { code: true } }, order: { select: { number: true } } },
  });
  return rows.map((row) => ({ ...toStored(row), productCode: row.product.code, orderNumber: row.order?.number ?? null }));
}

/** Publishes or rejects a review; `changed` false when it already had that status. */
export async function moderateReview(db: Db, id: number, status: 'PUBLISHED' | 'REJECTED', now: Date = new Date()): Promise<{ review: StoredReview; changed: boolean }> {
  return inTransaction(db, async (tx, changes) => {
    const before = await tx.review.findUnique({ where: { id } });
    if (!before) throw new ReviewCommandError(`No review ${id}.`);
    if (before.status === status) return { review: toStored(before), changed: false };
    const review = await tx.review.update({ where: { id }, data: { status, publishedAt: status === 'PUBLISHED' ? now : null } });
    if (status === 'PUBLISHED' || before.status === 'PUBLISHED') {
      await recountRating(tx, review.productId);
      changes.record({ kind: 'ReviewsChanged', productIds: [review.productId] });
    }
    return { review: toStored(review), changed: true };
  });
}

// ------------------------------------------------------------------ the e-mail asking for reviews

/**
 * Orders delivered or picked up at least `days` ago, not opted out at checkout and not asked yet, get
 * the e-mail asking for reviews: once per order, across instances (the ReviewRequest row's insert decides).
 * The order ids asked.
 */
export async function sendReviewRequests(db: Db, days: number, now: Date = new Date()): Promise<number[]> {
  const due = await db.$queryRaw<{ id: number }[]>`
    SELECT o."id" FROM "Order" o
     WHERE o."status"::text = ANY(${REVIEWABLE}::text[]) AND NOT o."reviewRequestOptOut"
       AND NOT EXISTS (SELECT 1 FROM "ReviewRequest" r WHERE r."orderId" = o."id")
       AND (SELECT max(e."at") FROM "OrderEvent" e WHERE e."orderId" = o."id" AND e."toStatus" = o."status")
           <= ${now}::timestamptz - make_interval(days => ${days}::int)
     ORDER BY o."id" LIMIT 200`;
  const asked: number[] = [];
  for (const { id } of due) {
    const token = newReviewToken();
    const sent = await inTransaction(db, async (tx, changes) => {
      const claimed = await tx.$executeRaw`
        INSERT INTO "ReviewRequest" ("orderId", "tokenHash", "sentAt") VALUES (${id}, ${hashReviewToken(token)}, ${now})
        ON CONFLICT ("orderId") DO NOTHING`;
      if (claimed === 0) return false;
      const order = await tx.order.findUniqueOrThrow({ where: { id }, select: { email: true, language: true } });
      await enqueueMail(tx, { kind: 'reviewRequest', recipient: order.email, language: order.language, payload: { orderId: id, token }, dedupeKey: `reviewRequest:${id}` });
      changes.record({ kind: 'MailEnqueued' });
      return true;
    });
    if (sent) asked.push(id);
  }
  return asked;
}

export type ReviewRequestDocument = { token: string; orderNumber: string; firstName: string | null; productNames: string[] };

/** What the e-mail shows: the order's number, its goods' names, the greeting's name; null when the order is gone. */
export async function reviewRequestMailDocument(db: Db, orderId: number, token: string, language: Locale): Promise<ReviewRequestDocument | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { number: true, invoiceAddress: true, customer: { select: { firstName: true, lastName: true } } },
  });
  if (!order) return null;
  const link = await reviewLinkOrder(db, token, language);
  const names = link?.lines.map((line) => line.name) ?? [];
  return { token, orderNumber: order.number, firstName: nameOf(order).firstName || null, productNames: names };
}
