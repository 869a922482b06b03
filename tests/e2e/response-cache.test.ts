// Issue 10, the response cache on the built pages (docs/decisions/0016): an anonymous category page is
// rendered once and then served from the cache, compressed, with a fresh CSP nonce each time; two
// shoppers with sessions get the same cached page and leave nothing of theirs in it (their carts come
// from the personal query: response-cache-sessions.test.ts, decision 0043); a price change is on the
// next page; a deep link's first visit is never redirected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop } from '../support/shop-server.ts';
import { launchBrowser } from '../support/browser.ts';
import { routeParams } from '../support/route-params.ts';
import { chooseVariant, variantsInStock } from '../support/product-page.ts';
import { href } from '../../schema/routes.ts';
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
    // written outside the shop's services (as psql or an import script would): the database's change
    // counter purges every cached page once the shop has read it (its poll, every 100 ms; decision 0055)
    await shop.prisma.variant.updateMany({ where: { productId: product.id }, data: { priceCzk: 123_400, priceEur: null, originalPriceCzk: null } });
    await shop.changesSeen();
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

describe('a fresh visitor on a cached page (issue 40, item 24)', () => {
  it("her first calls share one fetch of the CSRF cookie, so one session: no 419, also for her first change (an add to cart)", async () => {
    const params = await routeParams(shop.prisma);
    const event = href('event', 'cs', params.cs.event!);
    const [variant] = await variantsInStock(shop.prisma, 1);
    const name = (await shop.prisma.productTranslation.findFirstOrThrow({ where: { language: 'cs', slug: variant.slug } })).name;
    const search = `${href('search', 'cs')}?q=${encodeURIComponent(name)}`;
    // the results as most visitors get them: from the shared cache, with no cookie of anyone's
    await fetch(shop.url + search);
    expect((await fetch(shop.url + search)).headers.get('x-cache')).toBe('HIT');
    const browser = await launchBrowser();
    const visit = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
      const page = await context.newPage();
      const answers: string[] = [];
      page.on('response', (response) => answers.push(`${response.status()} ${new URL(response.url()).pathname}`));
      // a slow network: the cookie's answer comes after the shopper's first click
      await page.route('**/api/csrf-cookie', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      return { context, page, answers };
    };
    try {
      // the match page (its seats are never cached) asks for the shopper's part and the seats' live changes at once
      const match = await visit();
      await match.page.goto(shop.url + event);
      await match.page.waitForSelector('html[data-hydrated]');
      await expect.poll(() => match.answers.filter((answer) => answer.endsWith(' /graphql')).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(match.answers.filter((answer) => answer.endsWith(' /api/csrf-cookie'))).toEqual(['204 /api/csrf-cookie']);
      // her first change: a seat held from the plan, with the keyboard
      const plan = match.page.getByRole('application', { name: 'Plán hlediště' });
      await plan.focus();
      await match.page.keyboard.press('ArrowRight');
      for (let presses = 0; !(await match.page.getByTestId('seat-plan-active').textContent())?.endsWith('– volné'); presses++) {
        expect(presses).toBeLessThan(60);
        await match.page.keyboard.press('ArrowRight');
      }
      await match.page.keyboard.press('Enter');
      await expect.poll(() => match.page.getByTestId('selected-seat').count(), { timeout: 10_000 }).toBe(1);
      expect(match.answers.filter((answer) => answer.startsWith('419 '))).toEqual([]);
      await match.context.close();

      // a product opened from the results at once (its page's query and the personal query
      // together), then added to the cart: the first change
      const shopper = await visit();
      await shopper.page.goto(shop.url + search);
      await shopper.page.waitForSelector('html[data-hydrated]');
      await shopper.page.locator(`a[href="/produkt/${variant.slug}"]`).first().click();
      await shopper.page.waitForURL(`**/produkt/${variant.slug}`);
      await chooseVariant(shopper.page, variant);
      await shopper.page.getByTestId('add-to-cart').click();
      await expect.poll(() => shopper.page.getByTestId('header-cart-count').textContent(), { timeout: 10_000 }).toBe('1');
      expect(shopper.answers.filter((answer) => answer.endsWith(' /api/csrf-cookie'))).toEqual(['204 /api/csrf-cookie']);
      expect(shopper.answers.filter((answer) => answer.startsWith('419 '))).toEqual([]);
      await shopper.context.close();
    } finally {
      await browser.close();
    }
  });
});
