// Partner apps (requirement G8): API tokens (service and `npm run token`), bearer requests without
// cookies or CSRF, scopes on fields, carts by X-Cart-Id, the per-token rate limit, CORS from the
// CORS_ORIGINS allow-list, and the examples of docs/partners.md run as written.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { dbId, gid } from '../support/global-id.ts';
import { createMatch } from '../support/tickets.ts';
import {
  ApiTokenInputError,
  createApiToken,
  createUsageRecorder,
  DEFAULT_RATE_PER_MINUTE,
  listApiTokens,
  revokeApiToken,
  verifyApiToken,
  type PartnerScope,
} from '../../bff/src/services/api-tokens.ts';
import { parseCommand } from '../../scripts/token.ts';
import { OPERATION_LIMITS } from '../../bff/src/graphql/server/limits.ts';
import { loadConfig } from '../../bff/src/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PARTNER_ORIGIN = 'https://partner.example';

let app: TestApp;
/** A product outside the docs' category, for the tests' own carts. */
let product: Awaited<ReturnType<typeof createProduct>>;
let variantId: string;

beforeAll(async () => {
  app = await createTestApp({ config: { corsOrigins: [PARTNER_ORIGIN, 'http://localhost:4000'] } });
  product = await createProduct(app.prisma, { variants: [{ stock: 50 }] });
  variantId = gid('Variant', product.variants[0].id);
});

afterAll(async () => {
  await app?.close();
});

async function newToken(scopes: PartnerScope[], ratePerMinute?: number): Promise<string> {
  return (await createApiToken(app.prisma, { name: `Partner ${scopes.join('+')}`, scopes, ratePerMinute })).token;
}

type Answer = { status: number; headers: Headers; body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] } };

/** A POST /graphql the way a partner's server sends it: no cookies, no CSRF token. */
async function partnerRequest(token: string | null, query: string, variables?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const ADD = `mutation ($variantId: ID!, $quantity: Int) {
  addToCart(variantId: $variantId, quantity: $quantity) { __typename ... on Cart { id itemCount } ... on Error { code } }
}`;
const CART = '{ cart { id itemCount } }';
const PRODUCTS = '{ products(first: 1) { totalCount } }';

const codes = (answer: Answer) => (answer.body.errors ?? []).map((error) => error.extensions?.code);

describe(`partner apps (${databaseKind})`, () => {
  describe('tokens (service)', () => {
    it('creates a token of ≥ 128 random bits, stores only its SHA-256, and verifies it with its scopes', async () => {
      const { token, summary } = await createApiToken(app.prisma, { name: '  Srovnávač cen  ', scopes: ['catalog:read'] });
      expect(token).toMatch(/^shp_[0-9a-f]{8}_[0-9a-f]{64}$/);
      expect(token.split('_')[1]).toBe(summary.prefix);
      const row = await app.prisma.apiToken.findUniqueOrThrow({ where: { id: summary.id } });
      expect(row).toMatchObject({ name: 'Srovnávač cen', scopes: ['catalog:read'], ratePerMinute: 120, lastUsedAt: null, revokedAt: null });
      expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token.split('_')[2]);
      expect(await verifyApiToken(app.prisma, token)).toEqual({
        tokenId: summary.id,
        name: 'Srovnávač cen',
        scopes: ['catalog:read'],
        ratePerMinute: 120,
        // a partner's token belongs to no customer (customers' personal tokens share the table)
        customerId: null,
        // no webhook endpoint of it is switched off (services/webhooks.ts)
        webhooksDisabledAt: null,
      });
      // two tokens never share a secret or a prefix
      const other = await newToken(['catalog:read']);
      expect(other.split('_')[1]).not.toBe(summary.prefix);
      expect(other.split('_')[2]).not.toBe(token.split('_')[2]);
    });

    it('refuses a token with a wrong secret, a wrong prefix, a changed character or another shape', async () => {
      const token = await newToken(['catalog:read']);
      const [, prefix, secret] = token.split('_');
      const flipped = secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0');
      for (const attempt of [
        `shp_${prefix}_${flipped}`,
        `shp_${prefix === '00000000' ? '11111111' : '00000000'}_${secret}`,
        `shp_${prefix}_${secret}0`,
        token.toUpperCase(),
        `${token} `,
        '',
      ]) {
        expect(await verifyApiToken(app.prisma, attempt), attempt).toBeNull();
      }
    });

    it('lists tokens by prefix without their secret, and a revoked token stops working at once', async () => {
      const { token, summary } = await createApiToken(app.prisma, { name: 'Klubový web', scopes: ['catalog:read', 'cart'], ratePerMinute: 30 });
      const listed = (await listApiTokens(app.prisma)).find((t) => t.prefix === summary.prefix);
      expect(listed).toMatchObject({ name: 'Klubový web', scopes: ['catalog:read', 'cart'], ratePerMinute: 30, revokedAt: null });
      expect(JSON.stringify(listed)).not.toContain(token.split('_')[2]);
      expect(await verifyApiToken(app.prisma, token)).not.toBeNull();

      expect((await revokeApiToken(app.prisma, summary.prefix)).status).toBe('revoked');
      expect(await verifyApiToken(app.prisma, token)).toBeNull();
      expect((await partnerRequest(token, PRODUCTS)).status).toBe(401);
      const again = await revokeApiToken(app.prisma, `shp_${summary.prefix}`);
      expect(again.status).toBe('already-revoked');
      await expect(revokeApiToken(app.prisma, 'ffffffff')).rejects.toThrow(/No token has the prefix/);
      await expect(revokeApiToken(app.prisma, 'abc')).rejects.toBeInstanceOf(ApiTokenInputError);
    });

    it('refuses bad names, scopes and rates, and the database refuses unknown scopes too', async () => {
      const cases: [string, Parameters<typeof createApiToken>[1]][] = [
        ['empty name', { name: '  ', scopes: ['cart'] }],
        ['long name', { name: 'x'.repeat(101), scopes: ['cart'] }],
        ['control character', { name: 'a\u0000b', scopes: ['cart'] }],
        ['no scope', { name: 'X', scopes: [] }],
        ['unknown scope', { name: 'X', scopes: ['admin' as PartnerScope] }],
        ['zero rate', { name: 'X', scopes: ['cart'], ratePerMinute: 0 }],
        ['fractional rate', { name: 'X', scopes: ['cart'], ratePerMinute: 1.5 }],
      ];
      const before = await app.prisma.apiToken.count();
      for (const [label, input] of cases) {
        await expect(createApiToken(app.prisma, input), label).rejects.toBeInstanceOf(ApiTokenInputError);
      }
      expect(await app.prisma.apiToken.count()).toBe(before);
      await expect(
        app.prisma.apiToken.create({ data: { name: 'X', prefix: 'deadbeef', tokenHash: 'x', scopes: ['admin'] } }),
      ).rejects.toThrow(/ApiToken_scopes_known|check constraint/i);
    });

    it('writes lastUsedAt at most once a minute per token', async () => {
      const first = await createApiToken(app.prisma, { name: 'A', scopes: ['cart'] });
      const second = await createApiToken(app.prisma, { name: 'B', scopes: ['cart'] });
      const record = createUsageRecorder(app.prisma);
      const start = Date.now();
      await record(first.summary.id, start);
      const after = (await app.prisma.apiToken.findUniqueOrThrow({ where: { id: first.summary.id } })).lastUsedAt;
      expect(after?.getTime()).toBe(start);
      const writes = () => app.queries.filter((sql) => /^UPDATE "public"\."ApiToken"/.test(sql)).length;
      const before = writes();
      await record(first.summary.id, start + 30_000);
      await record(first.summary.id, start + 59_999);
      expect(writes()).toBe(before);
      await record(second.summary.id, start + 1000); // another token has its own minute
      await record(first.summary.id, start + 60_000);
      expect(writes()).toBe(before + 2);
      expect((await app.prisma.apiToken.findUniqueOrThrow({ where: { id: first.summary.id } })).lastUsedAt?.getTime()).toBe(start + 60_000);
      // another process (a recorder that has not written yet) does not write within the minute either
      await createUsageRecorder(app.prisma)(first.summary.id, start + 90_000);
      expect((await app.prisma.apiToken.findUniqueOrThrow({ where: { id: first.summary.id } })).lastUsedAt?.getTime()).toBe(start + 60_000);
    });

    it('a request through the API marks the token as used, and the next ones within the minute do not write', async () => {
      const { token, summary } = await createApiToken(app.prisma, { name: 'Used', scopes: ['catalog:read'] });
      const writes = () => app.queries.filter((sql) => /^UPDATE "public"\."ApiToken"/.test(sql)).length;
      const before = writes();
      expect((await partnerRequest(token, PRODUCTS)).status).toBe(200);
      await expect.poll(async () => (await app.prisma.apiToken.findUniqueOrThrow({ where: { id: summary.id } })).lastUsedAt).not.toBeNull();
      for (let i = 0; i < 3; i++) expect((await partnerRequest(token, PRODUCTS)).status).toBe(200);
      expect(writes()).toBe(before + 1);
    });
  });

  describe('bearer requests', () => {
    it('an unknown, malformed or revoked token gets 401 JSON, and nothing runs', async () => {
      const revoked = await createApiToken(app.prisma, { name: 'Old', scopes: ['cart'] });
      await revokeApiToken(app.prisma, revoked.summary.prefix);
      const cartsBefore = await app.prisma.cart.count();
      for (const authorization of [
        'Bearer shp_00000000_' + '0'.repeat(64),
        'Bearer nonsense',
        'Bearer ',
        'Basic dXNlcjpwYXNz',
        `Bearer ${revoked.token}`,
        `Bearer ${revoked.token} extra`,
      ]) {
        const response = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization, 'x-shop-language': 'en' },
          body: JSON.stringify({ query: ADD, variables: { variantId, quantity: 1 } }),
        });
        expect(response.status, authorization).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(await response.json()).toEqual({
          errors: [{ message: 'The access token is missing, invalid or revoked.', extensions: { code: 'UNAUTHENTICATED' } }],
        });
      }
      expect(await app.prisma.cart.count()).toBe(cartsBefore);
      // a valid token is accepted only as issued: `Bearer`, one space, the token (issue 40, item 14)
      const valid = await createApiToken(app.prisma, { name: 'Exact', scopes: ['catalog:read'] });
      for (const authorization of [`Bearer  ${valid.token}`, `Bearer\t${valid.token}`, `Bearer ${valid.token}\u00a0`]) {
        const response = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ query: PRODUCTS }),
        });
        expect(response.status, JSON.stringify(authorization)).toBe(401);
      }
      expect((await partnerRequest(valid.token, PRODUCTS)).status).toBe(200);
      // a token's errors are English unless Accept-Language asks for Czech (issue 27)
      const unknown = 'shp_00000000_' + '0'.repeat(64);
      expect((await partnerRequest(unknown, PRODUCTS)).body.errors![0].message).toBe('The access token is missing, invalid or revoked.');
      expect((await partnerRequest(unknown, PRODUCTS, undefined, { 'x-shop-language': 'cs' })).body.errors![0].message).toBe(
        'The access token is missing, invalid or revoked.',
      );
      const czech = await partnerRequest(unknown, PRODUCTS, undefined, { 'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.8' });
      expect(czech.body.errors![0].message).toBe('Přístupový token chybí, je neplatný nebo byl zrušen.');
    });

    it('needs no CSRF token, even with a foreign Origin, and ignores the cookies it carries', async () => {
      // a signed-in shopper with a cart of 1 piece
      const customer = await createCustomer(app.prisma);
      const shopper = app.newClient();
      const login = await shopper.gql(`mutation ($input: LoginInput!) { login(input: $input) { __typename } }`, {
        input: { email: customer.email, password: customer.password },
      });
      expect(login.errors).toBeUndefined();
      const added = await shopper.gql<{ addToCart: { id: string } }>(ADD, { variantId, quantity: 1 });
      const shopperCartId = added.data!.addToCart.id;
      const sessionsBefore = await app.prisma.session.count();

      const token = await newToken(['catalog:read', 'cart']);
      const cookie = shopper.cookieHeader();
      const read = await partnerRequest(token, `{ cart { id } me { id } }`, undefined, { cookie, origin: 'https://elsewhere.example' });
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual({ cart: null, me: null });
      expect(codes(read)).toEqual(['FORBIDDEN']);
      expect(read.headers.getSetCookie()).toEqual([]);

      const write = await partnerRequest(token, ADD, { variantId, quantity: 2 }, { cookie, 'x-cart-id': shopperCartId });
      expect(write.status).toBe(200);
      const partnerCart = write.body.data!.addToCart as { id: string; itemCount: number };
      expect(partnerCart.itemCount).toBe(2);
      expect(partnerCart.id).not.toBe(shopperCartId);
      expect(write.headers.getSetCookie()).toEqual([]);

      // the shopper's cart and session are as they were
      const mine = await shopper.gql<{ cart: { id: string; itemCount: number } }>(CART);
      expect(mine.data!.cart).toEqual({ id: shopperCartId, itemCount: 1 });
      expect(await app.prisma.session.count()).toBe(sessionsBefore);
    });

    it('customer fields and mutations are refused to every token, whatever its scopes', async () => {
      const token = await newToken(['catalog:read', 'cart', 'schema:read']);
      const customer = await createCustomer(app.prisma);
      const sessionsBefore = await app.prisma.session.count();
      const attempts = [
        `{ me { id } }`,
        `mutation { logout }`,
        `mutation { login(input: { email: "${customer.email}", password: "${customer.password}" }) { __typename } }`,
        `mutation { subscribeNewsletter(email: "partner@example.cz") { __typename } }`,
      ];
      for (const query of attempts) {
        const answer = await partnerRequest(token, query);
        expect(codes(answer), query).toEqual(['FORBIDDEN']);
        expect(answer.headers.getSetCookie(), query).toEqual([]);
      }
      expect(await app.prisma.newsletterSubscription.count({ where: { email: 'partner@example.cz' } })).toBe(0);
      expect(await app.prisma.session.count()).toBe(sessionsBefore);
    });
  });

  describe('scopes', () => {
    it('a catalog-only token reads the catalog, content and stores but cannot touch a cart', async () => {
      const token = await newToken(['catalog:read']);
      const read = await partnerRequest(token, `{ products(first: 1) { totalCount } categories { id } stores { id } infoPages { id } articles { id } infoTiles { id } }`);
      expect(read.body.errors).toBeUndefined();
      expect(read.body.data!.products).toMatchObject({ totalCount: expect.any(Number) });

      const cartsBefore = await app.prisma.cart.count();
      const add = await partnerRequest(token, ADD, { variantId, quantity: 1 }, { 'x-shop-language': 'en' });
      expect(add.body.data).toBeNull();
      expect(add.body.errors).toMatchObject([
        { message: 'You are not allowed to access this data or action.', path: ['addToCart'], extensions: { code: 'FORBIDDEN' } },
      ]);
      expect(add.body.errors).toHaveLength(1);
      expect(codes(await partnerRequest(token, CART))).toEqual(['FORBIDDEN']);
      expect(codes(await partnerRequest(token, `mutation { setCartLineQuantity(lineId: "${gid('CartLine', 1)}", quantity: 0) { __typename } }`))).toEqual(['FORBIDDEN']);
      expect(await app.prisma.cart.count()).toBe(cartsBefore);
    });

    it('match tickets: events, availability and seat changes under catalog:read, holding seats under cart only', async () => {
      const match = await createMatch(app.prisma);
      const reader = await newToken(['catalog:read']);
      const read = await partnerRequest(reader, 'query ($slug: String!) { event(slug: $slug) { id availability { taken } } }', { slug: match.slug });
      expect(read.body.data).toEqual({ event: { id: match.id, availability: { taken: [] } } });
      const hold = 'mutation ($e: ID!, $s: [Int!]!) { holdSeats(eventId: $e, seats: $s) { __typename } }';
      expect(codes(await partnerRequest(reader, hold, { e: match.id, s: [1] }))).toEqual(['FORBIDDEN']);
      expect(codes(await partnerRequest(reader, 'mutation ($e: ID!) { releaseSeats(eventId: $e, seats: [1]) { id } }', { e: match.id }))).toEqual(['FORBIDDEN']);
      expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(0);

      // the subscription over server-sent events with the catalog token; a cart token holds a seat
      const query = 'subscription ($e: ID!) { seatChanges(eventId: $e) { taken freed } }';
      const controller = new AbortController();
      const stream = await fetch(`${app.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ e: match.id }))}`, {
        headers: { authorization: `Bearer ${reader}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const held = await partnerRequest(await newToken(['cart']), hold, { e: match.id, s: [4] });
      expect(held.body.data).toEqual({ holdSeats: { __typename: 'Cart' } });
      const reader2 = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('event: next')) text += (await reader2.read()).value ?? '';
      expect(text).toContain('data: {"data":{"seatChanges":{"taken":[4],"freed":[]}}}');
      controller.abort();
      // a cart token cannot subscribe (catalog data): the stream's one event is the refusal, then it ends
      const refusedController = new AbortController();
      const refused = await fetch(`${app.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ e: match.id }))}`, {
        headers: { authorization: `Bearer ${await newToken(['cart'])}`, accept: 'text/event-stream' },
        signal: refusedController.signal,
      });
      const refusal = refused.body!.pipeThrough(new TextDecoderStream()).getReader();
      let refusedText = '';
      for (;;) {
        const chunk = await refusal.read();
        if (chunk.done) break;
        refusedText += chunk.value;
      }
      refusedController.abort();
      expect(refusedText).toContain('"code":"FORBIDDEN"');
      expect(refusedText).not.toContain('seatChanges":{');
      // the guide's example lists the matches on sale: this one goes
      await app.prisma.event.delete({ where: { id: match.event.id } });
    });

    it('a cart token fills its own cart by X-Cart-Id, but not the catalog and not another token\'s cart', async () => {
      const token = await newToken(['cart']);
      expect(codes(await partnerRequest(token, PRODUCTS))).toEqual(['FORBIDDEN']);

      const first = await partnerRequest(token, ADD, { variantId, quantity: 1 });
      const cart = first.body.data!.addToCart as { __typename: string; id: string; itemCount: number };
      expect(cart).toMatchObject({ __typename: 'Cart', itemCount: 1 });
      const verified = await verifyApiToken(app.prisma, token);
      expect((await app.prisma.cart.findUniqueOrThrow({ where: { id: dbId(cart.id) } })).apiTokenId).toBe(verified!.tokenId);

      // without X-Cart-Id a request has no cart; with it, the same cart
      expect((await partnerRequest(token, CART)).body.data).toEqual({ cart: null });
      expect((await partnerRequest(token, CART, undefined, { 'x-cart-id': cart.id })).body.data).toEqual({ cart: { id: cart.id, itemCount: 1 } });
      expect((await partnerRequest(token, CART, undefined, { 'x-cart-id': gid('Cart', dbId(cart.id).toUpperCase()) })).body.data).toEqual({
        cart: { id: cart.id, itemCount: 1 },
      });
      const second = await partnerRequest(token, ADD, { variantId, quantity: 2 }, { 'x-cart-id': cart.id });
      expect(second.body.data!.addToCart).toMatchObject({ id: cart.id, itemCount: 3 });
      const line = await app.prisma.cartLine.findFirstOrThrow({ where: { cartId: dbId(cart.id) } });
      const set = await partnerRequest(
        token,
        `mutation ($lineId: ID!) { setCartLineQuantity(lineId: $lineId, quantity: 5) { __typename ... on Cart { itemCount } } }`,
        { lineId: gid('CartLine', line.id) },
        { 'x-cart-id': cart.id },
      );
      expect(set.body.data!.setCartLineQuantity).toEqual({ __typename: 'Cart', itemCount: 5 });

      // another token with the first one's cart id: no cart, and its add starts its own cart
      const other = await newToken(['cart']);
      expect((await partnerRequest(other, CART, undefined, { 'x-cart-id': cart.id })).body.data).toEqual({ cart: null });
      const foreign = await partnerRequest(other, ADD, { variantId, quantity: 1 }, { 'x-cart-id': cart.id });
      expect((foreign.body.data!.addToCart as { id: string }).id).not.toBe(cart.id);
      const setForeign = await partnerRequest(
        other,
        `mutation ($lineId: ID!) { setCartLineQuantity(lineId: $lineId, quantity: 1) { __typename } }`,
        { lineId: gid('CartLine', line.id) },
        { 'x-cart-id': cart.id },
      );
      expect(setForeign.body.data!.setCartLineQuantity).toEqual({ __typename: 'NotFoundError' });
      expect((await partnerRequest(token, CART, undefined, { 'x-cart-id': cart.id })).body.data).toEqual({ cart: { id: cart.id, itemCount: 5 } });

      // a browser's cart cannot be taken over by id either
      const browser = app.newClient();
      const browserCart = (await browser.gql<{ addToCart: { id: string } }>(ADD, { variantId, quantity: 1 })).data!.addToCart.id;
      expect((await partnerRequest(token, CART, undefined, { 'x-cart-id': browserCart })).body.data).toEqual({ cart: null });
      // nor a partner's cart by a browser that sends the header
      expect((await browser.gql(CART, undefined, { 'x-cart-id': cart.id })).data).toEqual({ cart: { id: browserCart, itemCount: 1 } });
    });

    it('browsers keep every field: catalog, cart and customer', async () => {
      const browser = app.newClient();
      const answer = await browser.gql(`{ products(first: 1) { totalCount } cart { id } me { id } }`);
      expect(answer.errors).toBeUndefined();
      expect((await browser.gql<{ addToCart: { __typename: string } }>(ADD, { variantId, quantity: 1 })).data!.addToCart.__typename).toBe('Cart');
    });
  });

  describe('rate limit', () => {
    it('a token over its rate per minute gets 429 with Retry-After; other tokens go on', async () => {
      const token = await newToken(['catalog:read'], 3);
      const neighbour = await newToken(['catalog:read'], 3);
      for (let i = 0; i < 3; i++) expect((await partnerRequest(token, PRODUCTS)).status).toBe(200);
      const refused = await partnerRequest(token, PRODUCTS, undefined, { 'x-shop-language': 'en', origin: PARTNER_ORIGIN });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body).toEqual({
        errors: [{ message: 'Too many requests. Try again shortly (see the Retry-After header).', extensions: { code: 'RATE_LIMITED' } }],
      });
      // a partner's page can read the refusal and its Retry-After
      expect(refused.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
      expect(refused.headers.get('access-control-expose-headers')).toMatch(/retry-after/);
      expect((await partnerRequest(neighbour, PRODUCTS)).status).toBe(200);
      // refused requests keep counting: no way to probe the window's end for free
      expect((await partnerRequest(token, PRODUCTS)).status).toBe(429);
    });
  });

  describe('CORS', () => {
    const corsHeaders = (headers: Headers) => [...headers.keys()].filter((name) => name.startsWith('access-control-'));

    it('an allowed origin gets its own origin back, with credentials, on the answer and the preflight', async () => {
      const token = await newToken(['catalog:read']);
      const answer = await partnerRequest(token, PRODUCTS, undefined, { origin: PARTNER_ORIGIN });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/i);

      const preflight = await fetch(`${app.url}/graphql`, {
        method: 'OPTIONS',
        headers: {
          origin: PARTNER_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, x-cart-id',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
      const allowed = preflight.headers.get('access-control-allow-headers')!.split(/, */);
      expect(allowed).toEqual(['authorization', 'content-type', 'x-cart-id', 'x-shop-language', 'x-shop-currency']);
      expect(allowed).not.toContain('x-xsrf-token');
      expect(preflight.headers.get('vary')).toMatch(/\bOrigin\b/i);
    });

    it('any other origin, including another port or subdomain of the shop or the partner, gets no CORS headers', async () => {
      const token = await newToken(['catalog:read']);
      const shop = new URL(app.url);
      const others = [
        'https://evil.example',
        `http://${shop.hostname}:${Number(shop.port) + 1}`,
        `http://shop.${shop.hostname}:${shop.port}`,
        'http://localhost:3001',
        'http://sub.localhost:3000',
        'https://api.partner.example',
        'https://partner.example:8443',
        'http://partner.example',
        'https://partner.example.evil.example',
        'null',
      ];
      for (const origin of others) {
        const answer = await partnerRequest(token, PRODUCTS, undefined, { origin });
        expect(corsHeaders(answer.headers), origin).toEqual([]);
        const preflight = await fetch(`${app.url}/graphql`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-xsrf-token' },
        });
        expect(corsHeaders(preflight.headers), origin).toEqual([]);
        // and no reflection on a GET either (graphql-yoga's own CORS is off)
        const get = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { origin } });
        expect(corsHeaders(get.headers), origin).toEqual([]);
      }
    });

    it('a page on another port of the shop cannot read a signed-in shopper\'s data (finding 3)', async () => {
      const customer = await createCustomer(app.prisma);
      const shopper = app.newClient();
      await shopper.gql(`mutation ($input: LoginInput!) { login(input: $input) { __typename } }`, {
        input: { email: customer.email, password: customer.password },
      });
      const shop = new URL(app.url);
      const attacker = `http://${shop.hostname}:${Number(shop.port) + 1}`;
      const csrf = [...shopper.cookies].find(([name]) => name.includes('XSRF-TOKEN'))![1];
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: shopper.cookieHeader(), 'x-xsrf-token': csrf, origin: attacker },
        body: JSON.stringify({ query: '{ me { email firstName phone } }' }),
      });
      expect(corsHeaders(response.headers)).toEqual([]);
      expect(await response.text()).not.toContain(customer.email);
    });

    it('same-origin requests are untouched: no CORS headers, and the shop\'s own page works', async () => {
      const browser = app.newClient({ origin: app.url });
      const answer = await browser.gql(PRODUCTS);
      expect(answer.errors).toBeUndefined();
      expect(corsHeaders(answer.headers)).toEqual([]);
    });
  });

  describe('docs/partners.md', () => {
    it('every curl example gives the answer the guide shows, on the demo shop', async () => {
      const { shop, env } = await startDocsShop();
      try {
        const examples = docExamples(readFileSync(path.join(ROOT, 'docs/partners.md'), 'utf8'));
        expect(examples.filter((example) => example.expected !== undefined).length).toBeGreaterThanOrEqual(14);
        for (const example of examples) {
          const request = curlRequest(example.command, env);
          const response = await fetch(request.url, request.init);
          const actual = await response.json();
          if (example.expected === undefined) continue;
          const mismatch = matchExample(example.expected, actual, env);
          expect(mismatch, `${example.command}\n\nanswered ${JSON.stringify(actual, null, 2)}`).toBeNull();
        }
      } finally {
        await shop.close();
      }
    });

    it('the guide\'s table of limits shows the limits the server enforces', () => {
      const guide = readFileSync(path.join(ROOT, 'docs/partners.md'), 'utf8');
      const value = (label: string) => {
        const row = new RegExp(`^\\| ${label}[^|]*\\| ([^|]+) \\|$`, 'm').exec(guide);
        expect(row, label).not.toBeNull();
        return Number(row![1].replace(/^(\d[\d ]*).*$/, '$1').replace(/ /g, ''));
      };
      expect(value('depth')).toBe(OPERATION_LIMITS.depth);
      expect(value('aliases')).toBe(OPERATION_LIMITS.aliases);
      expect(value('directives')).toBe(OPERATION_LIMITS.directives);
      expect(value('tokens')).toBe(OPERATION_LIMITS.tokens);
      expect(value('length of the document')).toBe(OPERATION_LIMITS.documentLength);
      expect(value('estimated cost')).toBe(OPERATION_LIMITS.cost);
      expect(value('run time') * 1000).toBe(loadConfig({}).graphqlTimeoutMs);
      expect(value('request body') * 1000).toBe(OPERATION_LIMITS.bodyBytes);
      expect(value('requests per token')).toBe(DEFAULT_RATE_PER_MINUTE);
      expect(value('open event streams')).toBe(loadConfig({}).seatStreams.perClient);
      expect(value('lifetime of an event stream') * 60_000).toBe(loadConfig({}).seatStreams.lifetimeMs);
    });

    it('the guide\'s answers that are not from an example are valid JSON and match the server\'s shape', () => {
      const blocks = fencedBlocks(readFileSync(path.join(ROOT, 'docs/partners.md'), 'utf8'));
      const jsonBlocks = blocks.filter((block) => block.lang === 'json');
      for (const block of jsonBlocks) expect(() => JSON.parse(block.text), block.text).not.toThrow();
      // the 429 body in the guide is the one the rate limit test sees
      expect(jsonBlocks.map((block) => JSON.parse(block.text))).toContainEqual({
        errors: [{ message: 'Too many requests. Try again shortly (see the Retry-After header).', extensions: { code: 'RATE_LIMITED' } }],
      });
    });
  });

  describe('npm run token', () => {
    it('creates, lists and revokes tokens with the commands the guide shows, with clear errors for bad arguments', async () => {
      const guide = readFileSync(path.join(ROOT, 'docs/partners.md'), 'utf8');
      const createLine = /npm run token -- (create .+)$/m.exec(guide)![1];
      const args = shellWords(createLine, {});
      // a wrong one too (in parallel, to keep the test short): it fails with the reason and the usage
      const [created, bad] = await Promise.all([runTokenCommand(args), runTokenCommand(['create', '--name', 'X', '--scopes', 'catalog:read,admin'])]);

      expect(created.code, created.stderr).toBe(0);
      const token = /shp_[0-9a-f]{8}_[0-9a-f]{64}/.exec(created.stdout)![0];
      expect(created.stdout).toMatch(/not be shown again/);
      const verified = await verifyApiToken(app.prisma, token);
      expect(verified).toMatchObject({ name: 'Partner X', scopes: ['catalog:read', 'cart'], ratePerMinute: 120 });
      expect((await partnerRequest(token, PRODUCTS)).status).toBe(200);

      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/Unknown scope "admin"/);
      expect(bad.stderr).toMatch(/Usage:/);
      expect(bad.stdout).toBe('');

      const prefix = token.split('_')[1];
      const listed = await runTokenCommand(['list']);
      expect(listed.code, listed.stderr).toBe(0);
      const row = listed.stdout.split('\n').find((line) => line.startsWith(prefix));
      expect(row).toMatch(/Partner X\s+catalog:read,cart\s+120\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+–/);
      expect(listed.stdout).not.toContain(token.split('_')[2]);

      const revoked = await runTokenCommand(['revoke', prefix]);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).toMatch(new RegExp(`Revoked token ${prefix}`));
      expect(await verifyApiToken(app.prisma, token)).toBeNull();
      expect((await partnerRequest(token, PRODUCTS)).status).toBe(401);
    });

    it('explains a wrong command line before it opens the database', () => {
      const cases: [string[], RegExp][] = [
        [[], /Name a command/],
        [['create', '--scopes', 'cart'], /create needs --name/],
        [['create', '--name', 'X'], /create needs --scopes/],
        [['create', '--name', 'X', '--scopes', 'cart', '--rate', 'fast'], /--rate must be a whole number/],
        [['create', '--name', 'X', '--scopes', 'cart', 'extra'], /Unexpected argument "extra"/],
        [['create', '--name', 'X', '--scopes', 'cart', '--colour', 'red'], /Unknown option '--colour'/],
        [['list', '--name', 'X'], /--name belongs to create only/],
        [['revoke'], /revoke needs exactly one token prefix/],
        [['revoke', 'a', 'b'], /revoke needs exactly one token prefix/],
        [['delete', 'abc'], /Unknown command "delete"/],
      ];
      for (const [args, message] of cases) expect(() => parseCommand(args), args.join(' ')).toThrow(message);
      expect(parseCommand(['create', '--name', 'Partner X', '--scopes', 'catalog:read,cart', '--rate', '60'])).toEqual({
        kind: 'create',
        name: 'Partner X',
        scopes: 'catalog:read,cart',
        rate: 60,
      });
      expect(parseCommand(['revoke', 'shp_1a2b3c4d'])).toEqual({ kind: 'revoke', prefix: 'shp_1a2b3c4d' });
    });
  });
});

// ------------------------------------------------------------------ npm run token

function runTokenCommand(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // the server's configuration only: this app's database, nothing from the test's environment
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/token.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: app.databaseUrl, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// ------------------------------------------------------------------ the guide's examples

/**
 * The demo shop the guide's answers show (the catalog `npm start` fills an empty database with, as the
 * README starts it: a shop of its own, on a database of its own), and the shell variables its examples use.
 */
async function startDocsShop(): Promise<{ shop: TestApp; env: Record<string, string> }> {
  // GraphiQL's public explorer on (chapter 9); it changes nothing for the token requests
  const shop = await createTestApp({ config: { seedDemoData: true, graphiql: true, graphiqlPublic: true } });
  const { token } = await createApiToken(shop.prisma, { name: 'Partner X', scopes: ['catalog:read', 'cart'] });
  return { shop, env: { SHOP: shop.url, TOKEN: token } };
}

type Block = { lang: string; text: string };

function fencedBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```\s*$/gm)].map((match) => ({ lang: match[1], text: match[2] }));
}

/** Each ```sh block that runs curl, with the ```json block right after it as its expected answer. */
function docExamples(markdown: string): { command: string; expected?: unknown }[] {
  const blocks = fencedBlocks(markdown);
  const examples: { command: string; expected?: unknown }[] = [];
  blocks.forEach((block, index) => {
    if (block.lang !== 'sh' || !/^\s*curl\b/m.test(block.text)) return;
    const next = blocks[index + 1];
    examples.push({ command: block.text, expected: next?.lang === 'json' ? JSON.parse(next.text) : undefined });
  });
  return examples;
}

/**
 * Splits a command line into words as a POSIX shell does for the forms the guide uses: single and
 * double quotes, words glued from several quoted parts, $NAME and ${NAME}, backslash-newline, and
 * comments. Anything else (pipes, substitutions) fails, so the guide stays runnable by this test.
 */
function shellWords(text: string, env: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const variable = (rest: string): [string, number] => {
    const match = /^\{(\w+)\}|^(\w+)/.exec(rest);
    if (!match) throw new Error(`unsupported $ in: ${text}`);
    const name = match[1] ?? match[2];
    if (!(name in env)) throw new Error(`$${name} is used before the guide says where it comes from`);
    return [env[name], match[0].length];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && text[i + 1] === '\n') {
      i++;
    } else if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (char === '#' && word === null) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${text}`);
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (char === '"') {
      word ??= '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\' && /["\\$`]/.test(text[i + 1])) word += text[++i];
        else if (text[i] === '$') {
          const [value, length] = variable(text.slice(i + 1));
          word += value;
          i += length;
        } else word += text[i];
      }
      if (i >= text.length) throw new Error(`unclosed " in: ${text}`);
    } else if (char === '$') {
      const [value, length] = variable(text.slice(i + 1));
      word = (word ?? '') + value;
      i += length;
    } else if (/[|;&<>()`]/.test(char)) {
      throw new Error(`unsupported shell syntax "${char}" in: ${text}`);
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** The fetch() that a `curl` command line of the guide makes. */
function curlRequest(command: string, env: Record<string, string>): { url: string; init: RequestInit } {
  const [program, ...args] = shellWords(command, env);
  if (program !== 'curl') throw new Error(`not a curl command: ${command}`);
  let url: string | undefined;
  const headers = new Headers();
  let body: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '-s' || arg === '--silent') continue;
    if (arg === '-H' || arg === '--header') {
      const [name, ...value] = args[++i].split(':');
      headers.append(name.trim(), value.join(':').trim());
    } else if (arg === '-d' || arg === '--data' || arg === '--data-raw') {
      body = args[++i];
    } else if (arg.startsWith('-')) {
      throw new Error(`the test does not know the curl option ${arg}`);
    } else {
      url = arg;
    }
  }
  if (!url) throw new Error(`no URL in: ${command}`);
  // curl sends -d as a POST
  return { url, init: { method: body === undefined ? 'GET' : 'POST', headers, body } };
}

/**
 * Compares an answer with the guide's: objects by the keys the guide shows, arrays element by
 * element, "…" matches anything ("…text" any text ending so, "text…" any starting so), "$NAME"
 * remembers the value (or must equal it once remembered).
 * Returns a description of the first difference, or null.
 */
function matchExample(expected: unknown, actual: unknown, env: Record<string, string>, at = '$'): string | null {
  if (expected === '…') return actual === undefined ? `${at} is missing` : null;
  if (typeof expected === 'string' && expected.length > 1 && (expected.startsWith('…') || expected.endsWith('…'))) {
    const text = expected.replace(/^…|…$/g, '');
    const fits = typeof actual === 'string' && (expected.startsWith('…') ? actual.endsWith(text) : actual.startsWith(text));
    return fits ? null : `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  if (typeof expected === 'string' && /^\$\w+$/.test(expected)) {
    const name = expected.slice(1);
    if (typeof actual !== 'string' && typeof actual !== 'number') return `${at}: expected a string or number for ${expected}`;
    if (name in env) return env[name] === String(actual) ? null : `${at}: ${expected} was ${env[name]}, now ${actual}`;
    env[name] = String(actual);
    return null;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${at}: expected ${expected.length} items`;
    for (const [index, item] of expected.entries()) {
      const difference = matchExample(item, actual[index], env, `${at}[${index}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return `${at}: expected an object`;
    for (const [key, value] of Object.entries(expected)) {
      const difference = matchExample(value, (actual as Record<string, unknown>)[key], env, `${at}.${key}`);
      if (difference) return difference;
    }
    return null;
  }
  return Object.is(expected, actual) ? null : `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}
