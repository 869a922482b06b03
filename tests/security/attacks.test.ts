// Issue 8's findings replayed as attacks on the production server (NODE_ENV=production, built
// pages, a child process on a loopback port), on the embedded database and on PostgreSQL.
// Each describe names the finding it replays; docs/security.md maps the requirements to these tests.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { statSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { dbId } from '../support/global-id.ts';
import { graphiqlAssetUrls } from '../../bff/src/http/graphiql-assets.ts';
import { codes, FINDING_1, fragmentFanOut, SHALLOW_NESTING } from './attack-documents.ts';
import {
  anonymousPost,
  Browser,
  createPartnerToken,
  DATABASES,
  DEMO_CUSTOMER,
  InParallel,
  listeningTcpPorts,
  partnerRequest,
  persistedBody,
  processTree,
  startProductionServer,
  type Answer,
  type DatabaseKind,
  type ProductionServer,
} from '../support/production-server.ts';

const templates = inject('seededTemplates');
const PARTNER_ORIGIN = 'https://partner.example';

type Started = { server: ProductionServer; partner: string; schemaPartner: string };

// One server per database, and one behind https for the cookie and HSTS test, all started at once.
const servers = new InParallel<DatabaseKind | 'https', Started>([...DATABASES, 'https'], async (key) => {
  if (key === 'https') {
    const env = { PUBLIC_URL: 'https://shop.example', SESSION_SECRET: 'security-suite-session-secret-0123456789' };
    return { server: await startProductionServer('pglite', { template: templates.pglite, env }), partner: '', schemaPartner: '' };
  }
  const server = await startProductionServer(key, { template: templates[key], env: { CORS_ORIGINS: PARTNER_ORIGIN } });
  const [partner, schemaPartner] = await Promise.all([
    createPartnerToken(server, 'Security suite shop front', ['catalog:read', 'cart']),
    createPartnerToken(server, 'Security suite developer', ['schema:read']),
  ]);
  return { server, partner, schemaPartner };
});

afterAll(async () => {
  await servers.settle(({ server }) => server.stop());
});

/** A refusal: errors, no data, nothing in it that names a limit's value. */
function expectRefused(answer: Answer) {
  expect(answer.status).not.toBe(500);
  expect(answer.body.errors?.length, answer.text.slice(0, 300)).toBeGreaterThan(0);
  expect(answer.body.data ?? null).toBeNull();
  for (const error of answer.body.errors!) {
    expect(error.message).not.toMatch(/\d/); // "too deep", never "deeper than 8"
    expect(error.message).not.toMatch(/prisma|postgres|select |stack/i);
  }
}

/** One request written by hand (a method fetch() refuses, a Host it would not send); the answer's text. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe.each(DATABASES)('production server on %s', (kind) => {
  let server: ProductionServer;
  /** catalog:read + cart, as a partner's shop front would have. */
  let partner: string;
  /** schema:read, as a partner's developer tools would have. */
  let schemaPartner: string;
  let variants: { id: string; stock: number; slug: string }[];
  let categorySlug: string;

  /** Everything an attack on the cart could have changed. */
  async function cartState() {
    const [row] = await server.sql<{ carts: number; lines: number; pieces: number }>(
      `SELECT (SELECT count(*)::int FROM "Cart") AS carts, (SELECT count(*)::int FROM "CartLine") AS lines,
              (SELECT coalesce(sum(quantity), 0)::int FROM "CartLine") AS pieces`,
    );
    return row;
  }

  async function shopperWithCart(): Promise<Browser> {
    const browser = new Browser(server);
    const added = await browser.operation('AddToCart', { variantId: variants[0].id, quantity: 1 });
    expect(added.body.data?.addToCart).toMatchObject({ __typename: 'Cart', itemCount: 1 });
    return browser;
  }

  async function itemCount(browser: Browser): Promise<number> {
    const cart = await browser.operation('Cart');
    return (cart.body.data?.cart as { itemCount: number } | null)?.itemCount ?? 0;
  }

  beforeAll(async () => {
    ({ server, partner, schemaPartner } = await servers.get(kind));
    await servers.allStarted(); // none still starting beside the timed attacks
    // the demo catalog as a partner reads it
    const catalog = await partnerRequest(
      server,
      partner,
      '{ categories { slug } products(first: 60, filter: { inStock: true }) { edges { node { slug variants { id stock } } } } }',
    );
    expect(catalog.body.errors).toBeUndefined();
    const data = catalog.body.data as {
      categories: { slug: string }[];
      products: { edges: { node: { slug: string; variants: { id: string; stock: number }[] } }[] };
    };
    categorySlug = data.categories[0].slug;
    variants = data.products.edges.flatMap(({ node }) => node.variants.filter((v) => v.stock >= 5).map((v) => ({ ...v, slug: node.slug })));
    expect(variants.length).toBeGreaterThan(20);
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe('finding 1: one short query took the shop down', () => {
    // how soon these refusals come is timed in refusal-times.test.ts, on a machine without other tests
    it('the query of finding 1 is refused before it runs, from a browser and from a partner token', async () => {
      expect(FINDING_1.length).toBeGreaterThan(150);
      const fromBrowser = await new Browser(server).post({ query: FINDING_1 });
      const fromPartner = await partnerRequest(server, partner, FINDING_1);
      expectRefused(fromBrowser);
      expectRefused(fromPartner);
      expect(codes(fromBrowser)).toEqual(['PERSISTED_QUERY_ONLY']); // a browser sends the web app's documents only
      expect(codes(fromPartner)).toContain('QUERY_TOO_DEEP');
      // a token's errors are in English unless Accept-Language asks for Czech (issue 27)
      expect(fromPartner.body.errors![0].message).toBe('The query is nested too deeply.');
    });

    it('within the depth limit the same nesting is refused by its cost, before it runs', async () => {
      const answer = await partnerRequest(server, partner, SHALLOW_NESTING);
      expectRefused(answer);
      expect(codes(answer)).toContain('QUERY_TOO_COMPLEX');
    });

    it('issue 31: fragments doubling over 30 levels from a catalog:read token are refused; /health answers meanwhile', async () => {
      const fanOut = fragmentFanOut();
      expect(fanOut.length).toBeLessThan(1_500);
      const answer = await partnerRequest(server, partner, fanOut);
      expectRefused(answer);
      expect(codes(answer)).toEqual(['QUERY_TOO_COMPLEX']);
      // ten at once, and the health check beside them
      const health = fetch(`${server.url}/health`);
      const attacks = await Promise.all(Array.from({ length: 10 }, () => partnerRequest(server, partner, fanOut)));
      for (const attack of attacks) expect(codes(attack)).toEqual(['QUERY_TOO_COMPLEX']);
      expect((await health).status).toBe(200);
    });

    it('right after the attacks the server answers /health, /ready and a normal page', async () => {
      await Promise.all([partnerRequest(server, partner, FINDING_1), new Browser(server).post({ query: FINDING_1 })]);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/ready`)).status).toBe(200);
      const page = await fetch(`${server.url}/kategorie/${categorySlug}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
    });

    /** A mutation that would add to a cart if it ran: the cart tables show whether anything executed. */
    const add = () => `addToCart(variantId: "${variants[0].id}", quantity: 1)`;
    const attacks: [string, () => string | object][] = [
      [
        'depth 20',
        () => {
          let selection = 'name';
          for (let i = 0; i < 5; i++) selection = `similar { variants { product { ${selection} } } }`;
          return `mutation { ${add()} { ... on Cart { lines { variant { product { ${selection} } } } } } }`;
        },
      ],
      ['10 000 aliases', () => `mutation { ${Array.from({ length: 10_000 }, (_, i) => `a${i}: ${add()} { __typename }`).join(' ')} }`],
      ['16 aliases', () => `mutation { ${Array.from({ length: 16 }, (_, i) => `a${i}: ${add()} { __typename }`).join(' ')} }`],
      ['300 directives', () => `mutation { ${add()} { __typename ${'@include(if: true) '.repeat(300)} } }`],
      ['300 bare directives', () => `mutation { ${add()} { __typename ${'@a '.repeat(300)} } }`],
      ['a 5 MB body', () => ({ query: `mutation($note: String) { ${add()} { __typename } }`, variables: { note: 'x'.repeat(5_000_000) } })],
    ];

    for (const [name, build] of attacks) {
      it(`${name}: refused from a browser and from a partner token, nothing executed`, async () => {
        const before = await cartState();
        const document = build();
        const body = typeof document === 'string' ? { query: document } : document;
        const browser = new Browser(server);
        const fromBrowser = await browser.post(body);
        const fromPartner = await anonymousPost(server, body, { authorization: `Bearer ${partner}` });
        expectRefused(fromBrowser);
        expectRefused(fromPartner);
        if (name === 'a 5 MB body') expect([fromBrowser.status, fromPartner.status]).toEqual([413, 413]);
        expect(await cartState()).toEqual(before);
        expect((await fetch(`${server.url}/ready`)).status).toBe(200);
      });
    }
  });

  describe('finding 3: CORS, CSRF token and Origin', () => {
    const victimLogin = async () => {
      const victim = await shopperWithCart();
      const login = await victim.operation('Login', { input: DEMO_CUSTOMER });
      expect(login.body.data?.login, login.text).toMatchObject({ __typename: 'Customer' });
      return victim;
    };
    let victim: Browser;
    beforeAll(async () => {
      victim = await victimLogin();
    });

    const otherOrigins = (port: number) => [`http://localhost:${port + 1}`, `http://shop.localhost:${port}`, `http://127.0.0.1:${port + 1}`];

    it('a preflight from another port or subdomain of the shop gets no CORS permission', async () => {
      for (const origin of otherOrigins(server.port)) {
        const response = await fetch(`${server.url}/graphql`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-xsrf-token' },
        });
        expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
        expect(response.headers.get('access-control-allow-credentials'), origin).toBeNull();
      }
    });

    it("a cross-origin read of the logged-in customer gets no CORS permission and none of her data", async () => {
      const me = persistedBody('Me');
      for (const origin of otherOrigins(server.port)) {
        // GET: the request a page on another port could make with the victim's cookies (same site)
        const query = new URLSearchParams({ operationName: 'Me', variables: '{}', extensions: JSON.stringify(me.extensions) });
        const get = await fetch(`${server.url}/graphql?${query}`, { headers: { origin, cookie: victim.cookieHeader(), 'sec-fetch-site': 'same-site' } });
        expect(get.headers.get('access-control-allow-origin'), origin).toBeNull();
        expect(get.headers.get('access-control-allow-credentials'), origin).toBeNull();
        // POST, even with the victim's own CSRF token (which such a page cannot read)
        const post = await victim.post(me, { origin, 'sec-fetch-site': 'same-site' });
        expect(post.status).toBe(403);
        expect(post.headers.get('access-control-allow-origin')).toBeNull();
        expect(post.text).not.toContain('firstName');
      }
      // the victim's own page still works
      expect((await victim.operation('Me')).body.data?.me).toMatchObject({ firstName: expect.any(String) });
    });

    it('only the configured partner origin gets CORS, without the CSRF header', async () => {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: PARTNER_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
      expect(response.headers.get('access-control-allow-headers') ?? '').not.toMatch(/xsrf/i);
      const spoofed = await fetch(`${server.url}/graphql`, { method: 'OPTIONS', headers: { origin: `${PARTNER_ORIGIN}.evil.example` } });
      expect(spoofed.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('a cross-site POST with the victim cookies and her CSRF token changes nothing', async () => {
      const before = await cartState();
      const count = await itemCount(victim);
      const forged = persistedBody('AddToCart', { variantId: variants[1].id, quantity: 3 });
      const crossSite: Record<string, string>[] = [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: `http://shop.localhost:${server.port}`, 'sec-fetch-site': 'same-site' },
        { origin: `http://localhost:${server.port + 1}` },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const answer = await victim.post(forged, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.body.data ?? null).toBeNull();
      }
      expect(await cartState()).toEqual(before);
      expect(await itemCount(victim)).toBe(count);
    });

    it("one session's CSRF token does not work for another session", async () => {
      const attacker = new Browser(server);
      const attackerToken = await attacker.csrfToken();
      expect(attackerToken).not.toBe(victim.cookies.get('XSRF-TOKEN'));
      const before = await cartState();
      const forged = JSON.stringify(persistedBody('AddToCart', { variantId: variants[1].id, quantity: 1 }));
      // the victim's session cookie with the attacker's token in cookie and header
      const cookie = `sid=${victim.cookies.get('sid')}; XSRF-TOKEN=${attackerToken}`;
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': attackerToken },
        body: forged,
      });
      expect(response.status).toBe(419);
      // and the victim's token with the attacker's session
      const reverse = await attacker.post(forged, { 'x-xsrf-token': victim.cookies.get('XSRF-TOKEN')!, cookie: `sid=${attacker.cookies.get('sid')}; XSRF-TOKEN=${victim.cookies.get('XSRF-TOKEN')}` });
      expect(reverse.status).toBe(419);
      expect(await cartState()).toEqual(before);
    });
  });

  describe('finding 2: aliases multiplied attempts; no brute-force limit', () => {
    const wrong = (i: number) => `l${i}: login(input: { email: "${DEMO_CUSTOMER.email}", password: "wrong-password-${i}" }) { __typename }`;
    const right = `ok: login(input: { email: "${DEMO_CUSTOMER.email}", password: "${DEMO_CUSTOMER.password}" }) { __typename }`;

    it('50 wrong and 1 right login in one document are refused and nobody is logged in', async () => {
      const document = `mutation { ${Array.from({ length: 50 }, (_, i) => wrong(i)).join(' ')} ${right} }`;
      const browser = new Browser(server);
      expectRefused(await browser.post({ query: document }));
      expect((await browser.operation('Me')).body.data).toMatchObject({ me: null });
      expectRefused(await partnerRequest(server, partner, document));
      // under the alias limit, the once-per-document rule alone refuses two logins
      const two = await partnerRequest(server, partner, `mutation { ${wrong(1)} ${right} }`);
      expectRefused(two);
      expect(codes(two)).toContain('OPERATION_REPEATED');
    });

    it('30 newsletter sign-ups in one request are refused and none is stored', async () => {
      const count = async () => (await server.sql<{ n: number }>('SELECT count(*)::int AS n FROM "NewsletterSubscription"'))[0].n;
      const before = await count();
      const document = `mutation { ${Array.from({ length: 30 }, (_, i) => `s${i}: subscribeNewsletter(email: "attack-${i}@example.cz") { __typename }`).join(' ')} }`;
      expectRefused(await new Browser(server).post({ query: document }));
      expectRefused(await partnerRequest(server, partner, document));
      const two = await partnerRequest(
        server,
        partner,
        'mutation { a: subscribeNewsletter(email: "a@example.cz") { __typename } b: subscribeNewsletter(email: "b@example.cz") { __typename } }',
      );
      expect(codes(two)).toContain('OPERATION_REPEATED');
      expect(await count()).toBe(before);
    });

    // last of the login tests: it locks the demo account (and uses up this address's attempts)
    it('30 wrong passwords in a row, then the right one is refused as too many attempts', async () => {
      const browser = new Browser(server);
      const results: string[] = [];
      for (let i = 0; i < 30; i++) {
        const answer = await browser.operation('Login', { input: { email: DEMO_CUSTOMER.email, password: `wrong-password-${i}` } });
        results.push((answer.body.data?.login as { __typename: string }).__typename);
      }
      expect(results.slice(0, 5)).toEqual(Array(5).fill('AuthenticationError'));
      expect(results.slice(-5)).toEqual(Array(5).fill('TooManyAttemptsError'));
      const rightPassword = await browser.operation('Login', { input: DEMO_CUSTOMER });
      expect(rightPassword.body.data?.login).toMatchObject({ __typename: 'TooManyAttemptsError', code: 'TOO_MANY_ATTEMPTS' });
      expect((await browser.operation('Me')).body.data).toMatchObject({ me: null });
    });
  });

  describe('finding 4: introspection and suggestions in production', () => {
    const introspection = '{ __schema { types { name fields { name } } } }';

    it('introspection is refused to browsers and to tokens without schema:read', async () => {
      expectRefused(await new Browser(server).post({ query: introspection }));
      expectRefused(await anonymousPost(server, { query: '{ __type(name: "Customer") { fields { name } } }' }));
      const fromPartner = await partnerRequest(server, partner, introspection);
      expectRefused(fromPartner);
      expect(fromPartner.text).not.toContain('Customer');
    });

    it('a token with schema:read may introspect', async () => {
      const answer = await partnerRequest(server, schemaPartner, '{ __schema { queryType { name } } }');
      expect(answer.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
      expect(answer.body.errors).toBeUndefined();
    });

    it('a misspelt field gets no "Did you mean" suggestion', async () => {
      for (const query of ['{ produc(slug: "x") { id } }', '{ products(first: 1) { edges { node { nam } } } }', '{ product(slugg: "x") { id } }']) {
        const answer = await partnerRequest(server, partner, query);
        expectRefused(answer);
        expect(answer.text).not.toMatch(/did you mean/i);
        expect(answer.text).not.toMatch(/"(products?|name|slug)"/);
      }
    });

    it('GraphiQL is not served', async () => {
      const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(await response.text()).not.toMatch(/graphiql/i);
      // nor its files, nor the public explorer (issue 27), nor the schema without a token
      for (const file of await graphiqlAssetUrls()) expect((await fetch(`${server.url}${file}`)).status, file).toBe(404);
      const explorer = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shop-explorer': 'public' },
        body: JSON.stringify({ query: '{ categories { name } }' }),
      });
      expect(explorer.status).toBe(401);
      expect((await fetch(`${server.url}/graphql/schema.graphql`)).status).toBe(401);
    });
  });

  describe('finding 5: cart integrity under parallel requests', () => {
    it('20 parallel adds of a variant with stock 2 never put more than 2 pieces in the line', async () => {
      const variant = variants[5];
      await server.sql('UPDATE "Variant" SET stock = 2 WHERE id = $1', [Number(dbId(variant.id))]);
      const browser = new Browser(server);
      await browser.csrfToken();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => browser.operation('AddToCart', { variantId: variant.id, quantity: 1 })),
      );
      const kinds = answers.map((answer) => (answer.body.data?.addToCart as { __typename: string } | undefined)?.__typename);
      expect(kinds.filter((k) => k === 'Cart')).toHaveLength(2);
      expect(kinds.filter((k) => k === 'InsufficientStockError')).toHaveLength(18);
      const cart = (await browser.operation('Cart')).body.data?.cart as { lines: { quantity: number; variant: { id: string } }[] };
      expect(cart.lines).toEqual([expect.objectContaining({ quantity: 2, variant: expect.objectContaining({ id: variant.id }) })]);
      const [{ max }] = await server.sql<{ max: number }>('SELECT max(quantity)::int AS max FROM "CartLine" WHERE "variantId" = $1', [Number(dbId(variant.id))]);
      expect(max).toBe(2);
    });

    it('8 parallel first adds of one browser end in one cart holding all 8 items', async () => {
      const before = await cartState();
      const browser = new Browser(server);
      await browser.csrfToken(); // what the web app does before its first change
      const eight = variants.slice(6, 14);
      const answers = await Promise.all(eight.map((variant) => browser.operation('AddToCart', { variantId: variant.id, quantity: 1 })));
      const cartIds = new Set(answers.map((answer) => (answer.body.data?.addToCart as { id?: string }).id));
      expect(cartIds.size).toBe(1);
      const cart = (await browser.operation('Cart')).body.data?.cart as { itemCount: number; lines: unknown[] };
      expect(cart).toMatchObject({ itemCount: 8 });
      expect(cart.lines).toHaveLength(8);
      expect((await cartState()).carts).toBe(before.carts + 1);
    });
  });

  describe('finding 6: the embedded database and the session table', () => {
    it('the server process listens on its HTTP port and on no other TCP port', async () => {
      expect(server.portsAtStart).toEqual([server.port]);
      // and still so after all the traffic above
      expect(listeningTcpPorts(processTree(server.pid))).toEqual([server.port]);
    });

    if (kind === 'pglite') {
      it("the embedded database's socket is in a folder only the shop's user may enter", () => {
        const run = path.join(server.dataDir, 'run');
        expect(statSync(run).mode & 0o777).toBe(0o700);
        expect(statSync(path.join(run, '.s.PGSQL.5432')).isSocket()).toBe(true);
      });
    }

    it('the Session table holds no cookie value in clear', async () => {
      const browser = await shopperWithCart();
      const sessionId = browser.sessionId!;
      const cookie = browser.cookies.get('sid')!;
      expect(sessionId.length).toBeGreaterThan(20);
      const rows = await server.sql<{ sid: string; sess: string }>('SELECT sid, sess::text AS sess FROM "Session"');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.sid).toMatch(/^[0-9a-f]{64}$/);
        expect(row.sid).not.toBe(sessionId);
        expect(row.sess).not.toContain(sessionId);
        expect(row.sess).not.toContain(decodeURIComponent(cookie));
      }
    });
  });

  describe('finding 7: bad input', () => {
    it('/hledat?q=a%00b answers a normal page, not a 500', async () => {
      for (const pathname of ['/hledat?q=a%00b', '/en/search?q=a%00b']) {
        const response = await fetch(server.url + pathname);
        const html = await response.text();
        expect(response.status, pathname).toBe(200);
        expect(html).toContain('<html');
      }
    });

    it('a NUL byte or a lone surrogate in a GraphQL argument gets a clear error in the request language', async () => {
      const browser = new Browser(server);
      for (const search of ['a\u0000b', 'a\ud800b']) {
        const czech = await browser.operation('SearchPage', { first: 12, filter: { search } });
        expect(czech.status).toBe(400);
        expect(czech.body.errors).toEqual([expect.objectContaining({ message: 'Zadaný text obsahuje nepovolené znaky.', extensions: { code: 'BAD_USER_INPUT' } })]);
        const english = await browser.operation('SearchPage', { first: 12, filter: { search } }, { 'x-shop-language': 'en' });
        expect(english.body.errors?.[0].message).toBe('The text you entered contains characters that are not allowed.');
      }
    });

    it('an over-long categorySlug is refused', async () => {
      const answer = await new Browser(server).operation('SearchPage', { first: 12, filter: { categorySlug: 'a'.repeat(5000) } });
      expect(answer.status).toBe(400);
      expectRefused(answer);
      expect(codes(answer)).toEqual(['BAD_USER_INPUT']);
    });

    it('malformed JSON and wrong types get a clear error, not a 500', async () => {
      const browser = new Browser(server);
      const malformed = await browser.post('{"query": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors?.length).toBeGreaterThan(0);
      const wrongType = await browser.operation('SearchPage', { first: 'many' });
      expect(wrongType.status).toBeLessThan(500);
      expectRefused(wrongType);
    });
  });

  describe("issue 31's findings 6 and 21: crafted URLs and request shapes", () => {
    /** What the server logged while `work` ran: its stack-trace lines, printed or inside a JSON log line's err.stack. */
    async function stackLinesDuring(work: () => Promise<void>): Promise<string[]> {
      const before = server.output().length;
      await work();
      return server
        .output()
        .slice(before)
        .split('\n')
        .flatMap((line) => {
          if (!line.startsWith('{')) return [line];
          try {
            return ((JSON.parse(line) as { err?: { stack?: string } }).err?.stack ?? '').split('\n');
          } catch {
            return [line];
          }
        })
        .filter((line) => /^\s+at /.test(line));
    }

    it('?sort=__proto__ on category and search pages answers the page, not a 500', async () => {
      const stack = await stackLinesDuring(async () => {
        for (const sort of ['__proto__', 'constructor', 'toString']) {
          for (const pathname of [`/kategorie/${categorySlug}?sort=${sort}`, `/hledat?q=dres&sort=${sort}`, `/en/search?q=dres&sort=${sort}`]) {
            const response = await fetch(server.url + pathname);
            expect(response.status, pathname).toBe(200);
            expect(await response.text()).toContain('class="site-main"');
          }
        }
      });
      expect(stack).toEqual([]);
    });

    it("a NUL byte in product, category, blog and order-summary paths answers the 404 page in the shop's layout, with nothing in the log", async () => {
      const stack = await stackLinesDuring(async () => {
        for (const pathname of [
          '/produkt/a%00b',
          '/en/product/a%00b',
          '/kategorie/a%00b',
          '/blog/a%00b',
          '/objednavka/shrnuti/1/a%00b',
          '/en/order/summary/1/a%00b',
          '/produkt/a%00b.data',
        ]) {
          const response = await fetch(server.url + pathname);
          const html = await response.text();
          expect(response.status, pathname).toBe(404);
          if (pathname.endsWith('.data')) continue;
          // the shop's header and footer around a not-found text, not the bare error layout
          expect(html, pathname).toContain('class="site-main"');
          expect(html, pathname).not.toContain('error-layout');
        }
      });
      expect(stack).toEqual([]);
    });

    // Issue 40, item 10: `/produkt/%E0%A4%A` was a 500 page with a stack trace in the log (a decoder of
    // the render's), and React Router printed a plain-text warning for every path it could not decode
    it("a path with broken percent-encoding answers the 404 page in the shop's layout and the path's language, and writes no line but the request's", async () => {
      const before = server.output().length;
      for (const [pathname, language] of [
        ['/produkt/%E0%A4%A', 'cs'],
        ['/en/product/%ZZ', 'en'],
        ['/kategorie/%', 'cs'],
        ['/en/category/%C0%AF', 'en'],
        ['/blog/%E0', 'cs'],
        ['/objednavka/shrnuti/1/%E0%A4', 'cs'],
        ['/%', 'cs'],
        ['/en/%C0', 'en'],
        ['/produkt/%E0%A4%A?q=%E0%A4%A', 'cs'],
      ]) {
        const response = await fetch(server.url + pathname);
        const html = await response.text();
        expect(response.status, pathname).toBe(404);
        expect(html, pathname).toContain(`<html lang="${language}"`);
        expect(html, pathname).toContain('class="site-main"');
        expect(html, pathname).not.toContain('error-layout');
      }
      // a broken escape in the query alone leaves the page as it is
      expect((await fetch(`${server.url}/hledat?q=%E0%A4%A`)).status).toBe(200);
      const lines = server.output().slice(before).split('\n').filter((line) => line.trim() !== '');
      const notRequestLines = lines.filter((line) => {
        try {
          return (JSON.parse(line) as { msg?: string; level?: string }).msg !== 'request';
        } catch {
          return true;
        }
      });
      expect(notRequestLines).toEqual([]);
    });

    it('OPTIONS on a page answers 204 with Allow, other methods 405 with Allow, and none of them logs a stack trace', async () => {
      const stack = await stackLinesDuring(async () => {
        for (const pathname of ['/', `/kategorie/${categorySlug}`, '/kosik', '/nic-takoveho']) {
          const options = await fetch(server.url + pathname, { method: 'OPTIONS' });
          expect(options.status, pathname).toBe(204);
          expect(options.headers.get('allow')).toBe('GET, HEAD, POST');
          for (const method of ['PUT', 'DELETE', 'PATCH', 'PROPFIND']) {
            const response = await fetch(server.url + pathname, { method });
            expect(response.status, `${method} ${pathname}`).toBe(405);
            expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
          }
        }
        // TRACE is a method fetch() refuses to send
        const trace = await rawRequest(server.port, 'TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
        expect(trace).toMatch(/^HTTP\/1\.1 405 /);
        // a POST to a page that has no form
        const post = await fetch(`${server.url}/kategorie/${categorySlug}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
        expect(post.status).toBe(405);
      });
      expect(stack).toEqual([]);
    });

    it('no client error writes a stack trace: a Host no URL can hold, a body or a path that cannot be decoded', async () => {
      const stack = await stackLinesDuring(async () => {
        const badHost = await rawRequest(server.port, `GET /kategorie/${categorySlug} HTTP/1.1\r\nHost: shop.example:99999\r\nConnection: close\r\n\r\n`);
        expect(badHost).toMatch(/^HTTP\/1\.1 400 /);
        for (const encoding of ['bogus', 'gzip']) {
          const answer = await anonymousPost(server, '{}', { 'content-encoding': encoding });
          expect(answer.status, encoding).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          expect(answer.body.errors?.length).toBeGreaterThan(0);
        }
        expect((await fetch(`${server.url}/language/%`, { redirect: 'manual' })).status).toBe(400);
      });
      expect(stack).toEqual([]);
    });
  });

  describe("issue 40's item 8: a cached page's nonce", () => {
    it("the nonce placeholder of old typed into the search gets no nonce in the search box, neither rendered nor from the cache", async () => {
      for (const pathname of ['/hledat?q=%00nonce%00', '/en/search?q=%00nonce%00']) {
        const caches: (string | null)[] = [];
        for (let i = 0; i < 2; i++) {
          const response = await fetch(server.url + pathname);
          const html = await response.text();
          caches.push(response.headers.get('x-cache'));
          const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
          expect(nonce, pathname).toMatch(/^[\w+/=-]{16,}$/);
          const box = /<input[^>]*id="site-search"[^>]*>/.exec(html)?.[0];
          expect(box, pathname).toContain('value="\u0000nonce\u0000"');
          // the response's nonce is on its scripts and nowhere in what the visitor typed
          expect(html, pathname).toContain(`nonce="${nonce}"`);
          expect(box, pathname).not.toContain(nonce);
        }
        expect(caches, pathname).toEqual(['MISS', 'HIT']);
      }
    });
  });

  describe("issue 31's finding 8: one reading of the cookies", () => {
    it('a page rendered for an odd currency cookie is cached under the currency it shows, never served to a shopper of the other', async () => {
      /** The currency a page shows: its header offers to switch to the other one. */
      const shownCurrency = (html: string) => (/href="\/currency\/CZK\?/.test(html) ? 'EUR' : /href="\/currency\/EUR\?/.test(html) ? 'CZK' : null);
      for (const [odd, pathname] of [
        ['currency =EUR', `/kategorie/${categorySlug}?cookie-case=1`],
        ['currency=%45UR', `/kategorie/${categorySlug}?cookie-case=2`],
        ['currency=CZK; currency=EUR', `/kategorie/${categorySlug}?cookie-case=3`],
      ]) {
        const first = await fetch(server.url + pathname, { headers: { cookie: odd } });
        expect(first.headers.get('x-cache'), odd).toBe('MISS');
        const firstShown = shownCurrency(await first.text());
        expect(firstShown, odd).not.toBeNull();
        // the same address for shoppers who chose each currency plainly
        for (const currency of ['EUR', 'CZK']) {
          const page = await fetch(server.url + pathname, { headers: { cookie: `currency=${currency}` } });
          expect(shownCurrency(await page.text()), `${odd}, then currency=${currency}`).toBe(currency);
        }
      }
    });
  });

  describe("issue 31's finding 19: personal pages and browser features", () => {
    it('pages with personal data or a secret in their address say Cache-Control: private, no-store; catalog pages do not', async () => {
      const browser = await shopperWithCart();
      for (const pathname of [
        '/kosik',
        '/en/cart',
        '/pokladna',
        '/kosik.data',
        '/ucet',
        '/ucet/objednavky',
        '/en/account/change-password',
        '/oblibene',
        '/oblibene/sdileny/abc',
        '/objednavka/shrnuti/1/abc',
        '/zmena-hesla/abc',
        '/reklamace',
      ]) {
        const response = await browser.fetch(pathname);
        await response.arrayBuffer();
        expect(response.headers.get('cache-control'), pathname).toBe('private, no-store');
      }
      for (const pathname of ['/', `/kategorie/${categorySlug}`, `/produkt/${variants[0].slug}`, '/hledat?q=dres']) {
        const response = await fetch(server.url + pathname);
        await response.arrayBuffer();
        expect(response.headers.get('cache-control') ?? '', pathname).not.toMatch(/no-store|private/);
      }
    });

    it('pages refuse camera, microphone, geolocation and payment in Permissions-Policy', async () => {
      const response = await fetch(`${server.url}/prodejny`);
      await response.arrayBuffer();
      const policy = response.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    });
  });

  describe('headers (requirement O1)', () => {
    it('pages and the API carry CSP with a nonce, nosniff, frame-ancestors and Referrer-Policy; no HSTS over plain http', async () => {
      for (const pathname of ['/', '/hledat?q=dres', '/graphql']) {
        const response = await fetch(server.url + pathname, pathname === '/graphql' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } : {});
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp, pathname).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('strict-transport-security')).toBeNull();
        expect(response.headers.get('x-powered-by')).toBeNull();
      }
      // every inline script of a page carries the response's nonce; structured data (JSON-LD) is a data
      // block the browser never runs, which CSP does not govern
      const page = await fetch(server.url + '/');
      const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy')!)![1];
      const tags = [...(await page.text()).matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
      const scripts = tags.filter((attributes) => !attributes.includes('type="application/ld+json"'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(tags.length - scripts.length).toBeGreaterThan(0); // the home page's Organization and WebSite
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    });
  });

  describe('request shape (held before issue 8, kept)', () => {
    it('a batched (array) body is refused and nothing runs', async () => {
      const before = await cartState();
      const add = persistedBody('AddToCart', { variantId: variants[4].id, quantity: 1 });
      const answer = await new Browser(server).post([add, add, add]);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(await cartState()).toEqual(before);
    });

    it('a mutation over GET is refused and nothing runs, even by its trusted hash', async () => {
      const browser = new Browser(server);
      await browser.csrfToken();
      const before = await cartState();
      const add = persistedBody('AddToCart', { variantId: variants[4].id, quantity: 1 });
      const query = new URLSearchParams({
        operationName: add.operationName,
        variables: JSON.stringify(add.variables),
        extensions: JSON.stringify(add.extensions),
      });
      const response = await browser.fetch(`/graphql?${query}`, { headers: { 'x-xsrf-token': browser.cookies.get('XSRF-TOKEN')! } });
      expect(response.status).toBe(405);
      expect(await cartState()).toEqual(before);
    });
  });

  describe('trusted documents in production', () => {
    it('an arbitrary document without a partner token is refused', async () => {
      const browser = new Browser(server);
      for (const query of ['{ __typename }', '{ products(first: 1) { totalCount } }']) {
        const answer = await browser.post({ query });
        expectRefused(answer);
        expect(answer.status).toBe(400);
        expect(codes(answer)).toEqual(['PERSISTED_QUERY_ONLY']);
      }
      const unknown = await browser.post({ extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } });
      expectRefused(unknown);
    });

    it("the web app's known hashes work", async () => {
      const browser = new Browser(server);
      expect((await browser.operation('Home')).body.data).toHaveProperty('newProducts.edges');
      expect((await browser.operation('Layout')).body.errors).toBeUndefined();
      expect((await browser.operation('CategoryPage', { slug: categorySlug, first: 12 })).body.data).toHaveProperty('category.slug', categorySlug);
      expect((await browser.operation('ProductPage', { slug: variants[0].slug })).body.data).toHaveProperty('product.slug', variants[0].slug);
      expect((await browser.operation('SearchPage', { first: 12, filter: { search: 'dres' } })).body.errors).toBeUndefined();
    });

    it('a partner token may send any document and needs no CSRF token', async () => {
      const query = await partnerRequest(server, partner, '{ products(first: 2) { totalCount edges { node { name } } } }');
      expect(query.body.errors).toBeUndefined();
      expect((query.body.data?.products as { edges: unknown[] }).edges).toHaveLength(2);
      const add = await partnerRequest(server, partner, `mutation { addToCart(variantId: "${variants[2].id}", quantity: 1) { __typename ... on Cart { id itemCount } } }`);
      expect(add.status).toBe(200);
      expect(add.body.data?.addToCart).toMatchObject({ __typename: 'Cart', itemCount: 1 });
    });

    it("a partner request's cookies are ignored: a shopper's session can be neither read nor changed", async () => {
      const shopper = await shopperWithCart();
      const cookie = shopper.cookieHeader();
      const read = await partnerRequest(server, partner, '{ cart { id itemCount } }', {}, { cookie });
      expect(read.body.data).toEqual({ cart: null });
      expect(read.body.errors).toBeUndefined();
      const write = await partnerRequest(server, partner, `mutation { addToCart(variantId: "${variants[3].id}", quantity: 2) { __typename } }`, {}, { cookie });
      expect(write.body.data?.addToCart).toMatchObject({ __typename: 'Cart' });
      expect(write.headers.getSetCookie()).toEqual([]);
      expect(await itemCount(shopper)).toBe(1);
    });

    it('a wrong token is refused with 401, never treated as a browser', async () => {
      const answer = await partnerRequest(server, `shp_00000000_${'0'.repeat(64)}`, '{ __typename }');
      expect(answer.status).toBe(401);
      expect(answer.body.data ?? null).toBeNull();
    });
  });
});

// Requirement A3 (and HSTS of O1) behind a TLS proxy: PUBLIC_URL https, X-Forwarded-Proto from the
// proxy on loopback. Cookies and headers do not depend on the database: the embedded one only.
describe('production server behind https', () => {
  let https: ProductionServer;

  beforeAll(async () => {
    ({ server: https } = await servers.get('https'));
  });

  it('behind https: HSTS, and session and CSRF cookies with the __Host- prefix, Secure, HttpOnly session', async () => {
    const viaProxy = { 'x-forwarded-proto': 'https' };
    const page = await fetch(`${https.url}/`, { headers: viaProxy });
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const response = await fetch(`${https.url}/api/csrf-cookie`, { headers: viaProxy });
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('__Host-sid='));
    const csrf = cookies.find((cookie) => cookie.startsWith('__Host-XSRF-TOKEN='));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(session).not.toMatch(/Domain=/i);
    expect(csrf).toMatch(/;\s*Secure/i);
    expect(csrf).not.toMatch(/Domain=/i);
    expect(cookies.some((cookie) => /^(sid|XSRF-TOKEN)=/.test(cookie))).toBe(false);
  });

  it("behind https: plain http, as the proxy reports it, is redirected with 301 to PUBLIC_URL and gets no HSTS; /health and /ready answer (issue 31's finding 19)", async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }] as Record<string, string>[]) {
      const page = await fetch(`${https.url}/kategorie/x?sort=newest`, { redirect: 'manual', headers });
      expect(page.status).toBe(301);
      expect(page.headers.get('location')).toBe('https://shop.example/kategorie/x?sort=newest');
      expect(page.headers.get('strict-transport-security')).toBeNull();
    }
    for (const path of ['/health', '/ready']) {
      const probe = await fetch(https.url + path, { redirect: 'manual' });
      expect(probe.status, path).toBe(200);
      expect(probe.headers.get('strict-transport-security')).toBeNull();
    }
    const secure = await fetch(`${https.url}/`, { redirect: 'manual', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });
});
