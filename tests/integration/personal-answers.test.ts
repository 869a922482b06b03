// Issue 28, docs/decisions/0044: the personal query's answer is kept for the session that asked and
// served in front of Express (bff/src/cache/personal-answers.ts). What is served must always be what
// the full GraphQL execution answers that session now (guest, cart, wishlist, signed in, seats held,
// a price changed), never another shopper's, never stored by anyone (Cache-Control), and the same
// refusals as before for a wrong token, another origin or another content type.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCategory, createCustomer, createProduct, DEFAULT_PASSWORD } from '../support/factories.ts';
import { createMatch } from '../support/tickets.ts';
import { gid } from '../support/global-id.ts';
import { inTransaction } from '../../bff/src/events/record.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { loadPersistedDocuments } from '../../bff/src/graphql/server/trusted-documents.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PERSONAL_TEXT = loadPersistedDocuments().get(operationHashes.Personal)!;
const PERSONAL = JSON.stringify({ operationName: 'Personal', variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.Personal } } });
const ADD = 'mutation ($v: ID!, $q: Int!) { addToCart(variantId: $v, quantity: $q) { __typename } }';
const HEART = 'mutation ($p: ID!, $in: Boolean!) { setProductInWishlist(productId: $p, inWishlist: $in) { __typename } }';
const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { __typename } }';
const HOLD = 'mutation ($e: ID!, $s: [Int!]!) { holdSeats(eventId: $e, seats: $s) { __typename } }';

let app: TestApp;
let variantId: string;
let productId: number;

type Answer = { status: number; headers: Headers; text: string };

/** The personal query as the browser sends it (persisted, by hash), with the client's cookies and token. */
async function personal(client: TestClient, headers: Record<string, string> = {}): Promise<Answer> {
  const token = await client.ensureCsrfCookie();
  const response = await client.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': token, ...headers }, body: PERSONAL });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The same document executed in full by GraphQL (its text: never answered by the personal path). */
async function executedInFull(client: TestClient): Promise<unknown> {
  const answer = await client.gql(PERSONAL_TEXT);
  expect(answer.errors).toBeUndefined();
  return { data: answer.data };
}

/**
 * Asks twice (the second from memory; the first may be kept from before, or executed when the change
 * feed's poll has just moved on) and checks both against the full execution.
 */
async function expectSameAsFull(client: TestClient): Promise<{ data: Record<string, unknown> }> {
  const first = await personal(client);
  const hitsAfterFirst = app.personalAnswerStats!.hits;
  const second = await personal(client);
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  expect(app.personalAnswerStats!.hits).toBe(hitsAfterFirst + 1);
  expect(second.text).toBe(first.text);
  const full = await executedInFull(client);
  expect(JSON.parse(second.text)).toEqual(full);
  return JSON.parse(second.text) as { data: Record<string, unknown> };
}

beforeAll(async () => {
  app = await createTestApp({ config: { responseCache: true } });
  const category = await createCategory(app.prisma, { slug: { cs: 'osobni', en: 'personal' } });
  const product = await createProduct(app.prisma, { category, variants: [{ stock: 50, priceCzk: 100_000 }] });
  variantId = gid('Variant', product.variants[0].id);
  productId = product.id;
  await app.changes.polled(); // the change feed's poll has seen the factories' writes
});

afterAll(async () => {
  await app?.close();
});

describe('personal answers', () => {
  it('a guest with a session, then her cart, her wishlist and her login: each time what the full execution answers', async () => {
    const shopper = app.newClient();
    expect((await expectSameAsFull(shopper)).data).toMatchObject({ cart: null, wishlist: null, me: null });

    await shopper.gql(ADD, { v: variantId, q: 2 });
    expect((await expectSameAsFull(shopper)).data).toMatchObject({ cart: { itemCount: 2, goodsToPay: { withVat: 200_000 } } });

    await shopper.gql(HEART, { p: gid('Product', productId), in: true });
    expect((await expectSameAsFull(shopper)).data).toMatchObject({ wishlist: { itemCount: 1 } });

    const customer = await createCustomer(app.prisma);
    await shopper.gql(LOGIN, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
    expect((await expectSameAsFull(shopper)).data).toMatchObject({ me: { email: customer.email }, cart: { itemCount: 2 } });
  });

  it('seats held in the cart are in the answer at once', async () => {
    const match = await createMatch(app.prisma);
    await app.changes.polled(); // the factory's writes of the match move the change counter: seen now
    const shopper = app.newClient();
    await shopper.gql(ADD, { v: variantId, q: 1 });
    await expectSameAsFull(shopper);
    expect((await shopper.gql(HOLD, { e: match.id, s: [0, 1] })).data).toEqual({ holdSeats: { __typename: 'Cart' } });
    const { data } = await expectSameAsFull(shopper);
    expect((data.cart as { tickets: unknown[] }).tickets).toHaveLength(2);
  });

  it('a price changed through the shop (recorded as its event) is in the next answer', async () => {
    const shopper = app.newClient();
    await shopper.gql(ADD, { v: variantId, q: 1 });
    await expectSameAsFull(shopper);
    const setPrice = (priceCzk: number) =>
      inTransaction(app.prisma, async (tx, changes) => {
        await tx.variant.updateMany({ where: { productId }, data: { priceCzk } });
        changes.record({ kind: 'PriceChanged', productIds: [productId] });
      });
    await setPrice(150_000);
    // the event is dispatched here at its commit: the first answer after it is executed anew
    expect(JSON.parse((await personal(shopper)).text).data.cart.goodsToPay.withVat).toBe(150_000);
    const { data } = await expectSameAsFull(shopper);
    expect(data.cart).toMatchObject({ goodsToPay: { withVat: 150_000 } });
    await setPrice(100_000);
  });

  it("a change in one of a customer's sessions is in the answer of her other session", async () => {
    const customer = await createCustomer(app.prisma);
    const [phone, laptop] = [app.newClient(), app.newClient()];
    for (const device of [phone, laptop]) await device.gql(LOGIN, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
    expect((await expectSameAsFull(laptop)).data).toMatchObject({ wishlist: null });
    await phone.gql(HEART, { p: gid('Product', productId), in: true });
    expect((await expectSameAsFull(laptop)).data).toMatchObject({ wishlist: { itemCount: 1 } });
  });

  it("answers each shopper her own, marked private, no-store, with no cookie; another session's token is refused", async () => {
    const [alice, bob] = [app.newClient(), app.newClient()];
    await alice.gql(ADD, { v: variantId, q: 3 });
    await bob.gql(ADD, { v: variantId, q: 1 });
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = [await personal(alice), await personal(bob)];
      expect(JSON.parse(a.text).data.cart.itemCount).toBe(3);
      expect(JSON.parse(b.text).data.cart.itemCount).toBe(1);
      for (const answer of [a, b]) {
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        expect(answer.headers.getSetCookie()).toEqual([]);
        expect(answer.headers.get('x-cache')).not.toBe('HIT');
        expect(answer.headers.get('content-security-policy')).toBeTruthy();
      }
    }
    // Bob's session cookie with Alice's token (cookie and header): the app's CSRF refusal, not her answer
    const hits = app.personalAnswerStats!.hits;
    const mixed = `sid=${bob.cookies.get('sid')}; XSRF-TOKEN=${alice.cookies.get('XSRF-TOKEN')}`;
    const refused = await personal(bob, { cookie: mixed, 'x-xsrf-token': decodeURIComponent(alice.cookies.get('XSRF-TOKEN')!) });
    expect(refused.status).toBe(419);
    // a session cookie whose signature is not the shop's: refused too
    const sid = decodeURIComponent(alice.cookies.get('sid')!);
    const forged = `sid=${encodeURIComponent(`${sid.slice(0, -3)}AAA`)}; XSRF-TOKEN=${alice.cookies.get('XSRF-TOKEN')}`;
    expect((await personal(alice, { cookie: forged })).status).toBe(419);
    expect(app.personalAnswerStats!.hits).toBe(hits);
  });

  it('refuses another origin, a cross-site request, another content type and a wrong token as the app does, from memory never', async () => {
    const shopper = app.newClient();
    await shopper.gql(ADD, { v: variantId, q: 1 });
    const refusals: [Record<string, string>, number][] = [
      [{ origin: 'https://evil.example' }, 403],
      [{ 'sec-fetch-site': 'cross-site' }, 403],
      [{ 'content-type': 'text/plain' }, 415],
      [{ 'x-xsrf-token': 'wrong' }, 419],
    ];
    for (const [headers, status] of refusals) {
      // kept again (a refused POST drops what was kept for the session: it might have changed something)
      await personal(shopper);
      const hits = app.personalAnswerStats!.hits;
      expect((await personal(shopper)).status).toBe(200);
      expect(app.personalAnswerStats!.hits).toBe(hits + 1);
      expect((await personal(shopper, headers)).status).toBe(status);
      expect(app.personalAnswerStats!.hits).toBe(hits + 1);
    }
  });

  it("a GraphQL query of the session keeps her answer, a refused mutation drops it", async () => {
    const shopper = app.newClient();
    await shopper.gql(ADD, { v: variantId, q: 1 });
    await personal(shopper);
    const hits = app.personalAnswerStats!.hits;
    await shopper.gql('{ products(first: 1) { totalCount } }');
    await personal(shopper);
    expect(app.personalAnswerStats!.hits).toBe(hits + 1);
    // a mutation, even one that changes nothing: the next answer is executed again
    await shopper.gql(ADD, { v: variantId, q: 0 });
    await personal(shopper);
    expect(app.personalAnswerStats!.hits).toBe(hits + 1);
  });

  it('a visitor without a session gets the empty answer, never kept', async () => {
    const stored = app.personalAnswerStats!.stored;
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: PERSONAL });
      expect(await response.json()).toEqual({ data: { __typename: 'Query', cart: null, wishlist: null, me: null } });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(app.personalAnswerStats!.stored).toBe(stored);
  });
});

describe('personal answers, two instances on one database and one Redis', () => {
  let second: TestApp;
  let first: TestApp;

  beforeAll(async () => {
    const config = { responseCache: true, redisUrl: REDIS_URL };
    first = await createTestApp({ config });
    second = await createTestApp({ databaseUrl: first.databaseUrl, config });
    await Promise.all([first.cachesReady(), second.cachesReady()]); // both subscribed
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a cart changed through one instance is in the next answer of the other', async () => {
    const category = await createCategory(first.prisma, { slug: { cs: 'osobni-dva', en: 'personal-two' } });
    const product = await createProduct(first.prisma, { category, variants: [{ stock: 50, priceCzk: 10_000 }] });
    await first.changes.polled(); // its answers below are kept from the first ask on
    const onFirst = first.newClient();
    await onFirst.gql(ADD, { v: gid('Variant', product.variants[0].id), q: 1 });
    // the same browser on the other instance: same cookies
    const onSecond = second.newClient();
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
    await personal(onFirst);
    expect(JSON.parse((await personal(onFirst)).text).data.cart.itemCount).toBe(1);
    expect(first.personalAnswerStats!.hits).toBe(1);
    const dropped = first.personalAnswerStats!.dropped;
    await onSecond.gql(ADD, { v: gid('Variant', product.variants[0].id), q: 2 });
    // Redis' message has reached the first instance: it dropped the answer it kept for her session
    await vi.waitFor(() => expect(first.personalAnswerStats!.dropped).toBe(dropped + 1), { timeout: 10_000, interval: 20 });
    expect(JSON.parse((await personal(onFirst)).text).data.cart.itemCount).toBe(3);
    expect(first.personalAnswerStats!.hits).toBe(1);
  });
});
