// Issue 10, the response cache on the built pages (docs/decisions/0016): an anonymous category page is
// rendered once and then served from the cache, compressed, with a fresh CSP nonce each time; two
// shoppers with sessions get the same cached page and leave nothing of theirs in it (their carts come
// from the personal query: response-cache-sessions.test.ts, decision 0043); a price change is on the
// next page; a deep link's first visit is never redirected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop } from '../support/shop-server.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';

let shop: Awaited<ReturnType<typeof startShop>>;

beforeAll(async () => {
  shop = await startShop({ responseCache: true });
});

afterAll(async () => {
  await shop?.close();
});

/** A browser's cookie jar, enough for a session and its CSRF token. */
class Browser {
  cookies = new Map<string, string>();
  async get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(shop.url + path, { headers: { ...headers, ...this.cookieHeader() }, redirect: 'manual' });
    this.keep(response);
    return response;
  }
  async addToCart(variantId: string) {
    if (!this.cookies.has('XSRF-TOKEN')) this.keep(await fetch(`${shop.url}/api/csrf-cookie`, { headers: this.cookieHeader() }));
    const response = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': this.cookies.get('XSRF-TOKEN')!, ...this.cookieHeader() },
      body: JSON.stringify({
        operationName: 'AddToCart',
        variables: { variantId, quantity: 1 },
        extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.AddToCart } },
      }),
    });
    this.keep(response);
    const body = (await response.json()) as { data?: { addToCart: { __typename: string; itemCount?: number } } };
    expect(body.data?.addToCart.__typename).toBe('Cart');
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

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1];
/** The header's cart count as the server wrote it: '' on a shared page (the hint and the personal query fill it in). */
const cartCount = (html: string) => /data-testid="header-cart-count"[^>]*>(\d*)</.exec(html)?.[1];

describe('response cache on the built pages', () => {
  it('an anonymous category page: rendered once, then from the cache, with a fresh nonce and compressed', async () => {
    const first = await fetch(`${shop.url}/kategorie/dresy`);
    const second = await fetch(`${shop.url}/kategorie/dresy`);
    expect(first.status).toBe(200);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    const [a, b] = [await first.text(), await second.text()];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    // every inline script of the cached page carries this response's nonce
    expect(b.match(/nonce="[^"]+"/g)!.every((n) => n === `nonce="${nonceOf(second)}"`)).toBe(true);
    expect(b.replaceAll(nonceOf(second), 'N')).toBe(a.replaceAll(nonceOf(first), 'N'));
    expect(cartCount(b)).toBe('');

    const compressed = await fetch(`${shop.url}/kategorie/dresy`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('x-cache')).toBe('HIT');
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect((await compressed.text()).replaceAll(nonceOf(compressed), 'N')).toBe(a.replaceAll(nonceOf(first), 'N'));

    // a browser that takes gzip gets the page's parts compressed once, its own nonce between them
    for (let response = 0; response < 2; response++) {
      const gzipped = await fetch(`${shop.url}/kategorie/dresy`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect([gzipped.headers.get('x-cache'), gzipped.headers.get('content-encoding')]).toEqual(['HIT', 'gzip']);
      expect(Number(gzipped.headers.get('content-length'))).toBeLessThan(a.length / 4);
      const text = await gzipped.text(); // fetch checks the gzip trailer's CRC-32 and length
      expect(text).toContain(`nonce="${nonceOf(gzipped)}"`);
      expect(text.replaceAll(nonceOf(gzipped), 'N')).toBe(a.replaceAll(nonceOf(first), 'N'));
    }
  });

  it('two shoppers with carts get the same cached page, and leave nothing of theirs in it', async () => {
    const variant = await shop.prisma.variant.findFirstOrThrow({ where: { stock: { gt: 5 }, product: { published: true } } });
    const { gid } = await import('../support/global-id.ts');
    const alice = new Browser();
    const bob = new Browser();
    await alice.addToCart(gid('Variant', variant.id));
    await alice.addToCart(gid('Variant', variant.id));
    await bob.addToCart(gid('Variant', variant.id));

    const anonymous = await fetch(`${shop.url}/kategorie/dresy`);
    const alicesPage = await alice.get('/kategorie/dresy');
    const bobsPage = await bob.get('/kategorie/dresy');
    expect(alicesPage.headers.get('x-cache')).toBe('HIT');
    expect(bobsPage.headers.get('x-cache')).toBe('HIT');
    const pages = [await anonymous.text(), await alicesPage.text(), await bobsPage.text()];
    expect(pages.map(cartCount)).toEqual(['', '', '']);
    expect(pages[1].replaceAll(nonceOf(alicesPage), 'N')).toBe(pages[0].replaceAll(nonceOf(anonymous), 'N'));
    expect(pages[2].replaceAll(nonceOf(bobsPage), 'N')).toBe(pages[0].replaceAll(nonceOf(anonymous), 'N'));
    // their own carts are on their cart pages, which are never cached
    const alicesCart = await alice.get('/kosik');
    expect(alicesCart.headers.get('x-cache')).not.toBe('HIT');
    expect(cartCount(await alicesCart.text())).toBe('2');
    expect(cartCount(await (await bob.get('/kosik')).text())).toBe('1');
  });

  it('a price change is on the next anonymous product page', async () => {
    const product = await shop.prisma.product.findFirstOrThrow({
      where: { published: true },
      include: { variants: true, translations: { where: { language: 'cs' } } },
    });
    const path = `/produkt/${product.translations[0].slug}`;
    await fetch(shop.url + path);
    expect((await fetch(shop.url + path)).headers.get('x-cache')).toBe('HIT');
    await shop.prisma.variant.updateMany({ where: { productId: product.id }, data: { priceCzk: 123_400, priceEur: null, originalPriceCzk: null } });
    const after = await fetch(shop.url + path);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect((await after.text()).replace(/\u00a0/g, ' ')).toContain('1 234,00');
  });

  it("sends a first visit to / on to the browser's language, also when the Czech home page is cached", async () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    const home = (acceptLanguage: string, cookie?: string) =>
      fetch(`${shop.url}/?utm_source=test`, { headers: { 'accept-language': acceptLanguage, 'user-agent': desktop, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
    // twice: in the second round the Czech home page comes from the response cache
    for (let round = 0; round < 2; round += 1) {
      const czech = await home('cs-CZ,cs;q=0.9,en;q=0.8');
      expect(czech.status).toBe(200);
      expect(czech.headers.get('vary')).toMatch(/accept-language/i);
      const czechHtml = await czech.text();
      expect(czechHtml).toContain('<html lang="cs"');
      expect(czechHtml).toMatch(/<link rel="canonical" href="[^"]*\/"/);
      const english = await home('en-GB,en;q=0.9,cs;q=0.5');
      expect(english.status).toBe(302);
      expect(english.headers.get('location')).toBe('/en?utm_source=test');
      expect(english.headers.get('vary')).toMatch(/accept-language/i);
      // the remembered choice wins over the browser's
      expect((await home('en-GB', 'lang=cs')).status).toBe(200);
      expect((await home('cs-CZ', 'lang=en')).headers.get('location')).toBe('/en?utm_source=test');
    }
    // a crawler gets the Czech home page whatever it says it reads
    const crawler = await fetch(`${shop.url}/`, { headers: { 'accept-language': 'en', 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, redirect: 'manual' });
    expect(crawler.status).toBe(200);
    expect(await crawler.text()).toContain('<html lang="cs"');
  });

  it('a first visit to a deep link is answered, never redirected, whatever the browser language', async () => {
    const response = await fetch(`${shop.url}/kategorie/dresy`, { headers: { 'accept-language': 'en-GB,en;q=0.9' }, redirect: 'manual' });
    expect(response.status).toBe(200);
  });
});
