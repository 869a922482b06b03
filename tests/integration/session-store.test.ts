// Sessions at rest: the Session table keys each row by SHA-256 of the session id, so whoever reads
// the table (a dump, a backup, a local process) finds nothing a browser could present as its cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { findClientSession, storedSessionKey } from '../support/sessions.ts';
import { gid } from '../support/global-id.ts';
import { ANONYMOUS_IDLE_MS, TOUCH_AFTER_MS } from '../../bff/src/http/session-store.ts';
import { RATE_RULES } from '../../bff/src/rate-limit/rate-limit.ts';

const SessionAddToCart = graphql(`
  mutation SessionStoreAddToCart($variantId: ID!) {
    addToCart(variantId: $variantId) {
      __typename
    }
  }
`);

const SessionLogin = graphql(`
  mutation SessionStoreLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
    }
  }
`);

const SessionCart = graphql(`
  query SessionStoreCart {
    cart {
      itemCount
    }
  }
`);

let app: TestApp;
let variantId: string;
let customer: Awaited<ReturnType<typeof createCustomer>>;

beforeAll(async () => {
  app = await createTestApp();
  const product = await createProduct(app.prisma, { variants: [{ stock: 50 }] });
  variantId = gid('Variant', product.variants[0].id);
  customer = await createCustomer(app.prisma);
});

afterAll(async () => {
  await app?.close();
});

describe(`session store (${databaseKind})`, () => {
  it('the Session table holds no session id in clear, only its SHA-256', async () => {
    // guests with a cart, a signed-in customer and a browser that only fetched the CSRF cookie
    const clients: TestClient[] = [];
    for (let i = 0; i < 3; i++) {
      const client = app.newClient();
      expect((await client.gql(SessionAddToCart, { variantId })).data!.addToCart.__typename).toBe('Cart');
      clients.push(client);
    }
    const signedIn = app.newClient();
    const login = await signedIn.gql(SessionLogin, { input: { email: customer.email, password: customer.password } });
    expect(login.data!.login.__typename).toBe('Customer');
    clients.push(signedIn);
    const fresh = app.newClient();
    await fresh.ensureCsrfCookie();
    clients.push(fresh);

    const rows = await app.prisma.session.findMany();
    const dump = JSON.stringify(rows);
    for (const client of clients) {
      const sessionId = client.sessionId!;
      expect(sessionId).toMatch(/^[\w-]{20,}$/);
      expect(dump).not.toContain(sessionId);
      expect(rows.some((row) => row.sid === storedSessionKey(sessionId))).toBe(true);
    }
    for (const row of rows) expect(row.sid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an anonymous session ends after 3 idle days, each request moving that on; a signed-in one keeps its 30 days', async () => {
    const day = 24 * 3600 * 1000;
    const guest = app.newClient();
    await guest.gql(SessionAddToCart, { variantId });
    const first = (await findClientSession(app.prisma, guest))!;
    expect(Math.abs(first.expire.getTime() - (Date.now() + ANONYMOUS_IDLE_MS))).toBeLessThan(60_000);
    expect(ANONYMOUS_IDLE_MS).toBe(3 * day);
    // a request two days later (the stored expiry set back by two days) moves it on again
    await app.prisma.session.update({ where: { sid: first.sid }, data: { expire: new Date(first.expire.getTime() - 2 * day) } });
    expect((await guest.gql(SessionCart)).data!.cart).toEqual({ itemCount: 1 });
    await expect.poll(async () => (await findClientSession(app.prisma, guest))!.expire.getTime()).toBeGreaterThan(Date.now() + ANONYMOUS_IDLE_MS - 60_000);
    // idle past it, the session and its cart are gone for the browser
    await app.prisma.session.update({ where: { sid: first.sid }, data: { expire: new Date(Date.now() - 1000) } });
    const before = guest.sessionId;
    expect((await guest.fetch('/api/csrf-cookie')).status).toBe(204);
    expect(guest.sessionId).not.toBe(before);
    expect((await guest.gql(SessionCart)).data!.cart).toBeNull();

    const signedIn = app.newClient();
    expect((await signedIn.gql(SessionLogin, { input: { email: customer.email, password: customer.password } })).data!.login.__typename).toBe('Customer');
    const row = (await findClientSession(app.prisma, signedIn))!;
    expect(row.expire.getTime()).toBeGreaterThan(Date.now() + 29 * day);
  });

  it('requests close together write the row once: its expiry is moved on only when it lags 10 minutes behind', async () => {
    const minute = 60_000;
    expect(TOUCH_AFTER_MS).toBe(10 * minute);
    const guest = app.newClient();
    await guest.gql(SessionAddToCart, { variantId });
    const { sid, expire } = (await findClientSession(app.prisma, guest))!;
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await guest.gql(SessionCart)).data!.cart).toEqual({ itemCount: 1 });
    }
    expect((await findClientSession(app.prisma, guest))!.expire).toEqual(expire);
    // a stored expiry 9 minutes behind is left as it is; 11 minutes behind, the next request moves it on
    const nineBehind = new Date(expire.getTime() - 9 * minute);
    await app.prisma.session.update({ where: { sid }, data: { expire: nineBehind } });
    await guest.gql(SessionCart);
    expect((await findClientSession(app.prisma, guest))!.expire).toEqual(nineBehind);
    await app.prisma.session.update({ where: { sid }, data: { expire: new Date(expire.getTime() - 11 * minute) } });
    await guest.gql(SessionCart);
    await expect.poll(async () => (await findClientSession(app.prisma, guest))!.expire.getTime()).toBeGreaterThan(expire.getTime());
  });

  it('the hashed row still serves the browser: its cart is found, and its expiry is kept', async () => {
    const client = app.newClient();
    await client.gql(SessionAddToCart, { variantId });
    const row = await findClientSession(app.prisma, client);
    expect(row).not.toBeNull();
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now());
    expect((await client.gql(SessionCart)).data!.cart).toEqual({ itemCount: 1 });

    // without its row the cookie is worth nothing: the browser is handed a new, empty session
    await app.prisma.session.delete({ where: { sid: row!.sid } });
    const before = client.sessionId;
    expect((await client.fetch('/api/csrf-cookie')).status).toBe(204);
    expect(client.sessionId).not.toBe(before);
    expect((await client.gql(SessionCart)).data!.cart).toBeNull();
  });

  it('instances on one database without SESSION_SECRET share the secret made for the shop: a cart made on one is there on the other (issue 40, item 12)', async () => {
    // two instances starting together, as behind a balancer; the secret is made once, in the database
    const [first, second] = await Promise.all(
      [0, 1].map(() => createTestApp({ databaseUrl: app.databaseUrl, config: { sessionSecret: null }, logQueries: false })),
    );
    try {
      const onFirst = first.newClient();
      expect((await onFirst.gql(SessionAddToCart, { variantId })).data!.addToCart.__typename).toBe('Cart');
      // the same browser's next requests reach the other instance: its cookies (session and CSRF) hold there
      const onSecond = second.newClient();
      for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
      expect((await onSecond.gql(SessionCart)).data!.cart).toEqual({ itemCount: 1 });
      expect((await onSecond.gql(SessionAddToCart, { variantId })).data!.addToCart.__typename).toBe('Cart');
      expect(onSecond.sessionId).toBe(onFirst.sessionId);
      expect((await onFirst.gql(SessionCart)).data!.cart).toEqual({ itemCount: 2 });
      const stored = await app.prisma.shopSecret.findMany();
      expect(stored.map((row) => row.name)).toEqual(['session']);
      expect(stored[0].value).toMatch(/^[0-9a-f]{64}$/);

      // a third instance started later reads the same secret, and nothing is made twice
      const third = await createTestApp({ databaseUrl: app.databaseUrl, config: { sessionSecret: null }, logQueries: false });
      try {
        const onThird = third.newClient();
        for (const [name, value] of onFirst.cookies) onThird.cookies.set(name, value);
        expect((await onThird.gql(SessionCart)).data!.cart).toEqual({ itemCount: 2 });
      } finally {
        await third.close();
      }
      expect(await app.prisma.shopSecret.findMany()).toEqual(stored);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  // last in this file: it spends the address's new sessions for the hour
  it(`past ${RATE_RULES.newSessionPerIp.limit} new sessions an hour an address gets 429 and no session is stored; sessions it has keep working`, async () => {
    const keeper = app.newClient();
    expect((await keeper.fetch('/api/csrf-cookie')).status).toBe(204);
    const sessionsBefore = await app.prisma.session.count();
    // the rest of the hour's budget, 25 at a time (this file's other tests began a few)
    let refused: Response | null = null;
    for (let round = 0; refused === null && round < RATE_RULES.newSessionPerIp.limit / 25 + 1; round += 1) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => app.newClient().fetch('/api/csrf-cookie')));
      refused = answers.find((answer) => answer.status === 429) ?? null;
      for (const answer of answers) expect([204, 429]).toContain(answer.status);
    }
    expect(refused).not.toBeNull();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { message: string }).message).toMatch(/Příliš mnoho pokusů/);
    expect(await app.prisma.session.count()).toBeLessThanOrEqual(sessionsBefore + RATE_RULES.newSessionPerIp.limit);
    // one more stores nothing and sets no cookie; a browser that has its session goes on
    const late = app.newClient();
    const answer = await late.fetch('/api/csrf-cookie');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect((await keeper.fetch('/api/csrf-cookie')).status).toBe(204);
    expect((await keeper.gql(SessionAddToCart, { variantId })).data!.addToCart.__typename).toBe('Cart');
  });
});
