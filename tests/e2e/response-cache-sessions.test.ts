// Issue 28 (docs/decisions/0043): catalog pages come from the shared response cache for shoppers with a
// session too, and a cached page never carries anything of another shopper. Two shoppers (different
// carts; Bob signed in, with a wishlist) and a guest are interleaved over the same catalog pages, in
// both languages, twice; every answer is checked for the others' traces in the HTML, the embedded
// Apollo state and the headers (Set-Cookie, Vary), and the three must get the very same bytes.
// Personal pages stay each shopper's own and are never cached; the personal query is never shared.
// On the built pages (the Vite development server does not cache pages), on either database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop } from '../support/shop-server.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { createCustomer } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';

let shop: Awaited<ReturnType<typeof startShop>>;

/** A browser's cookie jar, enough for a session and its CSRF token. */
class Browser {
  cookies = new Map<string, string>();
  constructor(readonly name: string) {}
  async get(path: string) {
    const response = await fetch(shop.url + path, { headers: this.cookieHeader(), redirect: 'manual' });
    this.keep(response);
    return response;
  }
  /** A persisted operation of the web, as the browser sends it. */
  async operation<T>(operationName: keyof typeof operationHashes, variables: Record<string, unknown> = {}) {
    if (!this.cookies.has('XSRF-TOKEN')) this.keep(await fetch(`${shop.url}/api/csrf-cookie`, { headers: this.cookieHeader() }));
    const response = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': this.cookies.get('XSRF-TOKEN')!, ...this.cookieHeader() },
      body: JSON.stringify({ operationName, variables, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes[operationName] } } }),
    });
    this.keep(response);
    return { response, body: (await response.json()) as { data?: T; errors?: unknown } };
  }
  /** Values that are this shopper's alone: none may appear in an answer to anyone else. */
  secrets(): string[] {
    return [...this.cookies.entries()].filter(([name]) => name === 'sid' || name === 'XSRF-TOKEN').flatMap(([, value]) => [value, decodeURIComponent(value)]);
  }
  private cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
  private keep(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
}

type Personal = { cart: { id: string; itemCount: number } | null; wishlist: { itemCount: number; productIds: string[] } | null; me: { id: string; email: string } | null };

const alice = new Browser('Alice');
const bob = new Browser('Bob');
const guest = new Browser('guest');
let bobsEmail = '';
let pages: string[] = [];
/** What only Alice's and Bob's answers may hold: cart and customer ids, Bob's e-mail and name. */
let personalValues: string[] = [];

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1];
const apolloState = (html: string) => /window\.__APOLLO_STATE__=(.*?)<\/script>/s.exec(html)?.[1] ?? '';

beforeAll(async () => {
  shop = await startShop({ responseCache: true });
  const variants = await shop.prisma.variant.findMany({ where: { stock: { gt: 5 }, product: { published: true } }, take: 2, orderBy: { id: 'asc' } });
  const product = await shop.prisma.product.findFirstOrThrow({ where: { published: true }, include: { translations: true } });
  const article = await shop.prisma.articleTranslation.findFirstOrThrow({ where: { language: 'cs' } });
  const info = await shop.prisma.infoPageTranslation.findFirstOrThrow({ where: { language: 'cs' } });
  const store = await shop.prisma.store.findFirstOrThrow();
  const english = product.translations.find((translation) => translation.language === 'en')!;
  pages = [
    '/',
    '/kategorie/dresy',
    `/produkt/${product.translations.find((translation) => translation.language === 'cs')!.slug}`,
    '/hledat?q=dres',
    '/blog',
    `/blog/${article.slug}`,
    `/info/${info.infoPageId}/${info.slug}`,
    '/prodejny',
    `/prodejny/${store.id}`,
    '/en',
    `/en/product/${english.slug}`,
  ];

  // Alice: a guest's session with 2 items; Bob: signed in, 1 other item and a product in his wishlist
  for (let i = 0; i < 2; i += 1) expect((await alice.operation<{ addToCart: { __typename: string } }>('AddToCart', { variantId: gid('Variant', variants[0].id), quantity: 1 })).body.data?.addToCart.__typename).toBe('Cart');
  const customer = await createCustomer(shop.prisma, { firstName: 'Bořivoj', lastName: 'Únikový' });
  bobsEmail = customer.email;
  const login = await bob.operation<{ login: { __typename: string } }>('Login', { input: { email: customer.email, password: customer.password } });
  expect(login.body.data?.login.__typename).toBe('Customer');
  expect((await bob.operation<{ addToCart: { __typename: string } }>('AddToCart', { variantId: gid('Variant', variants[1].id), quantity: 1 })).body.data?.addToCart.__typename).toBe('Cart');
  expect((await bob.operation<{ setProductInWishlist: { __typename: string } }>('SetProductInWishlist', { productId: gid('Product', product.id), inWishlist: true })).body.data?.setProductInWishlist.__typename).toBe('WishlistChange');

  const alices = (await alice.operation<Personal>('Personal')).body.data!;
  const bobs = (await bob.operation<Personal>('Personal')).body.data!;
  expect([alices.cart?.itemCount, alices.me, bobs.cart?.itemCount, bobs.me?.email, bobs.wishlist?.itemCount]).toEqual([2, null, 1, bobsEmail, 1]);
  personalValues = [alices.cart!.id, bobs.cart!.id, bobs.me!.id, bobsEmail, 'Bořivoj', 'Únikový'];
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe('catalog pages from the shared cache for shoppers with a session (issue 28)', () => {
  it('two shoppers and a guest, interleaved over the same pages: the same bytes for all, nothing of anyone, hits for the session holders', async () => {
    const hits = new Map<string, number>();
    for (let round = 0; round < 2; round += 1) {
      for (const path of pages) {
        const answers: { who: Browser; response: Response; html: string }[] = [];
        for (const who of round === 0 ? [alice, guest, bob] : [bob, alice, guest]) {
          const response = await who.get(path);
          answers.push({ who, response, html: await response.text() });
        }
        for (const { who, response, html } of answers) {
          const label = `${who.name} ${path} round ${round}`;
          expect(response.status, label).toBe(200);
          // nothing set on a shared page; the session and its token stay as they were
          expect(response.headers.getSetCookie(), label).toEqual([]);
          // no cookie's value, no cart, customer or e-mail of anyone, anywhere in the page or its Apollo state
          for (const secret of [...alice.secrets(), ...bob.secrets(), ...personalValues]) expect(html.includes(secret), `${label}: ${secret}`).toBe(false);
          const state = apolloState(html);
          expect(state, label).not.toBe('');
          expect(state, label).not.toMatch(/"(cart|me|wishlist)"|"Cart:|"Customer:|"Wishlist:/);
          // the header's personal parts are empty placeholders, and forms carry no session token
          expect(html, label).toMatch(/data-testid="header-cart-count"[^>]*><\/span>/);
          expect(html, label).toMatch(/data-testid="header-wishlist-count"[^>]*><\/span>/);
          for (const match of html.matchAll(/name="_csrf" value="([^"]*)"/g)) expect(match[1], label).toBe('');
          if (response.headers.get('x-cache') === 'HIT' && who !== guest) hits.set(who.name, (hits.get(who.name) ?? 0) + 1);
        }
        // the very same page for all three (but for each response's own nonce), and the same Vary
        const [first, ...others] = answers;
        const normalized = (answer: (typeof answers)[number]) => answer.html.replaceAll(nonceOf(answer.response), 'N');
        for (const other of others) {
          expect(normalized(other), `${other.who.name} ${path}`).toBe(normalized(first));
          expect(other.response.headers.get('vary'), `${other.who.name} ${path}`).toBe(first.response.headers.get('vary'));
        }
        expect(first.response.headers.get('vary') ?? '').not.toMatch(/cookie/i);
      }
    }
    // in the second round every page came from the cache for both session holders (the home page "/"
    // goes through its language check first, and is answered by the app)
    expect(hits.get('Alice')).toBeGreaterThanOrEqual(pages.length - 1);
    expect(hits.get('Bob')).toBeGreaterThanOrEqual(pages.length - 1);
  });

  it("personal pages stay each shopper's own, rendered for her and never stored", async () => {
    for (let round = 0; round < 2; round += 1) {
      const alices = await alice.get('/kosik');
      const bobs = await bob.get('/kosik');
      const guests = await guest.get('/kosik');
      for (const response of [alices, bobs, guests]) {
        expect(response.headers.get('x-cache')).not.toBe('HIT');
        expect(response.headers.get('cache-control')).toMatch(/private, no-store/);
      }
      const [a, b, g] = [await alices.text(), await bobs.text(), await guests.text()];
      // her own header at once, also without JavaScript
      expect(/data-testid="header-cart-count"[^>]*>(\d+)</.exec(a)?.[1]).toBe('2');
      expect(/data-testid="header-cart-count"[^>]*>(\d+)</.exec(b)?.[1]).toBe('1');
      expect(/data-testid="header-cart-count"[^>]*>(\d+)</.exec(g)?.[1]).toBe('0');
      for (const secret of [...bob.secrets(), bobsEmail]) expect(a.includes(secret)).toBe(false);
      for (const secret of alice.secrets()) expect(b.includes(secret) || g.includes(secret)).toBe(false);
      expect(b).toContain(bob.cookies.get('XSRF-TOKEN'));
    }
  });

  it('the personal query answers each her own and is never shared', async () => {
    for (let round = 0; round < 2; round += 1) {
      const alices = await alice.operation<Personal>('Personal');
      const bobs = await bob.operation<Personal>('Personal');
      const guests = await guest.operation<Personal>('Personal');
      for (const { response } of [alices, bobs, guests]) expect(response.headers.get('x-cache')).not.toBe('HIT');
      expect(alices.body.data).toMatchObject({ cart: { itemCount: 2 }, me: null });
      expect(bobs.body.data).toMatchObject({ cart: { itemCount: 1 }, me: { email: bobsEmail }, wishlist: { itemCount: 1 } });
      expect(guests.body.data).toMatchObject({ cart: null, me: null });
    }
  });
});
