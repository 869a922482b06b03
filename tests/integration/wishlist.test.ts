// Wishlists (issue 9 item 1): hearts per session and per customer, the guest's list merged at login,
// the shared read-only link with the owner's first name only, and its reset (old link: not found, 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { MAX_WISHLIST_ITEMS } from '../../bff/src/services/wishlist.ts';
import { storedSessionKey } from '../support/sessions.ts';
import { createApiToken } from '../../bff/src/services/api-tokens.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

type Change = {
  setProductInWishlist:
    | { __typename: 'WishlistChange'; product: { id: string; inWishlist: boolean }; wishlist: { id: string; itemCount: number; productIds: string[] } | null }
    | { __typename: string; message: string };
};

const SET = `mutation($p: ID!, $in: Boolean!) {
  setProductInWishlist(productId: $p, inWishlist: $in) {
    __typename
    ... on WishlistChange { product { id inWishlist } wishlist { id itemCount productIds } }
    ... on Error { message }
  }
}`;

async function heart(client: TestClient, productId: number, inWishlist = true) {
  const response = await client.gql<Change>(SET, { p: gid('Product', productId), in: inWishlist });
  expect(response.errors).toBeUndefined();
  return response.data!.setProductInWishlist;
}

type OwnWishlist = { wishlist: { id: string; itemCount: number; shareToken: string; items: { product: { id: string; name: string; inWishlist: boolean } }[] } | null };

async function ownWishlist(client: TestClient) {
  const response = await client.gql<OwnWishlist>('{ wishlist { id itemCount shareToken items { product { id name inWishlist } } } }');
  expect(response.errors).toBeUndefined();
  return response.data!.wishlist;
}

async function login(client: TestClient, customer: { email: string; password: string }) {
  const response = await client.gql('mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { __typename } }', {
    e: customer.email,
    p: customer.password,
  });
  expect(response.data).toEqual({ login: { __typename: 'Customer' } });
}

type Shared = { sharedWishlist: { ownerFirstName: string | null; itemCount: number; items: { product: { id: string } }[] } | null };
const SHARED = 'query($t: String!) { sharedWishlist(token: $t) { ownerFirstName itemCount items { product { id } } } }';

describe(`wishlist hearts (${databaseKind})`, () => {
  it('a guest toggles a heart: the answer carries the product and the whole wishlist, and a second "add" changes nothing', async () => {
    const product = await createProduct(app.prisma);
    const guest = app.newClient();
    expect(await ownWishlist(guest)).toBeNull();

    const added = await heart(guest, product.id);
    expect(added).toMatchObject({
      __typename: 'WishlistChange',
      product: { id: gid('Product', product.id), inWishlist: true },
      // the hearts of the web read productIds (its catalog queries ask nothing of the shopper)
      wishlist: { itemCount: 1, productIds: [gid('Product', product.id)] },
    });
    // idempotent: a double click does not flip it back
    expect(await heart(guest, product.id)).toMatchObject({ product: { inWishlist: true }, wishlist: { itemCount: 1 } });

    const product1 = await guest.gql<{ product: { inWishlist: boolean } }>('query($s: String!) { product(slug: $s) { inWishlist } }', { s: product.slug() });
    expect(product1.data!.product.inWishlist).toBe(true);
    const list = await ownWishlist(guest);
    expect(list!.items.map((item) => item.product.id)).toEqual([gid('Product', product.id)]);
    expect(list!.id).toBe((added as { wishlist: { id: string } }).wishlist.id);

    const removed = await heart(guest, product.id, false);
    expect(removed).toMatchObject({ product: { inWishlist: false }, wishlist: { itemCount: 0, productIds: [] } });
    // another browser has nothing of it
    const other = app.newClient();
    expect(await ownWishlist(other)).toBeNull();
    const seenByOther = await other.gql<{ product: { inWishlist: boolean } }>('query($s: String!) { product(slug: $s) { inWishlist } }', { s: product.slug() });
    expect(seenByOther.data!.product.inWishlist).toBe(false);
  });

  it('one wishlist per session even when the first hearts arrive in parallel', async () => {
    const products = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createProduct(app.prisma)));
    const guest = app.newClient();
    await guest.ensureCsrfCookie();
    const answers = await Promise.all(products.map((product) => heart(guest, product.id)));
    const ids = new Set(answers.map((answer) => (answer as { wishlist: { id: string } }).wishlist.id));
    expect(ids.size).toBe(1);
    expect((await ownWishlist(guest))!.itemCount).toBe(6);
  });

  it('the product list answers inWishlist per card with one SQL statement more, whatever the page size; none for a guest who gave no heart', async () => {
    const guest = app.newClient();
    const products = await Promise.all([1, 2, 3].map(() => createProduct(app.prisma)));
    const LIST = 'query($first: Int) { products(first: $first, sort: NEWEST) { edges { node { id inWishlist } } } }';
    app.queries.length = 0;
    const before = await guest.gql<{ products: { edges: { node: { inWishlist: boolean } }[] } }>(LIST, { first: 3 });
    expect(before.data!.products.edges.map(({ node }) => node.inWishlist)).toEqual([false, false, false]);
    expect(app.queries.filter((sql) => sql.includes('"Wishlist')).length).toBe(0);
    await heart(guest, products[1].id);
    app.queries.length = 0;
    const response = await guest.gql<{ products: { edges: { node: { id: string; inWishlist: boolean } }[] } }>(LIST, { first: 3 });
    const wishlistQueries = app.queries.filter((sql) => sql.includes('"WishlistItem"'));
    expect(wishlistQueries).toHaveLength(1);
    const hearts = Object.fromEntries(response.data!.products.edges.map(({ node }) => [node.id, node.inWishlist]));
    expect(hearts).toEqual({
      [gid('Product', products[0].id)]: false,
      [gid('Product', products[1].id)]: true,
      [gid('Product', products[2].id)]: false,
    });
  });

  it('refuses an unknown or unpublished product, a foreign id type and a malformed id, and changes nothing', async () => {
    const hidden = await createProduct(app.prisma, { published: false });
    const guest = app.newClient();
    const unpublished = await heart(guest, hidden.id);
    expect(unpublished).toEqual({ __typename: 'NotFoundError', message: 'Tento produkt už není v nabídce.' });
    const english = await guest.gql<Change>(SET, { p: gid('Product', 2_000_000_000), in: true }, { 'x-shop-language': 'en' });
    expect(english.data!.setProductInWishlist).toEqual({ __typename: 'NotFoundError', message: 'This product is no longer available.' });
    const variantId = await guest.gql(SET, { p: gid('Variant', hidden.variants[0].id), in: true });
    expect(variantId.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const garbage = await guest.gql(SET, { p: '%%%\u0000', in: true });
    expect(garbage.data ?? null).toBeNull();
    expect(await ownWishlist(guest)).toBeNull();
  });

  it(`holds at most ${MAX_WISHLIST_ITEMS} products`, async () => {
    const customer = await createCustomer(app.prisma);
    const products = [];
    for (let index = 0; index <= MAX_WISHLIST_ITEMS; index += 1) products.push(await createProduct(app.prisma));
    const wishlist = await app.prisma.wishlist.create({ data: { customerId: customer.id, shareToken: `full-${customer.id}-${'x'.repeat(20)}` } });
    await app.prisma.wishlistItem.createMany({ data: products.slice(0, MAX_WISHLIST_ITEMS).map((product) => ({ wishlistId: wishlist.id, productId: product.id })) });
    const client = app.newClient();
    await login(client, customer);
    const refused = await heart(client, products[MAX_WISHLIST_ITEMS].id);
    expect(refused).toMatchObject({ __typename: 'ValidationError', message: `Do oblíbených se vejde nejvýše ${MAX_WISHLIST_ITEMS} produktů. Nějaký prosím nejdřív odeberte.` });
    // one already in stays in (no error for a repeated heart)
    expect(await heart(client, products[0].id)).toMatchObject({ __typename: 'WishlistChange', wishlist: { itemCount: MAX_WISHLIST_ITEMS } });
  });
});

describe(`wishlist at login (${databaseKind})`, () => {
  it("merges the guest's hearts into the customer's wishlist from earlier visits, without duplicates", async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createProduct(app.prisma)));
    const customer = await createCustomer(app.prisma);
    const earlier = app.newClient();
    await login(earlier, customer);
    await heart(earlier, a.id);
    await heart(earlier, b.id);
    const customersList = (await ownWishlist(earlier))!;

    const guest = app.newClient();
    await heart(guest, b.id);
    await heart(guest, c.id);
    const guestList = (await ownWishlist(guest))!;
    await login(guest, customer);

    const merged = (await ownWishlist(guest))!;
    expect(merged.id).toBe(customersList.id);
    expect(merged.items.map((item) => item.product.id).sort()).toEqual([a, b, c].map((p) => gid('Product', p.id)).sort());
    expect(merged.items.every((item) => item.product.inWishlist)).toBe(true);
    expect(await app.prisma.wishlist.count({ where: { shareToken: guestList.shareToken } })).toBe(0);
    // the earlier browser sees the same list
    expect((await ownWishlist(earlier))!.itemCount).toBe(3);
  });

  it("a guest's list becomes the customer's when she has none, and logout leaves the browser with none", async () => {
    const product = await createProduct(app.prisma);
    const customer = await createCustomer(app.prisma);
    const guest = app.newClient();
    await heart(guest, product.id);
    const before = (await ownWishlist(guest))!;
    await login(guest, customer);
    const after = (await ownWishlist(guest))!;
    expect(after.id).toBe(before.id);
    expect(after.shareToken).toBe(before.shareToken);
    const row = await app.prisma.wishlist.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(row.sessionKey).toBeNull();

    await guest.gql('mutation { logout }');
    expect(await ownWishlist(guest)).toBeNull();
    // and it is back at the next login, on any browser
    const elsewhere = app.newClient();
    await login(elsewhere, customer);
    expect((await ownWishlist(elsewhere))!.id).toBe(before.id);
  });

  it("a guest's list ends with her session (expired and pruned), and a customer's stays", async () => {
    const product = await createProduct(app.prisma);
    const guest = app.newClient();
    await heart(guest, product.id);
    const key = storedSessionKey(guest.sessionId!);
    expect(await app.prisma.wishlist.count({ where: { sessionKey: key } })).toBe(1);
    const customer = await createCustomer(app.prisma);
    const signedIn = app.newClient();
    await login(signedIn, customer);
    await heart(signedIn, product.id);
    // the session store's pruning of expired sessions deletes their rows
    await app.prisma.session.deleteMany({ where: { sid: { in: [key, storedSessionKey(signedIn.sessionId!)] } } });
    expect(await app.prisma.wishlist.count({ where: { sessionKey: key } })).toBe(0);
    expect(await app.prisma.wishlist.count({ where: { customerId: customer.id } })).toBe(1);
  });

  it("never touches another customer's wishlist", async () => {
    const product = await createProduct(app.prisma);
    const [jana, petra] = [await createCustomer(app.prisma, { firstName: 'Jana' }), await createCustomer(app.prisma, { firstName: 'Petra' })];
    const janaClient = app.newClient();
    await login(janaClient, jana);
    await heart(janaClient, product.id);
    const petraClient = app.newClient();
    await login(petraClient, petra);
    expect(await ownWishlist(petraClient)).toBeNull();
    expect((await heart(petraClient, product.id, false)) as object).toMatchObject({ wishlist: null });
    expect((await ownWishlist(janaClient))!.itemCount).toBe(1);
  });
});

describe(`shared wishlist (${databaseKind})`, () => {
  it("opens read-only by its token with the owner's first name only; a reset kills the old link", async () => {
    const product = await createProduct(app.prisma);
    const owner = await createCustomer(app.prisma, { firstName: 'Kateřina', lastName: 'Veselá' });
    const ownerClient = app.newClient();
    await login(ownerClient, owner);
    await heart(ownerClient, product.id);
    const { shareToken } = (await ownWishlist(ownerClient))!;
    // ≥ 128 bits: 32 base64url characters carry 192
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const visitor = app.newClient();
    const shared = await visitor.gql<Shared>(SHARED, { t: shareToken });
    expect(shared.data!.sharedWishlist).toEqual({ ownerFirstName: 'Kateřina', itemCount: 1, items: [{ product: { id: gid('Product', product.id) } }] });
    expect(JSON.stringify(shared.data)).not.toContain('Veselá');
    expect(JSON.stringify(shared.data)).not.toContain(owner.email);
    // the shared type has no token, no owner id, no way to change it
    const probe = await visitor.gql(`query($t: String!) { sharedWishlist(token: $t) { shareToken } }`, { t: shareToken });
    expect(probe.errors?.[0].message).toMatch(/shareToken/);
    // the visitor's own wishlist is untouched by looking
    expect(await ownWishlist(visitor)).toBeNull();

    const reset = await ownerClient.gql<{ resetWishlistShareLink: { __typename: string; shareToken?: string } }>(
      'mutation { resetWishlistShareLink { __typename ... on Wishlist { shareToken } } }',
    );
    const newToken = reset.data!.resetWishlistShareLink.shareToken!;
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newToken).not.toBe(shareToken);
    expect((await visitor.gql<Shared>(SHARED, { t: shareToken })).data!.sharedWishlist).toBeNull();
    expect((await visitor.gql<Shared>(SHARED, { t: newToken })).data!.sharedWishlist!.itemCount).toBe(1);
  });

  it('robots.txt keeps crawlers off the wishlist pages and the watch links', async () => {
    const text = await (await fetch(`${app.url}/robots.txt`)).text();
    for (const path of ['/oblibene', '/en/wishlist', '/hlidani-dostupnosti/', '/en/availability-watch/']) expect(text).toContain(`Disallow: ${path}\n`);
  });

  it('a guessed, malformed or huge token finds nothing and runs no wishlist query', async () => {
    const visitor = app.newClient();
    for (const token of ['', 'x', 'A'.repeat(32), '../../etc/passwd', 'ž'.repeat(40), 'a'.repeat(1500)]) {
      const response = await visitor.gql<Shared>(SHARED, { t: token });
      expect(response.errors).toBeUndefined();
      expect(response.data!.sharedWishlist).toBeNull();
    }
  });

  it('reset without a wishlist says "no wishlist"', async () => {
    const response = await app.newClient().gql<{ resetWishlistShareLink: { __typename: string; message: string } }>(
      'mutation { resetWishlistShareLink { __typename ... on Error { message } } }',
      {},
      { 'x-shop-language': 'en' },
    );
    expect(response.data!.resetWishlistShareLink).toEqual({ __typename: 'NotFoundError', message: 'No wishlist' });
  });
});

describe(`partner tokens (${databaseKind})`, () => {
  it('see no hearts and reach no wishlist, shared or own, whatever their scopes', async () => {
    const product = await createProduct(app.prisma);
    const { token } = await createApiToken(app.prisma, { name: 'Srovnávač', scopes: ['catalog:read', 'cart'] });
    const ask = async (query: string, variables?: unknown) => {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
    };
    const catalog = await ask('query($s: String!) { product(slug: $s) { inWishlist } }', { s: product.slug() });
    expect(catalog.data).toEqual({ product: { inWishlist: false } });
    for (const [query, variables] of [
      ['{ wishlist { id } }', undefined],
      ['query($t: String!) { sharedWishlist(token: $t) { itemCount } }', { t: 'A'.repeat(32) }],
      [SET, { p: gid('Product', product.id), in: true }],
      ['mutation { resetWishlistShareLink { __typename } }', undefined],
    ] as const) {
      const answer = await ask(query, variables);
      expect(answer.errors?.[0].extensions?.code, query).toBe('FORBIDDEN');
    }
    expect(await app.prisma.wishlistItem.count({ where: { productId: product.id } })).toBe(0);
  });
});
