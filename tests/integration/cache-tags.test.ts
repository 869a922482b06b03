// Issue 41 §2, decision 0056: every cached answer records the tags of what it was built from, and a
// purge touches exactly the answers carrying one of its tags (and those that recorded none), on this
// instance's memory and, through per-tag counters, in Redis for every instance. A touched answer is
// served stale while one render refreshes it; `{all: true}` drops everything.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createCategory, createProduct } from '../support/factories.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PRODUCT = 'query TagProduct($slug: String!) { product(slug: $slug) { name variants { stock } } }';
const LIST = 'query TagList($slug: String!) { products(first: 12, filter: { categorySlug: $slug }) { totalCount edges { node { name inStock } } } }';
const DELIVERY = '{ deliveryMethods { name } }';
const CONTENT = '{ infoPages { title } }';
const MENU = '{ categories { name } }';

type Ids = { productId: number; variantId: number; slug: string };

async function post(target: { url: string }, query: string, variables: object = {}) {
  const response = await fetch(`${target.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read by path
  const json = (await response.json()) as { data?: any; errors?: unknown };
  return { cache: response.headers.get('x-cache'), json };
}

async function catalog(app: TestApp, name: string) {
  const products: Ids[] = [];
  const categories: { id: number; slug: string }[] = [];
  for (const n of [1, 2]) {
    const category = await createCategory(app.prisma, { slug: { cs: `${name}-${n}`, en: `${name}-${n}-en` } });
    categories.push({ id: category.id, slug: `${name}-${n}` });
    for (let i = 0; i < 2; i += 1) {
      const product = await createProduct(app.prisma, { category, variants: [{ stock: 3, priceCzk: 10_000 }] });
      const slug = (await app.prisma.productTranslation.findFirstOrThrow({ where: { productId: product.id, language: 'cs' } })).slug;
      products.push({ productId: product.id, variantId: product.variants[0].id, slug });
    }
  }
  await app.changes.polled();
  return { products, categories };
}

/** Each answer asked twice: the second is a hit (the cache holds every one). */
async function warm(target: { url: string }, requests: [string, object][]) {
  for (const [query, variables] of requests) {
    await post(target, query, variables);
    await vi.waitFor(async () => expect((await post(target, query, variables)).cache).toBe('HIT'), { timeout: 5_000, interval: 20 });
  }
}

describe('purged per tag, on one instance', () => {
  let app: TestApp;
  let products: Ids[];
  let categories: { id: number; slug: string }[];
  beforeAll(async () => {
    app = await createTestApp({ config: { responseCache: true } });
    ({ products, categories } = await catalog(app, 'tag-one'));
  });
  afterAll(async () => {
    await app?.close();
  });
  const requests = (): [string, object][] => [
    ...products.map((product): [string, object] => [PRODUCT, { slug: product.slug }]),
    ...categories.map((category): [string, object] => [LIST, { slug: category.slug }]),
    [DELIVERY, {}],
    [CONTENT, {}],
    [MENU, {}],
  ];
  const states = async () => Promise.all(requests().map(async ([query, variables]) => (await post(app, query, variables)).cache));

  // These tests call purge as the event seam does after a commit, with the tags it names.
  it("a product's stock change purges its page only; a flip of its availability its listing too, and no other", async () => {
    await warm(app, requests());
    const [first] = products;
    // the stock moved, still in stock: the product's own page
    await app.purgeResponseCache!({ tags: [`product:${first.productId}`] }, 'here');
    expect(await states()).toEqual(['STALE', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT']);
    // served stale once while one render refreshes it; then fresh again
    await vi.waitFor(async () => expect((await post(app, PRODUCT, { slug: first.slug })).cache).toBe('HIT'), { timeout: 5_000, interval: 20 });

    // sold out: the page and the listings that show it (category 1), not category 2's
    await app.purgeResponseCache!({ tags: [`product:${first.productId}`, `listed:${first.productId}`] }, 'here');
    expect(await states()).toEqual(['STALE', 'HIT', 'HIT', 'HIT', 'STALE', 'HIT', 'HIT', 'HIT', 'HIT']);
    await vi.waitFor(async () => expect((await post(app, LIST, { slug: categories[0].slug })).cache).toBe('HIT'), { timeout: 5_000, interval: 20 });
  });

  it('a category, content or delivery change purges only its answers; {all: true} every answer', async () => {
    await warm(app, requests());
    await app.purgeResponseCache!({ tags: [`list:${categories[1].id}`] }, 'here');
    expect(await states()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'STALE', 'HIT', 'HIT', 'HIT']);
    await warm(app, requests());
    await app.purgeResponseCache!({ tags: ['delivery'] }, 'here');
    expect(await states()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'STALE', 'HIT', 'HIT']);
    await warm(app, requests());
    await app.purgeResponseCache!({ tags: ['content', 'categories'] }, 'here');
    expect(await states()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'STALE', 'STALE']);
    await warm(app, requests());
    await app.purgeResponseCache!({ all: true }, 'here');
    expect(await states()).toEqual(Array(9).fill('MISS'));
  });

  it('an answer that recorded no tag depends on everything: any purge touches it', async () => {
    // pick-up points declare no tag (the feed may change any of them)
    const untagged = '{ pickupPoints(first: 1) { __typename } }';
    await warm(app, [[untagged, {}], [MENU, {}]]);
    await app.purgeResponseCache!({ tags: ['stores'] }, 'here');
    expect([(await post(app, untagged)).cache, (await post(app, MENU)).cache]).toEqual(['STALE', 'HIT']);
  });

  it("a session holder's catalog list (the persisted SearchPage) she rendered first is stored and served to her and to everyone (issue 41 §2)", async () => {
    const persisted = { operationName: 'SearchPage', variables: { first: 12, offset: 0, filter: { search: 'holder' }, sort: 'BEST_SELLING' }, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.SearchPage } } };
    const shopper = app.newClient();
    // a shopper with a cart: her session holds it
    const added = await shopper.gql('mutation TagAdd($id: ID!) { addToCart(variantId: $id) { __typename } }', {
      id: (await app.gql<{ product: { variants: { id: string }[] } }>('query TagVariant($slug: String!) { product(slug: $slug) { variants { id } } }', { slug: products[1].slug })).data!.product.variants[0].id,
    });
    expect(added.errors).toBeUndefined();
    const ask = async () => {
      const response = await shopper.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': await shopper.ensureCsrfCookie() },
        body: JSON.stringify(persisted),
      });
      return { cache: response.headers.get('x-cache'), cookie: response.headers.get('set-cookie'), json: await response.json() };
    };
    const first = await ask();
    expect([first.cache, first.cookie]).toEqual(['MISS', null]);
    expect((await ask()).cache).toBe('HIT');
    const anonymous = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(persisted) });
    expect(anonymous.headers.get('x-cache')).toBe('HIT');
    expect(await anonymous.json()).toEqual(first.json);
  });
});

describe('purged per tag in Redis, across two instances', () => {
  let first: TestApp;
  let second: TestApp;
  let products: Ids[];
  beforeAll(async () => {
    first = await createTestApp({ config: { responseCache: true, redisUrl: REDIS_URL } });
    second = await createTestApp({ config: { responseCache: true, redisUrl: REDIS_URL }, databaseUrl: first.databaseUrl });
    await Promise.all([first.cachesReady(), second.cachesReady()]);
    ({ products } = await catalog(first, 'tag-two'));
    await second.changes.polled();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("the instance where the change was made invalidates the shared entries carrying its tags, once for all; the other purges its memory", async () => {
    const [a, b] = products;
    // rendered by the first instance, shared through Redis: the second serves both from there
    for (const product of [a, b]) await post(first, PRODUCT, { slug: product.slug, shared: 1 });
    await vi.waitFor(async () => {
      for (const product of [a, b]) expect((await post(second, PRODUCT, { slug: product.slug, shared: 1 })).cache).toBe('HIT');
    }, { timeout: 10_000, interval: 50 });
    // not yet in the second instance's memory: only Redis can tell it
    for (const product of [a, b]) await post(first, PRODUCT, { slug: product.slug, shared: 2 });
    await first.purgeResponseCache!({ tags: [`product:${a.productId}`] }, 'here');
    second.purgeResponseCache!({ tags: [`product:${a.productId}`] }, 'elsewhere');
    expect((await post(second, PRODUCT, { slug: a.slug, shared: 2 })).cache).toBe('MISS');
    expect((await post(second, PRODUCT, { slug: b.slug, shared: 2 })).cache).toBe('HIT');
    // in memory, where it was: stale once, then fresh
    expect((await post(second, PRODUCT, { slug: a.slug, shared: 1 })).cache).toBe('STALE');
    expect((await post(second, PRODUCT, { slug: b.slug, shared: 1 })).cache).toBe('HIT');
  });

  it('{all: true} through Redis: no instance serves an answer stored before it', async () => {
    const [, , c] = products;
    await post(first, PRODUCT, { slug: c.slug, all: 1 });
    await vi.waitFor(async () => expect((await post(second, PRODUCT, { slug: c.slug, all: 2 })).cache).not.toBeNull(), { timeout: 5_000 });
    await first.purgeResponseCache!({ all: true }, 'here');
    expect((await post(second, PRODUCT, { slug: c.slug, all: 1 })).cache).toBe('MISS');
  });
});
