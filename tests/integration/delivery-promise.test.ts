// Issue 43 §3, the delivery date promise (decision 0069): Variant.deliveryPromise, DeliveryMethod.deliveryPromise
// and Cart.deliveryPromise answer the rule of schema/rules/delivery-date.ts with the dispatch cut-off
// (DISPATCH_CUTOFF) and each method's transit days (DeliveryMethod.transitDays); a cached answer is
// never served after the cut-off it depended on. The app's clock is fixed: Thursday 3 December 2026,
// winter time, so 13:00 in Prague is 12:00 UTC.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { createCheckoutMethods, type CheckoutMethods } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';

const THURSDAY_NOON = new Date('2026-12-03T11:00:00Z'); // 12:00 in Prague
const CUTOFF = new Date('2026-12-03T12:00:00Z'); // 13:00 in Prague

let app: TestApp;
let methods: CheckoutMethods;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  app = await createTestApp();
  methods = await createCheckoutMethods(app.prisma);
  product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 3 }, { size: 'L', stock: 0 }] });
});

afterEach(() => {
  app.clock.now = () => new Date();
});

afterAll(async () => {
  await app?.close();
});

type Promised = { kind: string; date: string | null; dispatchDate: string | null; orderBy: string | null; text: string };
const PROMISE_FIELDS = 'kind date dispatchDate orderBy text';

const VARIANTS = `query Variants($slug: String!) { product(slug: $slug) { variants { size deliveryPromise { ${PROMISE_FIELDS} } } } }`;
type Variants = { product: { variants: { size: string; deliveryPromise: Promised }[] } };

const METHODS = `query Methods { deliveryMethods { code deliveryPromise { ${PROMISE_FIELDS} } } }`;
type Methods = { deliveryMethods: { code: string; deliveryPromise: Promised }[] };

async function variantPromises(target: TestApp, language: 'cs' | 'en' = 'cs') {
  const answer = await target.gql<Variants>(VARIANTS, { slug: product.slug(language) }, { headers: { 'x-shop-language': language } });
  expect(answer.errors).toBeUndefined();
  return Object.fromEntries(answer.data!.product.variants.map((variant) => [variant.size, variant.deliveryPromise]));
}

async function methodPromises(target: TestApp, language: 'cs' | 'en' = 'cs') {
  const answer = await target.gql<Methods>(METHODS, {}, { headers: { 'x-shop-language': language } });
  expect(answer.errors).toBeUndefined();
  return Object.fromEntries(answer.data!.deliveryMethods.map((method) => [method.code, method.deliveryPromise]));
}

describe(`the delivery date promise in the API (${databaseKind})`, () => {
  it('a variant in stock promises the earliest delivery, one out of stock nothing', async () => {
    app.clock.now = () => THURSDAY_NOON;
    const promises = await variantPromises(app);
    // the courier: dispatched today (before 13:00), one working day
    expect(promises.M).toEqual({
      kind: 'DELIVERY',
      date: '2026-12-04',
      dispatchDate: '2026-12-03',
      orderBy: '2026-12-03T12:00:00.000Z',
      text: 'Doručíme v pátek 4. 12.',
    });
    expect(promises.L).toEqual({
      kind: 'UNAVAILABLE',
      date: null,
      dispatchDate: null,
      orderBy: null,
      text: 'Momentálně nedostupné, termín doručení zatím neznáme',
    });
    expect((await variantPromises(app, 'en')).M.text).toBe('Delivered on Friday 4 Dec');
  });

  it('after the cut-off the goods leave on the next working day', async () => {
    app.clock.now = () => CUTOFF;
    expect((await variantPromises(app)).M).toMatchObject({ date: '2026-12-07', dispatchDate: '2026-12-04', text: 'Doručíme v pondělí 7. 12.' });
  });

  it('each delivery method promises its own day: store pickup from when the goods are ready', async () => {
    app.clock.now = () => THURSDAY_NOON;
    const promises = await methodPromises(app);
    expect(promises['store-pickup']).toMatchObject({ kind: 'PICKUP', date: '2026-12-04', text: 'K vyzvednutí na prodejně od pátku 4. 12.' });
    expect(promises['parcel-point']).toMatchObject({ kind: 'DELIVERY', date: '2026-12-07', text: 'Doručíme v pondělí 7. 12.' });
    expect(promises.courier).toMatchObject({ kind: 'DELIVERY', date: '2026-12-04', orderBy: '2026-12-03T12:00:00.000Z' });
    expect((await methodPromises(app, 'en'))['store-pickup'].text).toBe('Ready for pickup in store from Friday 4 Dec');
  });

  it('the transit days are the delivery method’s data', async () => {
    app.clock.now = () => THURSDAY_NOON;
    await app.prisma.deliveryMethod.update({ where: { id: methods.delivery.courier }, data: { transitDays: 3 } });
    try {
      // the write outside the app's transactions purges everything, and the app reads the methods again
      await vi.waitFor(async () => expect((await methodPromises(app)).courier.date).toBe('2026-12-08'), { timeout: 5000, interval: 50 });
      // the earliest delivery is now the pick-up point's
      await vi.waitFor(async () => expect((await variantPromises(app)).M.date).toBe('2026-12-07'), { timeout: 5000, interval: 50 });
    } finally {
      await app.prisma.deliveryMethod.update({ where: { id: methods.delivery.courier }, data: { transitDays: 1 } });
    }
    // the checkout's methods are read per request, the goods' promise from the app's held timings: both back
    await vi.waitFor(async () => expect((await methodPromises(app)).courier.date).toBe('2026-12-04'), { timeout: 5000, interval: 50 });
    await vi.waitFor(async () => expect((await variantPromises(app)).M.date).toBe('2026-12-04'), { timeout: 5000, interval: 50 });
  });

  it('the transit days stay within 0 to 30 days', async () => {
    await expect(app.prisma.deliveryMethod.update({ where: { id: methods.delivery.courier }, data: { transitDays: -1 } })).rejects.toThrow();
    await expect(app.prisma.deliveryMethod.update({ where: { id: methods.delivery.courier }, data: { transitDays: 31 } })).rejects.toThrow();
  });

  it('the cart promises its goods’ day, nothing when a line has more pieces than the stock', async () => {
    app.clock.now = () => THURSDAY_NOON;
    const client = app.newClient();
    const variant = product.variants.find((v) => v.size === 'M')!;
    const added = await client.gql<{ addToCart: { __typename: string } }>('mutation Add($id: ID!) { addToCart(variantId: $id, quantity: 2) { __typename } }', {
      id: gid('Variant', variant.id),
    });
    expect(added.data!.addToCart.__typename).toBe('Cart');
    const CART = `query CartPromise { cart { deliveryPromise { ${PROMISE_FIELDS} } } }`;
    const first = await client.gql<{ cart: { deliveryPromise: Promised | null } }>(CART);
    expect(first.data!.cart.deliveryPromise).toMatchObject({ kind: 'DELIVERY', date: '2026-12-04', text: 'Doručíme v pátek 4. 12.' });
    await app.prisma.variant.update({ where: { id: variant.id }, data: { stock: 1 } });
    try {
      const short = await client.gql<{ cart: { deliveryPromise: Promised | null } }>(CART);
      expect(short.data!.cart.deliveryPromise).toMatchObject({ kind: 'UNAVAILABLE', date: null });
    } finally {
      await app.prisma.variant.update({ where: { id: variant.id }, data: { stock: 3 } });
    }
  });

  it('DISPATCH_CUTOFF moves the cut-off', async () => {
    const late = await createTestApp({ config: { dispatchCutoff: '16:00' }, databaseUrl: app.databaseUrl });
    try {
      late.clock.now = () => CUTOFF; // 13:00 in Prague: before 16:00
      expect((await variantPromises(late)).M).toMatchObject({ date: '2026-12-04', orderBy: '2026-12-03T15:00:00.000Z' });
    } finally {
      await late.close();
    }
  });
});

describe(`a cached answer with a promise ends at the cut-off (${databaseKind})`, () => {
  let cached: TestApp;

  beforeAll(async () => {
    cached = await createTestApp({ config: { responseCache: true }, databaseUrl: app.databaseUrl });
  });

  afterAll(async () => {
    await cached?.close();
  });

  async function post() {
    const response = await fetch(`${cached.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: VARIANTS, variables: { slug: product.slug() } }),
    });
    const json = (await response.json()) as { data: Variants };
    return { cache: response.headers.get('x-cache'), date: json.data.product.variants.find((v) => v.size === 'M')!.deliveryPromise.date };
  }

  it('is served from the cache until the cut-off, and rendered again after it with the later date', async () => {
    // 1.5 s before 13:00 on the app's clock: the answer may be kept for 1.5 s of the machine's
    cached.clock.now = () => new Date(CUTOFF.getTime() - 1500);
    await vi.waitFor(async () => expect(await post()).toEqual({ cache: 'HIT', date: '2026-12-04' }), { timeout: 1200, interval: 20 });
    cached.clock.now = () => new Date(CUTOFF.getTime() + 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await post()).toEqual({ cache: 'MISS', date: '2026-12-07' });
  });
});
