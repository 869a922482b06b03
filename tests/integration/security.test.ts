// Security: CSRF and request-shape rules of /graphql, masked errors, headers, cookies,
// the language switch, and the plain HTTP routes (health, robots, sitemap).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, parseSetCookie, type TestApp, type TestClient } from '../support/test-app.ts';
import { createProduct, createCategory, createCustomer, createInfoPage } from '../support/factories.ts';
import { findClientSession } from '../support/sessions.ts';
import { gid } from '../support/global-id.ts';
import { createMatch } from '../support/tickets.ts';

const SecurityAddToCartMutation = graphql(`
  mutation SecurityAddToCart($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
      ... on Cart {
        id
        itemCount
      }
    }
  }
`);

const SecurityMeQuery = graphql(`
  query SecurityMe {
    me {
      id
    }
  }
`);

const SecurityCartQuery = graphql(`
  query SecurityCart {
    cart {
      itemCount
    }
  }
`);

const SecurityProductQuery = graphql(`
  query SecurityProduct($slug: String!) {
    product(slug: $slug) {
      name
    }
  }
`);

let app: TestApp;
/** The app's log lines (JSON). */
const logLines: string[] = [];
let product: Awaited<ReturnType<typeof createProduct>>;
let variantId: string;

beforeAll(async () => {
  app = await createTestApp({ logDestination: { write: (line) => void logLines.push(line) } });
  const category = await createCategory(app.prisma, {
    name: { cs: 'Dresy', en: 'Jerseys' },
    slug: { cs: 'dresy', en: 'jerseys' },
  });
  product = await createProduct(app.prisma, {
    names: { cs: 'Dres Slávie', en: 'Slavia jersey' },
    slugs: { cs: 'dres-slavie', en: 'slavia-jersey' },
    category,
    variants: [{ stock: 20 }],
  });
  await createInfoPage(app.prisma, {
    id: 1,
    title: { cs: 'Obchodní podmínky', en: 'Terms and conditions' },
    slug: { cs: 'obchodni-podminky', en: 'terms-and-conditions' },
  });
  variantId = gid('Variant', product.variants[0].id);
});

afterAll(async () => {
  await app?.close();
});

const addOneQuery = () => `mutation { addToCart(variantId: "${variantId}", quantity: 1) { __typename } }`;

/** Everything a forged request could have changed. */
async function databaseState() {
  const [carts, lines, sessions, quantity] = await Promise.all([
    app.prisma.cart.count(),
    app.prisma.cartLine.count(),
    app.prisma.session.count(),
    app.prisma.cartLine.aggregate({ _sum: { quantity: true } }),
  ]);
  return { carts, lines, sessions, pieces: quantity._sum.quantity ?? 0 };
}

/** A shopper with a cart of 1 piece, i.e. with a session cookie. */
async function shopperWithCart(): Promise<TestClient> {
  const client = app.newClient();
  const response = await client.gql(SecurityAddToCartMutation, { variantId, quantity: 1 });
  expect(response.data!.addToCart).toMatchObject({ __typename: 'Cart', itemCount: 1 });
  return client;
}

async function itemCountOf(client: TestClient): Promise<number> {
  const response = await client.gql(SecurityCartQuery);
  return response.data!.cart!.itemCount;
}

describe(`security (${databaseKind})`, () => {
  describe('CSRF', () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      it(`a POST with content type ${contentType.split(';')[0]} is refused with 415 and changes nothing`, async () => {
        const before = await databaseState();
        const body = contentType === 'text/plain' ? JSON.stringify({ query: addOneQuery() }) : `query=${encodeURIComponent(addOneQuery())}`;
        const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': contentType }, body });
        expect(response.status).toBe(415);
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(await databaseState()).toEqual(before);
      });
    }

    it('a cross-site POST riding on the session cookie without the CSRF header is refused with 419', async () => {
      const victim = await shopperWithCart();
      const before = await databaseState();
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: victim.cookieHeader() },
        body: JSON.stringify({ query: addOneQuery() }),
      });
      expect(response.status).toBe(419);
      expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'CSRF_TOKEN_MISMATCH' } }] });
      expect(await databaseState()).toEqual(before);
      expect(await itemCountOf(victim)).toBe(1);
    });

    it('a wrong CSRF header, or a header without the cookie, is refused with 419', async () => {
      const victim = await shopperWithCart();
      const before = await databaseState();
      const sid = `sid=${victim.cookies.get('sid')}`;
      const attempts = [
        { cookie: victim.cookieHeader(), 'x-xsrf-token': 'A'.repeat(43) },
        { cookie: victim.cookieHeader(), 'x-xsrf-token': '' },
        { cookie: sid, 'x-xsrf-token': victim.cookies.get('XSRF-TOKEN')! },
      ];
      for (const headers of attempts) {
        const response = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ query: addOneQuery() }),
        });
        expect(response.status).toBe(419);
      }
      expect(await databaseState()).toEqual(before);
      expect(await itemCountOf(victim)).toBe(1);
    });

    it('the same request with the matching header goes through', async () => {
      const shopper = await shopperWithCart();
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: shopper.cookieHeader(),
          'x-xsrf-token': shopper.cookies.get('XSRF-TOKEN')!,
        },
        body: JSON.stringify({ query: addOneQuery() }),
      });
      expect(response.status).toBe(200);
      expect(await itemCountOf(shopper)).toBe(2);
    });

    it('the CSRF cookie is readable by the page script and kept once issued', async () => {
      const client = app.newClient();
      const response = await client.fetch('/api/csrf-cookie');
      expect(response.status).toBe(204);
      const cookie = parseSetCookie(response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!);
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie.attributes).not.toHaveProperty('httponly');
      expect(cookie.attributes.samesite?.toLowerCase()).toBe('lax');
      const again = await client.fetch('/api/csrf-cookie');
      expect(again.headers.getSetCookie()).toEqual([]);
    });
  });

  describe('CSRF token bound to the session, and same-origin only', () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: addOneQuery() }),
      });

    it("one session's token does not work with another session's cookie", async () => {
      const victim = await shopperWithCart();
      const attacker = app.newClient();
      await attacker.ensureCsrfCookie();
      const before = await databaseState();
      const attackerToken = attacker.cookies.get('XSRF-TOKEN')!;
      expect(attackerToken).not.toBe(victim.cookies.get('XSRF-TOKEN'));
      const response = await post({
        cookie: `sid=${victim.cookies.get('sid')}; XSRF-TOKEN=${attackerToken}`,
        'x-xsrf-token': attackerToken,
      });
      expect(response.status).toBe(419);
      expect(await databaseState()).toEqual(before);
    });

    it('login replaces the token together with the session id; the old token stops working', async () => {
      const customer = await createCustomer(app.prisma);
      const client = app.newClient();
      const oldToken = await client.ensureCsrfCookie();
      const oldSid = client.cookies.get('sid');
      const login = await client.gql(
        `mutation($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { __typename ... on Customer { firstName } } }`,
        { email: customer.email, password: customer.password },
      );
      // the customer's own fields are readable in the login answer itself (scopes are checked after login)
      expect(login.errors).toBeUndefined();
      expect(login.data).toMatchObject({ login: { __typename: 'Customer', firstName: customer.firstName } });
      expect(client.cookies.get('sid')).not.toBe(oldSid);
      const newToken = client.cookies.get('XSRF-TOKEN')!;
      expect(newToken).not.toBe(oldToken);
      const stale = await post({ cookie: `sid=${client.cookies.get('sid')}; XSRF-TOKEN=${oldToken}`, 'x-xsrf-token': oldToken });
      expect(stale.status).toBe(419);
      expect((await client.gql(SecurityMeQuery)).data?.me).not.toBeNull();
    });

    it('a browser POST from another origin (other port, subdomain or site) is refused even with a valid token', async () => {
      const victim = await shopperWithCart();
      const before = await databaseState();
      const port = Number(new URL(app.url).port);
      const headers = { cookie: victim.cookieHeader(), 'x-xsrf-token': victim.cookies.get('XSRF-TOKEN')! };
      for (const origin of [`http://127.0.0.1:${port + 1}`, 'http://shop.127.0.0.1.nip.io', 'https://evil.example']) {
        const response = await post({ ...headers, origin });
        expect(response.status).toBe(403);
      }
      expect((await post({ ...headers, 'sec-fetch-site': 'same-site' })).status).toBe(403);
      expect((await post({ ...headers, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      // and with no cookie at all: a cross-site page cannot start a session and fill a cart either
      expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
      expect(await databaseState()).toEqual(before);
      // the shop's own pages pass
      const own = await post({ ...headers, origin: app.url, 'sec-fetch-site': 'same-origin' });
      expect(own.status).toBe(200);
      expect(await itemCountOf(victim)).toBe(2);
    });

    it('on https the token cookie has the __Host- prefix: Secure, path /, no Domain', async () => {
      const https = await createTestApp({
        databaseUrl: app.databaseUrl,
        config: { secureCookies: true, publicUrl: 'https://shop.example' },
      });
      try {
        // the TLS proxy in front says the request came over https
        const response = await fetch(`${https.url}/api/csrf-cookie`, { headers: { 'x-forwarded-proto': 'https' } });
        expect(response.status).toBe(204);
        const cookies = response.headers.getSetCookie().map(parseSetCookie);
        const token = cookies.find((cookie) => cookie.name === '__Host-XSRF-TOKEN');
        expect(token).toBeDefined();
        expect(token!.attributes).toHaveProperty('secure');
        expect(token!.attributes.path).toBe('/');
        expect(token!.attributes).not.toHaveProperty('domain');
        expect(cookies.find((cookie) => cookie.name === '__Host-sid')).toBeDefined();
        expect(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toBeUndefined();
      } finally {
        await https.close();
      }
    });
  });

  describe('request shape', () => {
    it('a batched (array) body is rejected and nothing runs', async () => {
      const before = await databaseState();
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ query: addOneQuery() }, { query: addOneQuery() }]),
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/batching/i);
      expect(await databaseState()).toEqual(before);
    });

    it('a mutation over GET is rejected and nothing runs', async () => {
      const before = await databaseState();
      const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent(addOneQuery())}`, {
        headers: { accept: 'application/graphql-response+json, application/json' },
      });
      expect(response.status).toBe(405);
      const body = await response.json();
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/POST/);
      expect(await databaseState()).toEqual(before);
    });

    it('malformed JSON gets a clear 400', async () => {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query": "{ __typename }"',
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errors[0].message).toMatch(/JSON/i);
    });
  });

  describe('errors', () => {
    it('an unexpected failure inside a resolver is masked: no Prisma, SQL or stack text reaches the shopper', async () => {
      const client = await shopperWithCart();
      // a session whose customer id is not a number: the resolver's Prisma call throws
      const row = await findClientSession(app.prisma, client);
      expect(row).not.toBeNull();
      await app.prisma.session.update({
        where: { sid: row!.sid },
        data: { sess: { ...(row!.sess as object), customerId: 'not-a-number' } },
      });
      const response = await client.fetch('/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
          'x-request-id': 'support-case-42',
        },
        body: JSON.stringify({ query: '{ me { id } }' }),
      });
      const text = await response.text();
      // the details stay in the server log, under the request id
      const logged = logLines.map((line) => JSON.parse(line) as { requestId?: string; msg?: string; level?: string; err?: { stack?: string } });
      expect(logged.find((entry) => entry.requestId === 'support-case-42' && entry.msg === 'me failed')).toMatchObject({
        level: 'error',
        err: { stack: expect.stringMatching(/\bat /) },
      });
      const body = JSON.parse(text);
      expect(body.data).toEqual({ me: null });
      expect(body.errors).toEqual([
        expect.objectContaining({ message: 'Unexpected error.', path: ['me'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
      ]);
      expect(text).not.toMatch(/prisma|findUnique|invocation|Expected Int|SELECT|\bat \//i);
      // the same query works for a healthy session
      const healthy = await app.newClient().gql(SecurityMeQuery);
      expect(healthy.errors).toBeUndefined();
    });
  });

  describe('headers and cookies', () => {
    it('every response carries the security headers', async () => {
      for (const path of ['/health', '/robots.txt', '/api/csrf-cookie']) {
        const response = await fetch(app.url + path);
        const csp = response.headers.get('content-security-policy')!;
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('x-powered-by')).toBeNull();
      }
      const graphqlResponse = await app.newClient().fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(graphqlResponse.headers.get('x-content-type-options')).toBe('nosniff');
      expect(graphqlResponse.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    it('every response refuses camera, microphone, geolocation, payment and USB in Permissions-Policy', async () => {
      for (const path of ['/health', '/robots.txt', '/api/csrf-cookie', '/graphql']) {
        const policy = (await fetch(app.url + path, { method: path === '/graphql' ? 'POST' : 'GET' })).headers.get('permissions-policy') ?? '';
        for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy, path).toContain(`${feature}=()`);
        // the shared wishlist's copy button writes to the clipboard
        expect(policy).not.toContain('clipboard-write');
      }
    });

    it('with an https PUBLIC_URL plain http is redirected to https, except /health and /ready; HSTS only over https', async () => {
      const https = await createTestApp({ databaseUrl: app.databaseUrl, config: { secureCookies: true, publicUrl: 'https://shop.example' } });
      try {
        // plain http: no X-Forwarded-Proto, or the trusted proxy says http
        for (const headers of [{}, { 'x-forwarded-proto': 'http' }] as Record<string, string>[]) {
          const page = await fetch(`${https.url}/kategorie/dresy?sort=newest`, { redirect: 'manual', headers });
          expect(page.status).toBe(301);
          expect(page.headers.get('location')).toBe('https://shop.example/kategorie/dresy?sort=newest');
          expect(page.headers.get('strict-transport-security')).toBeNull();
          // answered in front of the app, it carries the request id every response carries
          expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        }
        // the Host the request named is not where it goes
        const otherHost = await fetch(`${https.url}/kosik`, { redirect: 'manual', headers: { host: 'evil.example' } });
        expect(otherHost.headers.get('location')).toBe('https://shop.example/kosik');
        const post = await fetch(`${https.url}/graphql`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(post.status).toBe(308);
        for (const path of ['/health', '/ready']) {
          const probe = await fetch(https.url + path, { redirect: 'manual' });
          expect(probe.status, path).toBe(200);
          expect(probe.headers.get('strict-transport-security')).toBeNull();
        }
        // over https, as the trusted proxy on loopback reports it
        const secure = await fetch(`${https.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
        expect(secure.status).toBe(200);
        expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      } finally {
        await https.close();
      }
      // a client that is not a trusted proxy cannot claim https
      const untrusted = await createTestApp({
        databaseUrl: app.databaseUrl,
        config: { secureCookies: true, publicUrl: 'https://shop.example', trustProxy: ['192.0.2.10'] },
      });
      try {
        const claimed = await fetch(`${untrusted.url}/kosik`, { redirect: 'manual', headers: { 'x-forwarded-proto': 'https' } });
        expect(claimed.status).toBe(301);
        expect(claimed.headers.get('strict-transport-security')).toBeNull();
      } finally {
        await untrusted.close();
      }
    });

    it('a fresh nonce on every response', async () => {
      const nonce = async () => /'nonce-([^']+)'/.exec((await fetch(`${app.url}/health`)).headers.get('content-security-policy')!)![1];
      expect(await nonce()).not.toBe(await nonce());
    });

    it('the session cookie is HttpOnly, SameSite=Lax, for the whole site and this host only', async () => {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: addOneQuery() }),
      });
      const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
      expect(header).toBeDefined();
      const cookie = parseSetCookie(header!);
      expect(cookie.attributes).toHaveProperty('httponly');
      expect(cookie.attributes.samesite?.toLowerCase()).toBe('lax');
      expect(cookie.attributes.path).toBe('/');
      expect(cookie.attributes).not.toHaveProperty('domain');
      // plain http in tests: Secure would make the browser drop it
      expect(cookie.attributes).not.toHaveProperty('secure');
    });
  });

  describe('language switch', () => {
    it('/language/en remembers English for a year and returns to the same page in English', async () => {
      const response = await fetch(`${app.url}/language/en?to=${encodeURIComponent('/en/product/x')}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/en/product/x');
      const cookie = parseSetCookie(response.headers.getSetCookie().find((c) => c.startsWith('lang='))!);
      expect(cookie.value).toBe('en');
      expect(cookie.attributes['max-age']).toBe('31536000');
      expect(cookie.attributes.path).toBe('/');
      expect(cookie.attributes.samesite?.toLowerCase()).toBe('lax');
    });

    it('/jazyk/cs switches back to Czech', async () => {
      const response = await fetch(`${app.url}/jazyk/cs?to=/produkt/x`, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe('/produkt/x');
      expect(parseSetCookie(response.headers.getSetCookie()[0]).value).toBe('cs');
    });

    for (const target of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example/', '/\r\n/evil.example', '/.//evil.example']) {
      it(`does not redirect off-site to ${target.replace(/[\t\r\n]/g, (c) => encodeURIComponent(c))}`, async () => {
        const response = await fetch(`${app.url}/language/en?to=${encodeURIComponent(target)}`, { redirect: 'manual' });
        expect(response.status).toBe(302);
        const location = response.headers.get('location')!;
        expect(location).toBe('/en');
        expect(new URL(location, app.url).origin).toBe(app.url);
      });
    }

    it('the chosen language is what the API answers in', async () => {
      const client = app.newClient();
      await client.fetch('/language/en?to=/en');
      const response = await client.gql(SecurityProductQuery, { slug: 'slavia-jersey' });
      expect(response.data!.product!.name).toBe('Slavia jersey');
    });
  });

  describe("the proxy in front (TRUST_PROXY, issue 31's finding 5)", () => {
    /** A voucher check from `forwardedFor` as the proxy passes it on: free (VoucherError), or a captcha is asked for (ValidationError) after 3 from one address. */
    const check = async (target: TestApp, forwardedFor?: string) => {
      const response = await target.gql<{ checkVoucher: { __typename: string } }, Record<string, unknown>>(
        'query TrustProxyVoucher($code: String!) { checkVoucher(code: $code) { __typename } }',
        { code: 'NEEXISTUJE' },
        { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
      );
      return response.data!.checkVoucher.__typename;
    };

    it('behind a trusted proxy (a number of hops or its network) two clients get separate rate-limit buckets, whatever they add to X-Forwarded-For', async () => {
      for (const [index, trustProxy] of [1, ['127.0.0.0/8']].entries()) {
        const proxied = await createTestApp({ databaseUrl: app.databaseUrl, config: { trustProxy } });
        try {
          // the proxy appends the address it saw; what a client sent itself stays in front
          const first = `203.0.113.${10 + index}`;
          const second = `203.0.113.${20 + index}`;
          for (let i = 0; i < 3; i += 1) expect(await check(proxied, first)).toBe('VoucherError');
          expect(await check(proxied, first)).toBe('ValidationError');
          expect(await check(proxied, `198.51.100.${index + 1}, ${first}`)).toBe('ValidationError');
          expect(await check(proxied, second)).toBe('VoucherError');
        } finally {
          await proxied.close();
        }
      }
    });

    it('a client that is not a trusted proxy cannot choose its address with X-Forwarded-For', async () => {
      // the proxy is at 192.0.2.10; these requests come straight from 127.0.0.1
      const direct = await createTestApp({ databaseUrl: app.databaseUrl, config: { trustProxy: ['192.0.2.10'] } });
      try {
        for (let i = 0; i < 3; i += 1) expect(await check(direct, `203.0.113.${100 + i}`)).toBe('VoucherError');
        // a fourth "address" is the same client, which has used its free checks
        expect(await check(direct, '203.0.113.200')).toBe('ValidationError');
        expect(await check(direct)).toBe('ValidationError');
      } finally {
        await direct.close();
      }
    });
  });

  describe('plain routes', () => {
    it('/health and /ready answer', async () => {
      const health = await fetch(`${app.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${app.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
    });

    it('/robots.txt keeps robots out of the API, account and cart, and points at the sitemap', async () => {
      const response = await fetch(`${app.url}/robots.txt`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).toContain('User-agent: *');
      expect(text).toContain('Disallow: /graphql');
      expect(text).toContain('Disallow: /kosik');
      expect(text).toContain(`Sitemap: ${app.config.publicUrl}/sitemap.xml`);
    });

    it('/sitemap.xml lists the pages in both languages with hreflang alternates', async () => {
      const response = await fetch(`${app.url}/sitemap.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/xml/);
      const xml = await response.text();
      const base = app.config.publicUrl;
      const cs = `${base}/produkt/dres-slavie`;
      const en = `${base}/en/product/slavia-jersey`;
      expect(xml).toContain(`<loc>${cs}</loc>`);
      expect(xml).toContain(`<loc>${en}</loc>`);
      const productEntries = xml.split('<url>').filter((entry) => entry.includes(`<loc>${cs}</loc>`) || entry.includes(`<loc>${en}</loc>`));
      expect(productEntries).toHaveLength(2);
      for (const entry of productEntries) {
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="cs" href="${cs}"/>`);
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`);
      }
      expect(xml).toContain(`<loc>${base}/kategorie/dresy</loc>`);
      expect(xml).toContain(`<loc>${base}/en/category/jerseys</loc>`);
      expect(xml).toContain(`<loc>${base}/info/1/obchodni-podminky</loc>`);
      expect(xml).toContain(`<loc>${base}/en/info/1/terms-and-conditions</loc>`);
      // the accessibility statement (issue 42, decision 0064)
      expect(xml).toContain(`<loc>${base}/prohlaseni-o-pristupnosti</loc>`);
      expect(xml).toContain(`hreflang="en" href="${base}/en/accessibility-statement"`);
      expect(xml).not.toContain('/kosik');
    });

    it('/sitemap.xml: every entry has an x-default alternate and, after its loc, when the page last changed (issue 31)', async () => {
      const translation = await app.prisma.productTranslation.findFirstOrThrow({ where: { language: 'cs', slug: 'dres-slavie' } });
      await app.prisma.product.update({ where: { id: translation.productId }, data: { updatedAt: new Date('2026-03-04T05:06:07.890Z') } });
      const xml = await (await fetch(`${app.url}/sitemap.xml`)).text();
      const base = app.config.publicUrl;
      const entries = xml.split('<url>').slice(1);
      expect(entries.length).toBeGreaterThan(10);
      for (const entry of entries) {
        const cs = /hreflang="cs" href="([^"]+)"/.exec(entry)![1];
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${cs}"/>`);
        // the sitemaps.org schema: loc, then lastmod (a W3C datetime), then the links of another namespace;
        // a listing without entries (the blog of an empty test catalog) and the home page have no date
        expect(entry).toMatch(/^<loc>[^<]+<\/loc>(<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>)?<xhtml:link /);
        if (/<loc>[^<]+\/(produkt|product|kategorie|category|info)\//.test(entry)) expect(entry).toContain('<lastmod>');
      }
      for (const loc of [`${base}/produkt/dres-slavie`, `${base}/en/product/slavia-jersey`]) {
        expect(xml).toContain(`<loc>${loc}</loc><lastmod>2026-03-04T05:06:07Z</lastmod>`);
      }
    });

    it('/sitemap.xml lists the events list and every match not yet played in both languages, like products; a played match is left out', async () => {
      const DAY = 24 * 3600_000;
      const coming = await createMatch(app.prisma, { slug: `sitemap-zapas-${Date.now()}`, salesStart: new Date(Date.now() + DAY) });
      await app.prisma.event.update({ where: { id: coming.event.id }, data: { updatedAt: new Date('2026-05-06T07:08:09.123Z') } });
      const played = await createMatch(app.prisma, {
        slug: `sitemap-odehrany-${Date.now()}`,
        kickoff: new Date(Date.now() - 2 * 3600_000),
        salesStart: new Date(Date.now() - 10 * DAY),
        salesEnd: new Date(Date.now() - 3 * 3600_000),
      });
      const xml = await (await fetch(`${app.url}/sitemap.xml`)).text();
      const base = app.config.publicUrl;
      const cs = `${base}/vstupenky/${coming.slug}`;
      const en = `${base}/en/tickets/${coming.slug}`;
      for (const loc of [cs, en]) {
        expect(xml).toContain(
          `<url><loc>${loc}</loc><lastmod>2026-05-06T07:08:09Z</lastmod>` +
            `<xhtml:link rel="alternate" hreflang="cs" href="${cs}"/><xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
            `<xhtml:link rel="alternate" hreflang="x-default" href="${cs}"/></url>`,
        );
      }
      // the list changes with its newest match (the played one is not on it)
      for (const loc of [`${base}/vstupenky`, `${base}/en/tickets`]) {
        expect(xml).toContain(
          `<url><loc>${loc}</loc><lastmod>2026-05-06T07:08:09Z</lastmod>` +
            `<xhtml:link rel="alternate" hreflang="cs" href="${base}/vstupenky"/><xhtml:link rel="alternate" hreflang="en" href="${base}/en/tickets"/>`,
        );
      }
      expect(xml).not.toContain(played.slug);
    });
  });
});
