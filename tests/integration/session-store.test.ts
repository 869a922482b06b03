// Sessions at rest: the Session table keys each row by SHA-256 of the session id, so whoever reads
// the table (a dump, a backup, a local process) finds nothing a browser could present as its cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { findClientSession, storedSessionKey } from '../support/sessions.ts';
import { gid } from '../support/global-id.ts';

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
});
