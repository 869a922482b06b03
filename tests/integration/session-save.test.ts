// A session is stored before the answer that gives out its cookie (issue 25, finding 3). While the
// session store fails (here a trigger refuses every write of the Session table with PostgreSQL's
// "terminating connection due to administrator command", 57P01, as while PostgreSQL restarts), what
// would start or change a session answers the shop's 503 in the shopper's language with Retry-After
// and sets no cookie; once the store takes writes again, the shopper's next request works: never a
// 419 for a session that was announced and never stored. Both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCustomer, createProduct, DEFAULT_PASSWORD } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { ProductPageDocument } from '../../web/app/gql/graphql.ts';

const ADD = `mutation SessionSaveAdd($variantId: ID!) { addToCart(variantId: $variantId, quantity: 1) { __typename ... on Cart { itemCount } } }`;
const CART = `query SessionSaveCart { cart { itemCount } }`;
const LOGIN = `mutation SessionSaveLogin($input: LoginInput!) { login(input: $input) { __typename } }`;
const ME = `query SessionSaveMe { me { email } }`;

let app: TestApp;
let variantId: string;
let productSlug: string;
let customer: Awaited<ReturnType<typeof createCustomer>>;

async function storeFails(failing: boolean) {
  if (failing) {
    await app.prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION session_store_down() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END $$`);
    await app.prisma.$executeRawUnsafe(`CREATE TRIGGER session_store_down BEFORE INSERT OR UPDATE ON "Session" FOR EACH ROW EXECUTE FUNCTION session_store_down()`);
  } else {
    await app.prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS session_store_down ON "Session"`);
  }
}

/** Every read of the Variant table fails with 57P01 (a view in its place whose rows come from a function that raises it). */
async function variantsFail(failing: boolean) {
  if (failing) {
    await app.prisma.$executeRawUnsafe(`ALTER TABLE "Variant" RENAME TO "VariantKept"`);
    await app.prisma.$executeRawUnsafe(`CREATE FUNCTION variants_down() RETURNS SETOF "VariantKept" LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END $$`);
    await app.prisma.$executeRawUnsafe(`CREATE VIEW "Variant" AS SELECT * FROM variants_down()`);
  } else {
    await app.prisma.$executeRawUnsafe(`DROP VIEW IF EXISTS "Variant"`);
    await app.prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS variants_down()`);
    await app.prisma.$executeRawUnsafe(`ALTER TABLE IF EXISTS "VariantKept" RENAME TO "Variant"`);
  }
}

beforeAll(async () => {
  app = await createTestApp();
  const product = await createProduct(app.prisma, { variants: [{ stock: 50 }] });
  variantId = gid('Variant', product.variants[0].id);
  productSlug = product.slug('en');
  customer = await createCustomer(app.prisma);
});

beforeEach(async () => {
  await storeFails(false);
});

afterAll(async () => {
  await app?.close();
});

describe(`a session the store cannot take (${databaseKind})`, () => {
  it('GET /api/csrf-cookie answers 503 in the shopper\'s language with no cookie; the next try starts a session that works', async () => {
    const shopper = app.newClient({ cookie: 'lang=en' });
    await storeFails(true);
    const refused = await shopper.fetch('/api/csrf-cookie', { headers: { cookie: 'lang=en' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.headers.getSetCookie()).toEqual([]);
    // the page's script asked, not a shopper's browser tab: JSON, as the API answers (issue 40, item 9)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      errors: [{ message: 'The shop is briefly unavailable. Please try again in a few seconds.', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
    });
    expect(await app.prisma.session.count()).toBe(0);

    await storeFails(false);
    const added = await shopper.gql<{ addToCart: { __typename: string; itemCount: number } }>(ADD, { variantId });
    expect(added.status).toBe(200);
    expect(added.data?.addToCart).toEqual({ __typename: 'Cart', itemCount: 1 });
  });

  it('a first add to cart whose session cannot be stored is a 503 SERVICE_UNAVAILABLE with no cookie; her next request is not refused', async () => {
    const shopper = app.newClient();
    await shopper.ensureCsrfCookie(); // the session exists
    const cookies = new Map(shopper.cookies);
    await storeFails(true);
    const refused = await shopper.gql(ADD, { variantId });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(refused.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('nedostupný'), extensions: { code: 'SERVICE_UNAVAILABLE' } })]);
    expect(shopper.cookies).toEqual(cookies);

    await storeFails(false);
    const added = await shopper.gql<{ addToCart: { __typename: string; itemCount: number } }>(ADD, { variantId });
    expect(added.status).toBe(200);
    expect(added.data?.addToCart.__typename).toBe('Cart');
    expect((await shopper.gql<{ cart: { itemCount: number } }>(CART)).data?.cart?.itemCount).toBeGreaterThan(0);
  });

  // Issue 40, item 9: while PostgreSQL restarted, a product page was a 500 and an add to cart a 200
  // "Unexpected error.": a resolver's 57P01 reached the error mask inside GraphQL's error, which the
  // outage check did not open. Here every read of the variants fails as a terminated backend's does.
  it('a read that the database ends with 57P01 answers SERVICE_UNAVAILABLE (503, Retry-After): the product page\'s query and an add to cart', async () => {
    const shopper = app.newClient();
    await shopper.ensureCsrfCookie();
    await variantsFail(true);
    try {
      const page = await shopper.gql(ProductPageDocument, { slug: productSlug }, { 'x-shop-language': 'en' });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.errors).toEqual([expect.objectContaining({ message: 'The shop is briefly unavailable. Please try again in a few seconds.', extensions: { code: 'SERVICE_UNAVAILABLE' } })]);
      const added = await shopper.gql(ADD, { variantId });
      expect(added.status).toBe(503);
      expect(added.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('nedostupný'), extensions: { code: 'SERVICE_UNAVAILABLE' } })]);
    } finally {
      await variantsFail(false);
    }
    const page = await shopper.gql<{ product: { name: string } }>(ProductPageDocument, { slug: productSlug }, { 'x-shop-language': 'en' });
    expect(page.status).toBe(200);
    expect(page.data?.product.name).toBeTruthy();
  });

  it('a login whose new session cannot be stored is a 503 with no cookie: she keeps her old session and cart, and can sign in afterwards', async () => {
    const shopper = app.newClient();
    expect((await shopper.gql<{ addToCart: { itemCount: number } }>(ADD, { variantId })).data?.addToCart.itemCount).toBe(1);
    const cookies = new Map(shopper.cookies);
    await storeFails(true);
    const refused = await shopper.gql(LOGIN, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
    expect(refused.status).toBe(503);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(shopper.cookies).toEqual(cookies);

    await storeFails(false);
    // her guest session was not removed for a session that was never stored
    const cart = await shopper.gql<{ cart: { itemCount: number } }>(CART);
    expect(cart.status).toBe(200);
    expect(cart.data?.cart?.itemCount).toBe(1);
    const login = await shopper.gql<{ login: { __typename: string } }>(LOGIN, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
    expect(login.data?.login.__typename).toBe('Customer');
    expect((await shopper.gql<{ me: { email: string } }>(ME)).data?.me?.email).toBe(customer.email);
  });
});
