// Limits a client can see coming (issue 27, decision 0039): every token answer carries the rate-limit
// header fields (draft-ietf-httpapi-ratelimit-headers-06) counting down to the 429, and
// `extensions.cost` with the operation's cost and what is left of the token's cost budget; a token's
// errors are in English unless Accept-Language asks for Czech.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { createApiToken, type PartnerScope } from '../../bff/src/services/api-tokens.ts';
import { COST_POINTS_PER_REQUEST, costBudgetRule, type QueryCost } from '../../bff/src/graphql/server/token-cost.ts';
import { operationCost } from '../../bff/src/graphql/server/cost.ts';
import { OPERATION_LIMITS } from '../../bff/src/graphql/server/limits.ts';
import { schema } from '../../bff/src/graphql/schema/index.ts';
import { parse } from 'graphql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rateHeaders } from '../support/rate-limit-headers.ts';

let app: TestApp;
let variantId: string;

beforeAll(async () => {
  app = await createTestApp();
  const product = await createProduct(app.prisma, { variants: [{ stock: 2 }] });
  variantId = gid('Variant', product.variants[0].id);
});

afterAll(async () => {
  await app?.close();
});

async function newToken(scopes: PartnerScope[], ratePerMinute?: number): Promise<string> {
  return (await createApiToken(app.prisma, { name: 'Limits', scopes, ratePerMinute })).token;
}

type Answer = {
  status: number;
  headers: Headers;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[]; extensions?: { cost?: QueryCost } };
};

async function call(token: string, query: string, variables?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const PRODUCTS = '{ products(first: 5) { totalCount edges { node { name } } } }';
const PRODUCTS_COST = operationCost(schema, parse(PRODUCTS), undefined);

describe(`token limits (${databaseKind})`, () => {
  it('the rate-limit headers count down on every answer and match the 429 and its Retry-After', async () => {
    const token = await newToken(['catalog:read'], 4);
    const seen = [];
    // answers of every kind count: data, a GraphQL error (scope), a refused document
    for (const query of [PRODUCTS, '{ me { email } }', '{ products(first: 1) { ', PRODUCTS]) seen.push(await call(token, query));
    expect(seen.map((answer) => answer.status)).toEqual([200, 200, 400, 200]);
    expect(seen.map((answer) => rateHeaders(answer).remaining)).toEqual(['3', '2', '1', '0']);
    for (const answer of seen) {
      expect(rateHeaders(answer)).toMatchObject({ limit: '4', policy: '4;w=60' });
      expect(rateHeaders(answer).reset).toBeGreaterThanOrEqual(1);
      expect(rateHeaders(answer).reset).toBeLessThanOrEqual(60);
    }
    const refused = await call(token, PRODUCTS);
    expect(refused.status).toBe(429);
    expect(rateHeaders(refused)).toMatchObject({ limit: '4', remaining: '0', policy: '4;w=60' });
    expect(rateHeaders(refused).reset).toBe(Number(refused.headers.get('retry-after')));
    expect(rateHeaders(refused).reset).toBeLessThanOrEqual(rateHeaders(seen[0]).reset);
    expect(refused.body.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  });

  it('the headers use the token\'s own rate, 120 a minute by default, and browsers get none', async () => {
    const answer = await call(await newToken(['catalog:read']), PRODUCTS);
    expect(rateHeaders(answer)).toMatchObject({ limit: '120', remaining: '119', policy: '120;w=60' });
    const browser = await app.newClient().gql(PRODUCTS);
    expect(browser.headers.get('ratelimit-limit')).toBeNull();
  });

  it('a partner page may read the headers (CORS exposes them)', async () => {
    const cors = await createTestApp({ databaseUrl: app.databaseUrl, config: { corsOrigins: ['https://partner.example'] } });
    try {
      const response = await fetch(`${cors.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await newToken(['catalog:read'])}`, origin: 'https://partner.example' },
        body: JSON.stringify({ query: PRODUCTS }),
      });
      const exposed = response.headers.get('access-control-expose-headers')!.split(/, */);
      expect(exposed).toEqual(expect.arrayContaining(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy', 'retry-after']));
    } finally {
      await cors.close();
    }
  });

  it('extensions.cost says what each operation cost and what is left, consistently', async () => {
    const token = await newToken(['catalog:read', 'cart']);
    const budget = costBudgetRule(120).limit;
    expect(budget).toBe(120 * COST_POINTS_PER_REQUEST);
    const first = await call(token, PRODUCTS);
    const second = await call(token, PRODUCTS);
    // a mutation, and an answer that is an error (a field outside the scopes), are charged too
    const third = await call(token, 'mutation ($v: ID!) { addToCart(variantId: $v, quantity: 1) { __typename ... on Cart { id } } }', { v: variantId });
    const fourth = await call(token, '{ me { email } }');
    expect(PRODUCTS_COST).toBeGreaterThan(5);
    expect(first.body.extensions?.cost).toEqual({
      requestedQueryCost: PRODUCTS_COST,
      throttleStatus: { maximumAvailable: budget, currentlyAvailable: budget - PRODUCTS_COST, restoreRate: budget / 60, resetInSeconds: expect.any(Number) },
    });
    expect(second.body.extensions?.cost?.throttleStatus.currentlyAvailable).toBe(budget - 2 * PRODUCTS_COST);
    const cart = third.body.extensions!.cost!;
    expect(cart.requestedQueryCost).toBe(1);
    expect(cart.throttleStatus.currentlyAvailable).toBe(budget - 2 * PRODUCTS_COST - 1);
    expect(fourth.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(fourth.body.extensions?.cost?.throttleStatus.currentlyAvailable).toBe(budget - 2 * PRODUCTS_COST - 1 - 1);
    for (const answer of [first, second, third, fourth]) {
      expect(answer.body.extensions?.cost?.throttleStatus.resetInSeconds).toBeGreaterThanOrEqual(1);
      expect(answer.body.extensions?.cost?.throttleStatus.resetInSeconds).toBeLessThanOrEqual(60);
    }
  });

  it('over the cost budget the operation does not run: 429 with Retry-After, and the cost says why', async () => {
    // a token of 1 request a minute still has one query at the ceiling; 20 a minute have 2 000 points
    expect(costBudgetRule(1).limit).toBe(OPERATION_LIMITS.cost);
    expect(costBudgetRule(20).limit).toBe(2000);
    const token = await newToken(['catalog:read', 'cart'], 20);
    const heavy = '{ products(first: 100) { edges { node { name category { id } variants { product { id } } } } } }';
    const heavyCost = operationCost(schema, parse(heavy), undefined);
    expect(heavyCost).toBe(1601);
    const allowed = await call(token, heavy);
    expect(allowed.status).toBe(200);
    expect(allowed.body.extensions?.cost?.throttleStatus.currentlyAvailable).toBe(2000 - heavyCost);
    const cartsBefore = await app.prisma.cart.count();
    const add = 'mutation ($v: ID!) { addToCart(variantId: $v) { ... on Cart { lines { variant { product { similar { category { id } variants { size } } } } } } } }';
    const refused = await call(token, add, { v: variantId });
    const refusedCost = refused.body.extensions?.cost?.requestedQueryCost ?? 0;
    expect(refusedCost).toBe(operationCost(schema, parse(add), undefined));
    expect(refusedCost).toBeGreaterThan(2000 - heavyCost);
    expect(refused.status).toBe(429);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      {
        message: "This token's queries have used up their cost budget for this minute. Try again shortly (see the Retry-After header).",
        extensions: { code: 'RATE_LIMITED' },
      },
    ]);
    expect(refused.body.extensions?.cost?.throttleStatus.currentlyAvailable).toBe(0);
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.extensions?.cost?.throttleStatus.resetInSeconds);
    // nothing ran: no cart was made
    expect(await app.prisma.cart.count()).toBe(cartsBefore);
    // the request limit still had room: its headers say so
    expect(rateHeaders(refused).remaining).toBe('18');
  });

  it('a token\'s errors are English unless Accept-Language asks for Czech; the data keeps X-Shop-Language', async () => {
    const token = await newToken(['catalog:read', 'cart']);
    const forbidden = '{ me { email } }';
    const english = await call(token, forbidden, undefined, { 'x-shop-language': 'cs' });
    expect(english.body.errors?.[0]).toMatchObject({ message: 'You are not allowed to access this data or action.', extensions: { code: 'FORBIDDEN' } });
    const czech = await call(token, forbidden, undefined, { 'accept-language': 'cs' });
    expect(czech.body.errors?.[0].message).toBe('K tomuto údaji nebo akci nemáte oprávnění.');
    // the preferred of the two by weight; other languages and q=0 do not count
    for (const [header, message] of [
      ['de-DE, cs;q=0.8, en;q=0.5', 'K tomuto údaji nebo akci nemáte oprávnění.'],
      ['en-GB, cs;q=0.9', 'You are not allowed to access this data or action.'],
      ['cs;q=0, en;q=0.1', 'You are not allowed to access this data or action.'],
      ['de, fr', 'You are not allowed to access this data or action.'],
    ]) {
      expect((await call(token, forbidden, undefined, { 'accept-language': header })).body.errors?.[0].message, header).toBe(message);
    }
    // refusals made before the operation runs, and bad ids, follow the same rule
    const aliases = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: categories { id }`).join(' ')} }`;
    expect((await call(token, aliases)).body.errors?.[0].message).toBe('The query has too many aliases.');
    expect((await call(token, aliases, undefined, { 'accept-language': 'cs' })).body.errors?.[0].message).not.toBe('The query has too many aliases.');
    const badId = await call(token, 'mutation { addToCart(variantId: "nonsense") { __typename } }', undefined, { 'x-shop-language': 'cs' });
    expect(badId.body.errors?.[0]).toMatchObject({ message: 'Invalid id.', extensions: { code: 'BAD_USER_INPUT' } });
    // a typed error is part of the data, for the shopper: in the texts' language
    const stock = await call(token, 'mutation ($v: ID!) { addToCart(variantId: $v, quantity: 5) { ... on Error { code message } } }', { v: variantId });
    expect(stock.body.data?.addToCart).toEqual({ code: 'INSUFFICIENT_STOCK', message: 'Požadované množství není k dispozici. Snižte prosím množství.' });
  });

  it('browsers keep their page\'s language for errors, whatever Accept-Language says', async () => {
    const browser = app.newClient({ 'accept-language': 'en' });
    const answer = await browser.gql('mutation { addToCart(variantId: "nonsense") { __typename } }');
    expect(answer.errors?.[0].message).toBe('Neplatný identifikátor (ID).');
  });

  it('docs/partners.md shows the header fields a token answer carries, and the budget the server gives', async () => {
    const guide = readFileSync(path.resolve(import.meta.dirname, '../../docs/partners.md'), 'utf8');
    const rows = [...guide.matchAll(/^\| `(RateLimit-[A-Za-z]+)` \| `([^`]+)` \|/gm)].map((match) => ({ name: match[1], example: match[2] }));
    expect(rows.map((row) => row.name)).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']);
    const answer = await call(await newToken(['catalog:read']), PRODUCTS);
    for (const row of rows) {
      // the example's shape: digits stay digits, the rest as written
      const shape = new RegExp(`^${row.example.replace(/\d+/g, '\\d+')}$`);
      expect(answer.headers.get(row.name), row.name).toMatch(shape);
    }
    expect(answer.headers.get('RateLimit-Policy')).toBe('120;w=60');
    expect(guide).toContain(`**${COST_POINTS_PER_REQUEST}\npoints for each request of its rate** a minute (${costBudgetRule(120).limit.toLocaleString('en').replace(',', ' ')} for 120 requests), at least ${OPERATION_LIMITS.cost.toLocaleString('en').replace(',', ' ')}`);
  });
});
