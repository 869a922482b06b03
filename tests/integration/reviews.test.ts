// Verified product reviews (issue 44 §3, decision 0075): only a buyer whose order with the product was
// DELIVERED or PICKED_UP writes one (never someone else's order, never before delivery), one per author
// and product, editable; the text's bounds and hostile characters are refused in the shopper's language;
// nothing shows before `npm run review -- publish`; publishing purges that product's cached answers only;
// the e-mail asking for reviews goes once per order, not to an order that opted out, and its link lets a
// guest review.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCategory, createCustomer, createOrder, createProduct, DEFAULT_PASSWORD } from '../support/factories.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { reviewCommand } from '../../scripts/review.ts';
import { sendReviewRequests, writeReview } from '../../bff/src/services/reviews.ts';
import { createCheckoutMethods, INVOICE_ADDRESS } from '../support/checkout.ts';

const DAY_MS = 24 * 3600_000;
let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  app = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-reviews-'));
});

afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const LOGIN = 'mutation ReviewLogin($input: LoginInput!) { login(input: $input) { __typename } }';
const WRITE = `mutation WriteReview($productId: ID!, $rating: Int!, $text: String, $token: String) {
  writeReview(productId: $productId, rating: $rating, text: $text, token: $token) {
    __typename
    ... on Review { id rating text status authorName verifiedPurchase }
    ... on Error { code message }
    ... on ValidationError { fieldErrors { field message } }
  }
}`;
const PRODUCT_REVIEWS = `query ProductReviews($slug: String!, $first: Int, $after: String) {
  product(slug: $slug) {
    ratingSummary { count average histogram { rating count } }
    reviews(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { rating text authorName verifiedPurchase } } }
  }
}`;

type WriteAnswer = { writeReview: { __typename: string; id?: string; rating?: number; text?: string; status?: string; code?: string; message?: string; fieldErrors?: { field: string; message: string }[] } };

async function signedIn(options: { firstName?: string; lastName?: string } = {}) {
  const customer = await createCustomer(app.prisma, options);
  const client = app.newClient();
  const login = await client.gql<{ login: { __typename: string } }>(LOGIN, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
  expect(login.data?.login.__typename).toBe('Customer');
  return { customer, client };
}

/** An order of the product in `status`; moved there `daysAgo` days ago (its OrderEvent) when delivered or picked up. */
async function orderOf(product: { id: number; variants: { id: number; code: string }[] }, status: 'PAID' | 'SHIPPED' | 'DELIVERED' | 'PICKED_UP', options: { customer?: { id: number } | null; daysAgo?: number; email?: string; language?: 'cs' | 'en' } = {}) {
  const order = await createOrder(app.prisma, { customer: options.customer ?? null, email: options.email, language: options.language, lines: [{ variant: product.variants[0] }] });
  await app.prisma.order.update({ where: { id: order.id }, data: { status } });
  await app.prisma.orderEvent.create({
    data: { orderId: order.id, fromStatus: 'SHIPPED', toStatus: status, actorKind: 'shop', idempotencyKey: `test-${order.id}`, at: new Date(Date.now() - (options.daysAgo ?? 1) * DAY_MS) },
  });
  return order;
}

function write(client: TestClient, variables: { productId: number; rating: number; text?: string; token?: string }, language: 'cs' | 'en' = 'cs') {
  return client.gql<WriteAnswer>(WRITE, { ...variables, productId: encodeGlobalID('Product', variables.productId) }, { 'x-shop-language': language });
}

/** Runs `npm run review -- …` with the shop's environment; its exit code and what it printed. */
async function review(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const code = await runShopCommand(reviewCommand, args, { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe(`who may review (${databaseKind})`, () => {
  it('a customer reviews a product of her delivered or picked-up order; the review waits for the check', async () => {
    const product = await createProduct(app.prisma);
    const collected = await createProduct(app.prisma);
    const { customer, client } = await signedIn({ firstName: 'Jiřina', lastName: 'Šťastná' });
    await orderOf(product, 'DELIVERED', { customer });
    await orderOf(collected, 'PICKED_UP', { customer });
    const written = await write(client, { productId: product.id, rating: 4, text: '  Sedí dobře.\nBarva drží.  ' });
    expect(written.data?.writeReview).toMatchObject({ __typename: 'Review', rating: 4, text: 'Sedí dobře.\nBarva drží.', status: 'PENDING', authorName: 'Jiřina Š.' });
    expect((await write(client, { productId: collected.id, rating: 5 })).data?.writeReview).toMatchObject({ __typename: 'Review', text: '' });
    const stored = await app.prisma.review.findMany({ where: { customerId: customer.id } });
    expect(stored.map((row) => row.orderId === null)).toEqual([false, false]);
  });

  it('refuses a product she did not buy, an order not yet delivered, someone else’s order, and nobody signed in, in her language', async () => {
    const bought = await createProduct(app.prisma);
    const notBought = await createProduct(app.prisma);
    const onTheWay = await createProduct(app.prisma);
    const others = await createProduct(app.prisma);
    const { customer, client } = await signedIn();
    const someoneElse = await createCustomer(app.prisma);
    await orderOf(bought, 'DELIVERED', { customer });
    await orderOf(onTheWay, 'SHIPPED', { customer });
    await orderOf(onTheWay, 'PAID', { customer });
    await orderOf(others, 'DELIVERED', { customer: someoneElse });
    // a guest order with her e-mail proves nothing for her account either
    await orderOf(others, 'DELIVERED', { email: customer.email });
    for (const product of [notBought, onTheWay, others]) {
      const answer = (await write(client, { productId: product.id, rating: 5 })).data?.writeReview;
      expect(answer).toMatchObject({ __typename: 'ReviewNotAllowedError', code: 'REVIEW_NOT_ALLOWED' });
      expect(answer?.message).toContain('doručeno');
    }
    expect((await write(client, { productId: others.id, rating: 5 }, 'en')).data?.writeReview.message).toContain('delivered');
    const anonymous = await write(app.newClient(), { productId: bought.id, rating: 5 });
    expect(anonymous.data?.writeReview).toMatchObject({ __typename: 'ReviewNotAllowedError', message: 'Pro napsání recenze se prosím přihlaste.' });
    expect(await app.prisma.review.count({ where: { productId: { in: [bought.id, notBought.id, onTheWay.id, others.id] } } })).toBe(0);
  });

  it('one review per customer and product: writing again edits it, and it waits for the check again', async () => {
    const product = await createProduct(app.prisma);
    const { customer, client } = await signedIn();
    // two orders of the same product: still one review
    await orderOf(product, 'DELIVERED', { customer });
    await orderOf(product, 'PICKED_UP', { customer });
    const first = (await write(client, { productId: product.id, rating: 2, text: 'Malé.' })).data?.writeReview;
    await app.prisma.review.updateMany({ where: { customerId: customer.id }, data: { status: 'PUBLISHED' } });
    const second = (await write(client, { productId: product.id, rating: 5, text: 'Vyměnili mi velikost, teď sedí.' })).data?.writeReview;
    expect(second).toMatchObject({ id: first?.id, rating: 5, status: 'PENDING' });
    expect(await app.prisma.review.count({ where: { productId: product.id } })).toBe(1);
  });

  it('refuses a rating outside 1–5, a text too long, bidi and control characters, in the shopper’s language, and stores nothing', async () => {
    const product = await createProduct(app.prisma);
    const { customer, client } = await signedIn();
    await orderOf(product, 'DELIVERED', { customer });
    for (const rating of [0, 6, -1]) {
      const answer = (await write(client, { productId: product.id, rating })).data?.writeReview;
      expect(answer).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'rating', message: 'Vyberte prosím hodnocení od 1 do 5 hvězdiček.' }] });
    }
    const long = (await write(client, { productId: product.id, rating: 3, text: 'a'.repeat(1001) }, 'en')).data?.writeReview;
    expect(long?.fieldErrors?.[0]).toMatchObject({ field: 'text' });
    expect(long?.fieldErrors?.[0].message).toMatch(/1000/);
    const bidi = (await write(client, { productId: product.id, rating: 3, text: 'Skvělé \u202Eúbarz' })).data?.writeReview;
    expect(bidi?.fieldErrors?.[0]).toMatchObject({ field: 'text', message: expect.stringContaining('směr textu') });
    // the API refuses control characters in every input; the service refuses them too, for any other caller
    const control = await write(client, { productId: product.id, rating: 3, text: 'zvonek\u0007' });
    expect(control.data?.writeReview?.__typename ?? control.errors?.[0]?.message).not.toBe('Review');
    await expect(writeReview({ prisma: app.prisma, config: { reviewsAutoPublish: false } }, { kind: 'customer', customerId: customer.id }, { productId: product.id, rating: 3, text: 'zvonek\u0007' }, 'cs')).rejects.toMatchObject({
      code: 'VALIDATION',
      fieldErrors: [{ field: 'text', message: 'Text obsahuje neplatné znaky. Odstraňte je prosím.' }],
    });
    // exactly 1000 characters pass (a code point each, an emoji too)
    expect((await write(client, { productId: product.id, rating: 3, text: '👍'.repeat(1000) })).data?.writeReview.__typename).toBe('Review');
    expect(await app.prisma.review.count({ where: { productId: product.id } })).toBe(1);
  });
});

describe(`moderation and the product page (${databaseKind})`, () => {
  it('shows nothing before publishing; list, publish and reject by the command; the page shows the average, histogram and newest first, paged', async () => {
    const product = await createProduct(app.prisma);
    const slug = product.slug('cs');
    const authors = await Promise.all([4, 5, 2].map(async (rating, index) => {
      const { customer, client } = await signedIn({ firstName: `Autor${index}`, lastName: 'Test' });
      await orderOf(product, 'DELIVERED', { customer });
      const written = (await write(client, { productId: product.id, rating, text: `Text ${index}` })).data?.writeReview;
      return { id: Number((await app.prisma.review.findFirstOrThrow({ where: { customerId: customer.id } })).id), written };
    }));
    const page = () => app.gql<{ product: { ratingSummary: { count: number; average: number | null; histogram: { rating: number; count: number }[] }; reviews: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: { rating: number; text: string; verifiedPurchase: boolean } }[] } } }>(PRODUCT_REVIEWS, { slug, first: 2 });
    expect((await page()).data?.product.ratingSummary).toMatchObject({ count: 0, average: null });
    expect((await page()).data?.product.reviews.totalCount).toBe(0);

    const listed = await review(['list']);
    expect(listed.code).toBe(0);
    for (const author of authors) expect(listed.out).toContain(`#${author.id}  ${product.code}`);

    for (const author of authors.slice(0, 2)) expect((await review(['publish', String(author.id)])).out).toBe(`Review ${author.id} published.`);
    expect((await review(['reject', String(authors[2].id)])).out).toBe(`Review ${authors[2].id} rejected.`);
    expect((await review(['publish', String(authors[0].id)])).out).toContain('already');
    expect(await review(['publish', '99999999'])).toMatchObject({ code: 2, err: 'review: No review 99999999.' });
    expect((await review(['publish', 'abc'])).code).toBe(2);
    expect((await review(['list'])).out).not.toContain(`#${authors[2].id} `);

    // newest first by the last edit: make the second author's the older one
    await app.prisma.review.update({ where: { id: authors[1].id }, data: { updatedAt: new Date(Date.now() - DAY_MS) } });
    const answer = (await page()).data!.product;
    expect(answer.ratingSummary).toEqual({ count: 2, average: 4.5, histogram: [{ rating: 5, count: 1 }, { rating: 4, count: 1 }, { rating: 3, count: 0 }, { rating: 2, count: 0 }, { rating: 1, count: 0 }] });
    expect(answer.reviews.edges.map((edge) => edge.node)).toEqual([
      { rating: 4, text: 'Text 0', verifiedPurchase: true, authorName: 'Autor0 T.' },
      { rating: 5, text: 'Text 1', verifiedPurchase: true, authorName: 'Autor1 T.' },
    ]);
    expect(answer.reviews.pageInfo.hasNextPage).toBe(false);
  });

  it('REVIEWS_AUTO_PUBLISH shows a review at once', async () => {
    const product = await createProduct(app.prisma);
    const { customer } = await signedIn();
    const order = await orderOf(product, 'DELIVERED', { customer });
    const stored = await writeReview({ prisma: app.prisma, config: { reviewsAutoPublish: true } }, { kind: 'customer', customerId: customer.id }, { productId: product.id, rating: 5, text: '' }, 'cs');
    expect(stored).toMatchObject({ status: 'PUBLISHED', verified: true });
    expect((await app.prisma.review.findUniqueOrThrow({ where: { id: stored.id } })).orderId).toBe(order.id);
  });
});

describe(`the e-mail asking for reviews (${databaseKind})`, () => {
  it('goes once per order, REVIEW_REQUEST_DAYS after delivery, not to an order that opted out; its link lets a guest review', async () => {
    const product = await createProduct(app.prisma);
    const due = await orderOf(product, 'DELIVERED', { daysAgo: 8, email: 'host@example.cz' });
    const recent = await orderOf(product, 'DELIVERED', { daysAgo: 2 });
    const optedOut = await orderOf(product, 'PICKED_UP', { daysAgo: 9 });
    await app.prisma.order.update({ where: { id: optedOut.id }, data: { reviewRequestOptOut: true } });
    const notDelivered = await orderOf(product, 'SHIPPED', { daysAgo: 30 });

    const first = await sendReviewRequests(app.prisma, 7);
    expect(first).toContain(due.id);
    for (const order of [recent, optedOut, notDelivered]) expect(first).not.toContain(order.id);
    expect(await sendReviewRequests(app.prisma, 7)).not.toContain(due.id);
    const mails = await app.prisma.mailOutbox.findMany({ where: { kind: 'reviewRequest', recipient: 'host@example.cz' } });
    expect(mails).toHaveLength(1);
    const token = (mails[0].payload as { token: string }).token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // the guest's link: the order's products, and a review through it
    const guest = app.newClient();
    const link = await guest.gql<{ reviewLink: { orderNumber: string; products: { productId: string; name: string }[] } | null }>(
      'query ReviewLink($token: String!) { reviewLink(token: $token) { orderNumber products { productId name } } }',
      { token },
    );
    expect(link.data?.reviewLink).toEqual({ orderNumber: due.number, products: [{ productId: encodeGlobalID('Product', product.id), name: product.translations.find((t) => t.language === 'cs')!.name }] });
    expect((await write(guest, { productId: product.id, rating: 5, text: 'Dárek potěšil.', token })).data?.writeReview).toMatchObject({ __typename: 'Review', status: 'PENDING' });
    // a wrong token, or a product not in that order, is refused
    const other = await createProduct(app.prisma);
    expect((await write(guest, { productId: product.id, rating: 5, token: 'x'.repeat(43) })).data?.writeReview.__typename).toBe('ReviewNotAllowedError');
    expect((await write(guest, { productId: other.id, rating: 5, token })).data?.writeReview.__typename).toBe('ReviewNotAllowedError');
    expect(await app.prisma.review.count({ where: { authorKey: 'guest:host@example.cz' } })).toBe(1);
  });
});

describe(`the checkout's opt-out of the review e-mail (${databaseKind})`, () => {
  const UPDATE = `mutation ReviewOptOutUpdate($input: CheckoutInput!) {
    updateCheckout(input: $input) { __typename ... on Cart { checkout { revision canPlaceOrder reviewRequestOptOut } } }
  }`;
  const PLACE = 'mutation ReviewOptOutPlace($revision: String!) { placeOrder(input: { revision: $revision }) { __typename ... on Order { databaseId } } }';

  it('unticked by default; ticked, the order keeps it and the job never asks it', async () => {
    const methods = await createCheckoutMethods(app.prisma);
    const product = await createProduct(app.prisma, { variants: [{ stock: 10, priceCzk: 50_000 }] });
    const placed: number[] = [];
    for (const [n, optOut] of [[1, null], [2, true]] as const) {
      const client = app.newClient({ 'x-forwarded-for': `10.79.0.${n}` });
      const added = await client.gql<{ addToCart: { __typename: string } }>('mutation ReviewOptOutAdd($variantId: ID!) { addToCart(variantId: $variantId, quantity: 1) { __typename } }', {
        variantId: encodeGlobalID('Variant', product.variants[0].id),
      });
      expect(added.data?.addToCart.__typename).toBe('Cart');
      const saved = await client.gql<{ updateCheckout: { __typename: string; checkout: { revision: string; canPlaceOrder: boolean; reviewRequestOptOut: boolean } } }>(UPDATE, {
        input: {
          deliveryMethodId: encodeGlobalID('DeliveryMethod', methods.delivery.courier),
          paymentMethodId: encodeGlobalID('PaymentMethod', methods.payment['cash-on-delivery']),
          invoiceAddress: { ...INVOICE_ADDRESS, email: `nazor-${n}@example.cz` },
          termsAccepted: true,
          ...(optOut === null ? {} : { reviewRequestOptOut: optOut }),
        },
      });
      expect(saved.data?.updateCheckout.checkout).toMatchObject({ canPlaceOrder: true, reviewRequestOptOut: optOut ?? false });
      const order = await client.gql<{ placeOrder: { __typename: string; databaseId: number } }>(PLACE, { revision: saved.data!.updateCheckout.checkout.revision });
      expect(order.data?.placeOrder.__typename).toBe('Order');
      placed.push(order.data!.placeOrder.databaseId);
    }
    const orders = await app.prisma.order.findMany({ where: { id: { in: placed } }, orderBy: { id: 'asc' } });
    expect(orders.map((order) => order.reviewRequestOptOut)).toEqual([false, true]);
    for (const order of orders) {
      await app.prisma.order.update({ where: { id: order.id }, data: { status: 'DELIVERED' } });
      await app.prisma.orderEvent.create({ data: { orderId: order.id, fromStatus: 'SHIPPED', toStatus: 'DELIVERED', actorKind: 'shop', idempotencyKey: 'opt-out-test', at: new Date(Date.now() - 10 * DAY_MS) } });
    }
    const asked = await sendReviewRequests(app.prisma, 7);
    expect(asked).toContain(placed[0]);
    expect(asked).not.toContain(placed[1]);
  });
});

describe(`a published review purges only its product's cached answers (${databaseKind})`, () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ databaseUrl: app.databaseUrl, config: { responseCache: true } });
  });
  afterAll(async () => {
    await cached?.close();
  });

  async function post(query: string, variables: object) {
    const response = await fetch(`${cached.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    await response.text();
    return response.headers.get('x-cache');
  }

  it('the command publishes: that product’s page and the lists showing its stars go stale; another product’s page and list stay', async () => {
    const PAGE = 'query PurgePage($slug: String!) { product(slug: $slug) { name ratingSummary { count average } } }';
    const LIST = 'query PurgeList($slug: String!) { products(first: 12, filter: { categorySlug: $slug }) { edges { node { name ratingSummary { average } } } } }';
    const [reviewedCategory, otherCategory] = await Promise.all([createCategory(app.prisma), createCategory(app.prisma)]);
    const reviewed = await createProduct(app.prisma, { category: reviewedCategory });
    const other = await createProduct(app.prisma, { category: otherCategory });
    const { customer, client } = await signedIn();
    await orderOf(reviewed, 'DELIVERED', { customer });
    await write(client, { productId: reviewed.id, rating: 3 });
    const id = (await app.prisma.review.findFirstOrThrow({ where: { customerId: customer.id } })).id;
    await cached.changes.polled();
    const requests: [string, object][] = [
      [PAGE, { slug: reviewed.slug('cs') }],
      [PAGE, { slug: other.slug('cs') }],
      [LIST, { slug: (await app.prisma.categoryTranslation.findFirstOrThrow({ where: { categoryId: reviewedCategory.id, language: 'cs' } })).slug }],
      [LIST, { slug: (await app.prisma.categoryTranslation.findFirstOrThrow({ where: { categoryId: otherCategory.id, language: 'cs' } })).slug }],
    ];
    for (const [query, variables] of requests) {
      await post(query, variables);
      await vi.waitFor(async () => expect(await post(query, variables)).toBe('HIT'), { timeout: 5_000, interval: 20 });
    }
    // writing a pending review changed nothing shown
    expect(await review(['publish', String(id)])).toMatchObject({ code: 0 });
    await cached.changes.polled();
    const states = [];
    for (const [query, variables] of requests) states.push(await post(query, variables));
    expect(states).toEqual(['STALE', 'HIT', 'STALE', 'HIT']);
  });
});
