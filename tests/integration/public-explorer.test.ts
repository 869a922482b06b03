// Issue 27, GraphiQL (docs/decisions/0038): the public explorer (GRAPHIQL_PUBLIC) is a scoped,
// read-only view for anonymous requests that name it, never a way around the trusted documents for
// the web's own cookie clients; the schema as a file and who may fetch it; GraphiQL's page served
// from the shop's own files under its CSP, and nowhere when GRAPHIQL is off.
// The shops here run as in production (trusted documents only, no introspection for everybody).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct, DEFAULT_PASSWORD } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { createApiToken, DEFAULT_RATE_PER_MINUTE, type PartnerScope } from '../../bff/src/services/api-tokens.ts';
import { RATE_RULES } from '../../bff/src/rate-limit/rate-limit.ts';
import { OPERATION_LIMITS } from '../../bff/src/graphql/server/limits.ts';
import { loadApiExamples } from '../../bff/src/http/api-examples.ts';
import { costBudgetRule, type QueryCost } from '../../bff/src/graphql/server/token-cost.ts';
import { operationCost } from '../../bff/src/graphql/server/cost.ts';
import { schema as builtSchema } from '../../bff/src/graphql/schema/index.ts';
import { parse } from 'graphql';
import { rateHeaders } from '../support/rate-limit-headers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCTION = { trustedDocumentsOnly: true, exposeSchema: false } as const;
const EXPLORER = { 'x-shop-explorer': 'public' };

/** Development-like: signs a customer in (text documents allowed); the shops below share its database. */
let dev: TestApp;
/** GRAPHIQL=true and GRAPHIQL_PUBLIC=true. */
let open: TestApp;
/** GRAPHIQL=true, no public explorer: a token is needed. */
let closed: TestApp;
/** GRAPHIQL unset in production: no GraphiQL. */
let off: TestApp;
let variantId: string;
let signedIn: TestClient;

beforeAll(async () => {
  dev = await createTestApp();
  [open, closed, off] = await Promise.all([
    createTestApp({ databaseUrl: dev.databaseUrl, config: { ...PRODUCTION, graphiql: true, graphiqlPublic: true } }),
    createTestApp({ databaseUrl: dev.databaseUrl, config: { ...PRODUCTION, graphiql: true } }),
    createTestApp({ databaseUrl: dev.databaseUrl, config: { ...PRODUCTION } }),
  ]);
  const product = await createProduct(dev.prisma, { variants: [{ stock: 10 }] });
  variantId = gid('Variant', product.variants[0].id);
  const customer = await createCustomer(dev.prisma, { email: `explorer-${Date.now()}@example.cz` });
  signedIn = dev.newClient();
  const login = await signedIn.gql<{ login: { __typename: string } }>(
    'mutation ($input: LoginInput!) { login(input: $input) { __typename } }',
    { input: { email: customer.email, password: DEFAULT_PASSWORD } },
  );
  expect(login.data?.login.__typename).toBe('Customer');
});

afterAll(async () => {
  await Promise.all([open?.close(), closed?.close(), off?.close()]);
  await dev?.close();
});

type Answer = {
  status: number;
  headers: Headers;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[]; extensions?: { cost?: QueryCost } };
};

async function post(app: TestApp, query: string, headers: Record<string, string> = {}, variables?: unknown): Promise<Answer> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shop-language': 'en', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const PRODUCTS = '{ products(first: 5) { totalCount edges { node { name } } } }';
const PRODUCTS_COST = operationCost(builtSchema, parse(PRODUCTS), undefined);

const codes = (answer: Answer) => (answer.body.errors ?? []).map((error) => error.extensions?.code);

async function token(scopes: PartnerScope[]): Promise<string> {
  return (await createApiToken(dev.prisma, { name: `Explorer test ${scopes.join('+')}`, scopes })).token;
}

/** The signed-in customer's cookies and CSRF header, as her browser sends them. */
function customerHeaders(): Record<string, string> {
  return { cookie: signedIn.cookieHeader(), 'x-xsrf-token': signedIn.cookies.get('XSRF-TOKEN')! };
}

describe(`the public explorer (${databaseKind})`, () => {
  it('runs a catalog query and introspection for an anonymous request that names it', async () => {
    const answer = await post(open, '{ products(first: 2) { totalCount edges { node { name } } } }', EXPLORER);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect((answer.body.data!.products as { totalCount: number }).totalCount).toBeGreaterThan(0);
    const schema = await post(open, '{ __schema { queryType { name } } }', EXPLORER);
    expect(schema.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } }, extensions: { cost: expect.any(Object) } });
  });

  it('refuses a mutation as a whole, before anything runs: no cart is created', async () => {
    const carts = await dev.prisma.cart.count();
    const answer = await post(open, 'mutation ($v: ID!) { addToCart(variantId: $v, quantity: 1) { __typename } }', EXPLORER, { v: variantId });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      errors: [
        {
          message: 'The public API explorer runs read-only catalog queries; mutations need an access token with the cart scope.',
          extensions: { code: 'FORBIDDEN' },
        },
      ],
    });
    expect(await dev.prisma.cart.count()).toBe(carts);
    // in Czech too
    const czech = await post(open, 'mutation { logout }', { ...EXPLORER, 'x-shop-language': 'cs' });
    expect(czech.body.errors?.[0].message).toMatch(/^Veřejný průzkumník API spouští jen dotazy/);
  });

  it('refuses customer data and the cart, even with a signed-in customer\'s cookies: they are dropped', async () => {
    // her own browser reads her e-mail (the web's check of the session, through the dev shop)
    const mine = await signedIn.gql<{ me: { email: string } | null }>('{ me { email } }');
    expect(mine.data?.me?.email).toMatch(/^explorer-/);

    for (const query of ['{ me { email } }', '{ cart { id } }', '{ wishlist { id } }', '{ order(databaseId: 1, hash: "x") { number } }']) {
      const answer = await post(open, query, { ...EXPLORER, ...customerHeaders() });
      expect(answer.status, query).toBe(200);
      expect(codes(answer), query).toEqual(['FORBIDDEN']);
      expect(Object.values(answer.body.data ?? {}), query).toEqual([null]);
      expect(JSON.stringify(answer.body), query).not.toContain('explorer-');
      // no session was loaded, so none is refreshed or started
      expect(answer.headers.get('set-cookie'), query).toBeNull();
    }
  });

  it('is no way around the trusted documents: a request without the header runs only the web\'s persisted documents', async () => {
    for (const headers of [{}, customerHeaders()]) {
      const answer = await post(open, '{ categories { name } }', headers);
      expect(answer.status).toBe(400);
      expect(codes(answer)).toEqual(['PERSISTED_QUERY_ONLY']);
    }
    // and no introspection for it either
    const schema = await post(open, '{ __schema { queryType { name } } }');
    expect(codes(schema)).toEqual(['PERSISTED_QUERY_ONLY']);
  });

  it('has the same operation limits as a token', async () => {
    // depth 9: categories and eight levels of children
    const deep = await post(open, `{ categories { ${'children { '.repeat(OPERATION_LIMITS.depth)}name${' }'.repeat(OPERATION_LIMITS.depth)} } }`, EXPLORER);
    expect(deep.status).toBe(400);
    expect(codes(deep)).toEqual(['QUERY_TOO_DEEP']);
    const costly = await post(open, '{ products(first: 100) { edges { node { variants { product { variants { id } } } } } } }', EXPLORER);
    expect(codes(costly)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(OPERATION_LIMITS.cost).toBeLessThan(100 * 10 * 10);
  });

  it('answers with the rate-limit headers and extensions.cost of a token, counted per client address', async () => {
    // the counters of this address start afresh (the shops of this file share a database)
    await dev.prisma.rateLimit.deleteMany();
    const budget = costBudgetRule(DEFAULT_RATE_PER_MINUTE).limit;
    const first = await post(open, PRODUCTS, EXPLORER);
    const second = await post(open, PRODUCTS, EXPLORER);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([rateHeaders(first).remaining, rateHeaders(second).remaining]).toEqual(['119', '118']);
    for (const answer of [first, second]) {
      expect(rateHeaders(answer)).toMatchObject({ limit: '120', policy: '120;w=60' });
      expect(rateHeaders(answer).reset).toBeGreaterThanOrEqual(1);
      expect(rateHeaders(answer).reset).toBeLessThanOrEqual(60);
    }
    expect(first.body.extensions?.cost).toEqual({
      requestedQueryCost: PRODUCTS_COST,
      throttleStatus: { maximumAvailable: budget, currentlyAvailable: budget - PRODUCTS_COST, restoreRate: budget / 60, resetInSeconds: expect.any(Number) },
    });
    expect(second.body.extensions?.cost?.throttleStatus.currentlyAvailable).toBe(budget - 2 * PRODUCTS_COST);
    // the same answer a token of the default rate gets, from a budget of its own
    const partner = await post(open, PRODUCTS, { authorization: `Bearer ${await token(['catalog:read'])}` });
    expect(rateHeaders(partner)).toMatchObject({ limit: '120', remaining: '119', policy: '120;w=60' });
    expect(partner.body.extensions?.cost).toEqual({ ...first.body.extensions?.cost, throttleStatus: { ...first.body.extensions?.cost?.throttleStatus, resetInSeconds: expect.any(Number) } });
    // a refused mutation charges nothing, but its request counts
    const mutation = await post(open, 'mutation { logout }', EXPLORER);
    expect(mutation.status).toBe(403);
    expect(mutation.body.extensions).toBeUndefined();
    expect(rateHeaders(mutation).remaining).toBe('117');
    expect((await post(open, PRODUCTS, EXPLORER)).body.extensions?.cost?.throttleStatus.currentlyAvailable).toBe(budget - 3 * PRODUCTS_COST);
  });

  it('over its cost budget a query does not run: 429 with Retry-After, and extensions.cost says why', async () => {
    await dev.prisma.rateLimit.deleteMany();
    const budget = costBudgetRule(DEFAULT_RATE_PER_MINUTE).limit;
    const heavy = '{ products(first: 100) { edges { node { name category { id } variants { product { id } } } } } }';
    const heavyCost = operationCost(builtSchema, parse(heavy), undefined);
    expect(heavyCost).toBeLessThanOrEqual(OPERATION_LIMITS.cost);
    const allowed = Math.floor(budget / heavyCost);
    for (let i = 1; i <= allowed; i++) {
      const answer = await post(open, heavy, EXPLORER);
      expect(answer.status).toBe(200);
      expect(answer.body.extensions?.cost?.throttleStatus.currentlyAvailable).toBe(budget - i * heavyCost);
    }
    const refused = await post(open, heavy, EXPLORER);
    expect(refused.status).toBe(429);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      {
        message: "The public explorer's queries from this address have used up their cost budget for this minute. Try again shortly (see the Retry-After header).",
        extensions: { code: 'RATE_LIMITED' },
      },
    ]);
    expect(refused.body.extensions?.cost).toMatchObject({ requestedQueryCost: heavyCost, throttleStatus: { maximumAvailable: budget, currentlyAvailable: 0 } });
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.extensions?.cost?.throttleStatus.resetInSeconds);
    // the request limit still had room: its headers say so
    expect(rateHeaders(refused).remaining).toBe(String(DEFAULT_RATE_PER_MINUTE - allowed - 1));
    // the budget is spent for this window: a cheap query waits too (in Czech when asked)
    const cheap = await post(open, '{ categories { id } }', { ...EXPLORER, 'x-shop-language': 'cs' });
    expect(cheap.status).toBe(429);
    expect(cheap.body.errors?.[0].message).toMatch(/^Dotazy veřejného průzkumníka z této adresy vyčerpaly/);
    // a token has its own budget
    const partner = await post(open, '{ categories { id } }', { authorization: `Bearer ${await token(['catalog:read'])}` });
    expect(partner.status).toBe(200);
  });

  it('counts requests per client address at a token\'s default rate and answers 429 with Retry-After past it', async () => {
    expect(RATE_RULES.publicExplorerPerIp.limit).toBe(DEFAULT_RATE_PER_MINUTE);
    // the cost budget the test above spent is this address's too
    await dev.prisma.rateLimit.deleteMany();
    // a shop of its own: the counters of the other tests stay out of it
    const limited = await createTestApp({ databaseUrl: dev.databaseUrl, config: { ...PRODUCTION, graphiql: true, graphiqlPublic: true } });
    try {
      // the counter's window may have begun with another test's requests from this address: fill it
      let refused: Answer | null = null;
      for (let i = 0; i <= DEFAULT_RATE_PER_MINUTE && !refused; i++) {
        const answer = await post(limited, '{ __typename }', EXPLORER);
        if (answer.status === 429) refused = answer;
        else expect(answer.status).toBe(200);
      }
      expect(refused).not.toBeNull();
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      // the 429 carries the rate-limit headers too, its reset the Retry-After
      expect(rateHeaders(refused!)).toMatchObject({ limit: '120', remaining: '0', policy: '120;w=60' });
      expect(rateHeaders(refused!).reset).toBe(Number(refused!.headers.get('retry-after')));
      expect(refused!.body).toEqual({
        errors: [{ message: 'Too many requests. Try again shortly (see the Retry-After header).', extensions: { code: 'RATE_LIMITED' } }],
      });
      // a token has its own budget
      const partner = await post(limited, '{ __typename }', { authorization: `Bearer ${await token(['catalog:read'])}` });
      expect(partner.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('docs/partners.md states the rate and the cost budget the explorer gets', () => {
    const guide = readFileSync(path.join(ROOT, 'docs/partners.md'), 'utf8');
    const chapter = guide.slice(guide.indexOf('## 9. '), guide.indexOf('## 10. ')).replace(/\s+/g, ' ');
    const points = costBudgetRule(RATE_RULES.publicExplorerPerIp.limit).limit.toLocaleString('en').replace(',', ' ');
    expect(chapter).toContain(`${RATE_RULES.publicExplorerPerIp.limit} requests a minute and a query cost budget of ${points} points a minute`);
    expect(chapter).toContain('carries the `RateLimit-*` header fields and `extensions.cost` of section 11');
  });

  it('is off unless GRAPHIQL_PUBLIC: the header is then refused with 401 and a hint to use a token', async () => {
    const answer = await post(closed, '{ categories { name } }', EXPLORER);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      errors: [{ message: 'The public API explorer is off in this shop: send an access token (Authorization: Bearer …).', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    // a token wins over the header
    const withToken = await post(closed, '{ categories { name } }', { ...EXPLORER, authorization: `Bearer ${await token(['catalog:read'])}` });
    expect(withToken.status).toBe(200);
    expect(withToken.body.errors).toBeUndefined();
  });
});

describe(`the schema as a file (${databaseKind})`, () => {
  const sdl = readFileSync(path.join(ROOT, 'schema/schema.graphql'), 'utf8');
  const download = (app: TestApp, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/graphql/schema.graphql`, { headers: { 'x-shop-language': 'en', ...headers } });

  it('is schema/schema.graphql, for a token with schema:read', async () => {
    const response = await download(closed, { authorization: `Bearer ${await token(['schema:read'])}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(sdl);
  });

  it('is refused without a token (401) and to a token without schema:read (403)', async () => {
    const anonymous = await download(closed);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const catalogOnly = await download(closed, { authorization: `Bearer ${await token(['catalog:read', 'cart'])}` });
    expect(catalogOnly.status).toBe(403);
    expect((await catalogOnly.json()).errors[0].extensions.code).toBe('FORBIDDEN');
    // the same without GraphiQL
    expect((await download(off)).status).toBe(401);
  });

  it('is open to everybody in public explorer mode', async () => {
    const response = await download(open);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(sdl);
  });
});

describe(`GraphiQL (${databaseKind})`, () => {
  const pageOf = (app: TestApp, headers: Record<string, string> = {}) => fetch(`${app.url}/graphql`, { headers: { accept: 'text/html', ...headers } });

  /** The options the page gives GraphiQL (the JSON of its renderYogaGraphiQL call). */
  function optionsOf(html: string) {
    const json = /renderYogaGraphiQL\(document\.getElementById\('root'\), (\{.*\})\);/.exec(html)?.[1];
    expect(json).toBeDefined();
    return JSON.parse(json!) as {
      endpoint: string;
      credentials: string;
      headers: string;
      additionalHeaders: Record<string, string>;
      defaultTabs: { query: string; variables?: string | null; headers: string }[];
    };
  }

  it('is served from the shop\'s own files under its CSP: scripts only with the nonce or from the shop, nothing from a CDN', async () => {
    const response = await pageOf(closed);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(csp).not.toMatch(/unpkg|unsafe-inline'[^;]*script|https:\/\//);
    const html = await response.text();
    expect(html).not.toMatch(/unpkg|jsdelivr|cdn\./i);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBe(3);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // every file the page names is the shop's own and answers
    const files = [...html.matchAll(/"(\/graphql\/graphiql\/[^"]+)"/g)].map((match) => match[1]);
    expect(files.length).toBe(5);
    for (const file of files) {
      const asset = await fetch(`${closed.url}${file}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.status, file).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await asset.arrayBuffer()).byteLength, file).toBeGreaterThan(1000);
    }
    expect((await fetch(`${closed.url}/graphql/graphiql/graphiql.000000000000.js`)).status).toBe(404);
  });

  it('needs a token in production: the header editor holds the Authorization placeholder, and the tabs are the examples', async () => {
    const options = optionsOf(await (await pageOf(closed, { 'accept-language': 'en-GB,en' })).text());
    expect(options.endpoint).toBe('/graphql');
    expect(options.credentials).toBe('omit');
    expect(JSON.parse(options.headers)).toEqual({ Authorization: 'Bearer shp_…' });
    expect(options.additionalHeaders).toEqual({});
    const [howTo, ...examples] = options.defaultTabs;
    expect(howTo.query).toMatch(/^# The Tribuna Sport storefront API\n/);
    expect(howTo.query).toMatch(/replace shp_… with your token/);
    expect(examples.map((tab) => tab.query)).toEqual(loadApiExamples().map((example) => example.document));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const tab of options.defaultTabs) expect(JSON.parse(tab.headers)).toEqual({ Authorization: 'Bearer shp_…' });
    // the how-to in Czech for a Czech browser (or the shop's lang cookie)
    const czech = optionsOf(await (await pageOf(closed, { 'accept-language': 'cs-CZ,cs;q=0.9' })).text());
    expect(czech.defaultTabs[0].query).toMatch(/^# API obchodu Tribuna Sport\n/);
    const cookie = optionsOf(await (await pageOf(closed, { 'accept-language': 'cs', cookie: 'lang=en' })).text());
    expect(cookie.defaultTabs[0].query).toMatch(/^# The Tribuna Sport storefront API\n/);
  });

  it('in public explorer mode names the explorer on every request and needs no token', async () => {
    const options = optionsOf(await (await pageOf(open, { 'accept-language': 'en' })).text());
    expect(options.additionalHeaders).toEqual(EXPLORER);
    expect(JSON.parse(options.headers)).toEqual({});
    expect(options.defaultTabs[0].query).toMatch(/Without a token this explorer runs read-only catalog\n/);
  });

  it('in development runs without a token, as a shopper without cookies', async () => {
    const development = await createTestApp({ databaseUrl: dev.databaseUrl, config: { graphiql: true } });
    try {
      const options = optionsOf(await (await pageOf(development, { 'accept-language': 'en' })).text());
      expect(JSON.parse(options.headers)).toEqual({});
      expect(options.additionalHeaders).toEqual({});
      expect(options.credentials).toBe('omit');
      expect(options.defaultTabs[0].query).toMatch(/^# Development: requests run without a token/m);
    } finally {
      await development.close();
    }
  });

  it('is not served in production without GRAPHIQL: no page and no files', async () => {
    const response = await pageOf(off);
    const text = await response.text();
    expect(text).not.toMatch(/graphiql/i);
    expect(response.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    const files = [...(await (await pageOf(closed)).text()).matchAll(/"(\/graphql\/graphiql\/[^"]+)"/g)].map((match) => match[1]);
    for (const file of files) expect((await fetch(`${off.url}${file}`)).status, file).toBe(404);
  });
});
