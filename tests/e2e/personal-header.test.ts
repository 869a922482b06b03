// Issue 28 (docs/decisions/0043) in Chromium: a shopper with 3 items in her cart loads a category page
// that comes from the shared response cache. Her header says 3, with her total, from the first paint
// (the hint cookie read by the inline script before paint), never "0", and nothing on the page moves
// when the personal query answers (the sum of layout shifts is 0). The personal query is held back
// here until the first paint has been checked, and it is the page's one request about the shopper.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';
import { gid } from '../support/global-id.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { formatMoney } from '../../schema/rules/money.ts';
import { addToCartFromProductPage, variantsInStock } from '../support/product-page.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ responseCache: true }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Before any of the page's own scripts: the layout shifts (with what moved) and every value the header's count shows. */
const WATCH_HEADER = `
  window.__shifts = [];
  const described = (node) => node ? node.nodeName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ')[0] : '') + ' "' + (node.textContent || '').trim().slice(0, 30) + '"' : '(gone)';
  const rect = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push({
      at: Math.round(entry.startTime), value: entry.value,
      moved: entry.sources.map((source) => described(source.node) + ' ' + rect(source.previousRect) + ' -> ' + rect(source.currentRect)),
    });
  }).observe({ type: 'layout-shift', buffered: true });
  window.__counts = [];
  const shown = () => {
    const count = document.querySelector('[data-testid="header-cart-count"]');
    if (!count) return;
    const text = count.textContent;
    const value = text !== '' ? text : getComputedStyle(count, '::before').content;
    if (window.__counts[window.__counts.length - 1] !== value) window.__counts.push(value);
  };
  document.addEventListener('DOMContentLoaded', () => {
    shown();
    new MutationObserver(shown).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
`;

describe('the header of a cached catalog page for a shopper with a cart', () => {
  it('shows her 3 items and total from the first paint, never 0, and nothing moves', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    await context.addCookies([consentCookie(shop.url)]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    // her cart: 3 pieces, put in through the API as the product page's button does
    const variant = await shop.prisma.variant.findFirstOrThrow({ where: { stock: { gt: 5 }, product: { published: true } }, orderBy: { id: 'asc' } });
    await context.request.get(`${shop.url}/api/csrf-cookie`);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
    const added = await context.request.post(`${shop.url}/graphql`, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': token, origin: shop.url },
      data: { operationName: 'AddToCart', variables: { variantId: gid('Variant', variant.id), quantity: 3 }, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.AddToCart } } },
    });
    const cart = ((await added.json()) as { data: { addToCart: { itemCount: number; goodsToPay: { withVat: number } } } }).data.addToCart;
    expect(cart.itemCount).toBe(3);
    const total = formatMoney(cart.goodsToPay.withVat, 'CZK', 'cs');

    // an earlier page of hers wrote the hint after its personal query
    await page.goto(`${shop.url}/blog`);
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('3');
    expect((await context.cookies()).find((cookie) => cookie.name === 'shopper_hint')).toMatchObject({ httpOnly: false, sameSite: 'Lax' });

    // the category page is in the shared cache: another visitor without a session, who made the same
    // cookie choice (another browser's consent id), rendered it
    const other = consentCookie(shop.url);
    expect((await fetch(`${shop.url}/kategorie/dresy`, { headers: { cookie: `${other.name}=${other.value}` } })).headers.get('x-cache')).toBe('MISS');

    await page.addInitScript(WATCH_HEADER);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const personalQueries: string[] = [];
    await page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes(operationHashes.Personal)) {
        personalQueries.push(route.request().postData()!);
        await held;
      }
      await route.continue();
    });
    const response = await page.goto(`${shop.url}/kategorie/dresy`);
    expect(response!.headers()['x-cache']).toBe('HIT');
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => personalQueries.length).toBe(1);

    // hydrated, the personal query not answered yet: the hint shows 3 and her total
    const count = page.getByTestId('header-cart-count');
    expect(await count.textContent()).toBe('');
    expect(await count.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('"3"');
    expect(await page.getByTestId('header-cart-total').evaluate((element) => getComputedStyle(element, '::before').content)).toBe(JSON.stringify(total));
    // she is not signed in: the login link shows, the account link and logout do not
    expect(await page.locator('.site-header__tools').getByRole('link', { name: 'Přihlásit se' }).isVisible()).toBe(true);
    expect(await page.locator('.site-header__tools').getByRole('link', { name: 'Můj účet' }).isVisible()).toBe(false);
    const before = await page.locator('.site-header').boundingBox();

    release();
    await expect.poll(() => count.textContent()).toBe('3');
    expect(await page.getByTestId('header-cart-total').textContent()).toBe(total);
    expect(await page.locator('.site-header').boundingBox()).toEqual(before);
    // let the layout settle, then read what the page showed and how much it moved
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const counts = await page.evaluate(() => (window as unknown as { __counts: string[] }).__counts);
    expect(counts).toEqual(['"3"', '3']);
    expect(await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts)).toEqual([]);
    expect(personalQueries).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a first visit without any cookie (issue 40, item 28)', () => {
  it("asks nothing about the shopper; once she adds to the cart her part is asked, also after the browser was closed", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    // what the page asks of the server after load: GraphQL operations by name, and the session's start
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/graphql') asked.push((JSON.parse(request.postData() ?? '{}') as { operationName?: string }).operationName ?? '?');
      if (path === '/api/csrf-cookie') asked.push('csrf-cookie');
    });

    // a landing from a search engine: nothing is asked, and her header says what a guest has
    await page.goto(`${shop.url}/kategorie/dresy`);
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('0');
    expect(await page.getByTestId('header-cart').textContent()).toContain('Košík: 0 kusů');
    expect(asked).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([]);

    // she adds to the cart: that begins her session, and her part is asked once the add has answered
    const [pick] = await variantsInStock(shop.prisma, 1);
    await addToCartFromProductPage(page, shop.url, pick, 1);
    await expect.poll(() => asked).toEqual(['csrf-cookie', 'AddToCart', 'Personal']);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual(['csrf-cookie', 'AddToCart', 'Personal']);
    expect((await context.cookies()).find((cookie) => cookie.name === 'shopper_hint')?.value).toMatch(/^1\.1\./);

    // the browser closed and opened again: the CSRF token (a browser-session cookie) is gone, her
    // session and the hint are kept; her next page asks, and shows her cart
    const kept = (await context.cookies()).filter((cookie) => cookie.name !== 'XSRF-TOKEN');
    expect(kept.map((cookie) => cookie.name).toSorted()).toEqual(['shopper_hint', 'sid']);
    await context.clearCookies();
    await context.addCookies(kept);
    asked.length = 0;
    await page.goto(`${shop.url}/kategorie/dresy`);
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('1');
    expect(asked.filter((name) => name === 'Personal')).toEqual(['Personal']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a first visit to a personal page (a link from an e-mail) asks nothing either and hydrates what the server showed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('Failed to load resource')) problems.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/graphql' || path === '/api/csrf-cookie') asked.push(path);
    });
    await page.goto(`${shop.url}/kosik`);
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForLoadState('networkidle');
    // the server's render knew her part (an empty cart), and the browser keeps it without asking
    expect(await page.getByTestId('header-cart-count').textContent()).toBe('0');
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a category page that arrives in two pieces (a slow network, or the parser pausing)', () => {
  /** A proxy in front of the shop: `path`'s HTML up to the end of the tag that `cutAfter` is in, a pause, then the rest. */
  async function proxyThatPauses(path: string, cutAfter: string) {
    const server = createServer((req, res) => {
      const upstream = httpRequest(`${shop.url}${req.url}`, { method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } }, async (answer) => {
        if (req.url !== path) {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const html = Buffer.concat(chunks).toString('utf8');
        expect(html).toContain(cutAfter);
        const cut = html.indexOf('>', html.indexOf(cutAfter)) + 1;
        const { 'content-length': _length, ...headers } = answer.headers;
        res.writeHead(answer.statusCode!, headers);
        res.write(html.slice(0, cut));
        await sleep(300);
        res.end(html.slice(cut));
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  // Each of these, painted half-parsed, moved once the rest came: the header's tools grew and pushed
  // the search form, an empty chip sat lower on its line, a card's price grew upwards from the card's
  // bottom. The page now asks Chromium for no frame before the footer has begun (root.tsx).
  it.each([
    ['the header, in its tools', 'class="cart-link"'],
    ['the first subcategory chip, before its text', 'class="chip"'],
    ["a product card's price", 'class="price"'],
  ])('cut in %s: no frame shows the page half-parsed, and nothing moves', async (_where, cutAfter) => {
    const proxy = await proxyThatPauses('/kategorie/dresy', cutAfter);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    try {
      await context.addCookies([consentCookie(proxy.url)]);
      const page = await context.newPage();
      await page.addInitScript(WATCH_HEADER);
      // in each frame until the page is hydrated: has the footer begun?
      await page.addInitScript(() => {
        const frames: boolean[] = [];
        (window as unknown as { __frames: boolean[] }).__frames = frames;
        const look = () => {
          frames.push(document.getElementById('site-footer') !== null);
          if (!document.documentElement.dataset.hydrated) requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await page.goto(`${proxy.url}/kategorie/dresy`);
      await page.waitForSelector('html[data-hydrated]');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const frames = await page.evaluate(() => (window as unknown as { __frames: boolean[] }).__frames);
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((footerBegun) => !footerBegun)).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts)).toEqual([]);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});
