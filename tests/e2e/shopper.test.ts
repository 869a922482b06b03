// What a shopper does, in real Chromium against the production build on the demo catalog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Prices shown on the product cards, in whole crowns. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('[data-testid=product-card] .price:not(.price--original)').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
}

/** Goes to a page and waits until React has hydrated it. */
async function open(page: Page, path: string) {
  const response = await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
  return response;
}

async function newPage() {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) problems.push(message.text());
  });
  const graphqlRequests: string[] = [];
  // React Router's requests for loader data the server computes (`<path>.data`)
  const serverDataRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/graphql') graphqlRequests.push(request.postData() ?? '');
    if (url.pathname.endsWith('.data')) serverDataRequests.push(url.pathname + url.search);
  });
  return { page, problems, graphqlRequests, serverDataRequests };
}

describe('a shopper in Chromium', () => {
  it('browses, filters, sorts, loads more, buys a size and colour, and switches language', async () => {
    const { page, problems, graphqlRequests, serverDataRequests } = await newPage();

    await open(page, '/');
    await page.waitForLoadState('networkidle');
    expect(await page.getAttribute('html', 'lang')).toBe('cs');
    await expect(page.locator('h1').textContent()).resolves.toBe('Fandíme s vámi');
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
    // The page hydrated from the cache in the HTML: no query was repeated; a visitor without a session
    // is not asked about her own part of the page either (decision 0043; issue 40, item 28).
    expect(graphqlRequests).toEqual([]);

    await page.getByRole('navigation', { name: 'Kategorie' }).getByRole('link', { name: 'Dresy', exact: true }).click();
    await page.waitForURL(/\/kategorie\/dresy$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Dresy');

    await page.getByLabel('Cena od (Kč)').fill('500');
    await page.getByLabel('Cena do (Kč)').fill('2500');
    await page.getByRole('button', { name: 'Použít' }).click();
    await page.waitForURL(/priceFrom=500/);
    await expect.poll(async () => (await cardPrices(page)).every((price) => price >= 500 && price <= 2500)).toBe(true);

    await page.getByLabel('Jen skladem').check();
    await page.waitForURL(/inStock=1/);
    await expect.poll(async () => [...new Set(await page.locator('[data-testid=product-card] .stock').allTextContents())]).toEqual(['Skladem']);

    await page.getByLabel('Řadit').selectOption('price-asc');
    await page.waitForURL(/sort=price-asc/);
    await expect.poll(async () => {
      const prices = await cardPrices(page);
      return prices.join() === [...prices].sort((a, b) => a - b).join();
    }).toBe(true);
    const countText = await page.getByTestId('listing-count').textContent();
    const total = Number(/z (\d+) výsledků/.exec(countText ?? '')?.[1]);
    expect(countText).toBe(`Zobrazeno 1 až 12 z ${total} výsledků`);
    expect(total).toBeGreaterThan(12);

    await page.getByTestId('load-more').click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(Math.min(24, total));
    expect(await page.getByTestId('listing-count').textContent()).toBe(`Zobrazeno 1 až ${Math.min(24, total)} z ${total} výsledků`);
    const afterMore = await cardPrices(page);
    expect(afterMore).toEqual([...afterMore].sort((a, b) => a - b));

    await page.getByTestId('product-card').first().getByRole('link').click();
    await page.waitForURL(/\/produkt\//);
    await page.getByTestId('add-to-cart').waitFor();
    const czechName = await page.locator('h1').textContent();

    // Without a size the shop asks for one instead of adding anything.
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Vyberte prosím variantu produktu.' }).textContent()).resolves.toContain(
      'Vyberte prosím variantu produktu.',
    );
    // the header's count comes from the personal query after hydration (decision 0043)
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('0');

    const colours = page.locator('.swatch input');
    if ((await colours.count()) > 1) await colours.nth(1).check({ force: true });
    const sizes = page.locator('.size:not(.size--sold-out) input:not([disabled])');
    if ((await sizes.count()) > 0) await sizes.first().check({ force: true });
    const price = (await page.getByTestId('product-price').locator('.price').first().textContent())?.trim();
    await page.getByTestId('add-to-cart').click();
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('1');
    expect(await page.getByTestId('header-cart-total').textContent()).toBe(price);
    expect(await page.getByRole('link', { name: `Košík: 1 kus, celkem ${price}`, exact: true }).count()).toBe(1);
    // Trusted documents: the browser sends the hash of a document stored at build time, never a query's text.
    expect(graphqlRequests.length).toBeGreaterThan(0);
    for (const body of graphqlRequests) {
      const request = JSON.parse(body) as { query?: string; extensions?: { persistedQuery?: { sha256Hash?: string } } };
      expect(request).not.toHaveProperty('query');
      expect(request.extensions?.persistedQuery?.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
    }
    // Every link, filter and page above ran its loader in the browser against /graphql; none waited
    // for the server to compute the root's data again (issue 10).
    expect(serverDataRequests).toEqual([]);

    await page.getByRole('link', { name: /EN/ }).click();
    await page.waitForURL(/\/en\/product\//);
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const englishName = await page.locator('h1').textContent();
    expect(englishName).toBeTruthy();
    expect(englishName).not.toBe(czechName);
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('1');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')).toMatchObject({ value: 'en', sameSite: 'Lax', path: '/' });

    const response = await page.goto(shop.url + '/neexistujici-stranka');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('Stránka nebyla nalezena');
    expect(await page.getByTestId('not-found-path').textContent()).toBe('Stránka nebyla nalezena: /neexistujici-stranka');
    expect(await page.getByRole('link', { name: 'Návrat na úvodní stránku' }).getAttribute('href')).toBe('/');

    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a guest from an account page to the login and back after logging in', async () => {
    const { page, problems } = await newPage();
    await open(page, '/ucet/objednavky');
    await page.waitForURL(/\/prihlaseni\?next=%2Fucet%2Fobjednavky/);
    const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
    await email.fill('neplatny-email');
    await page.getByLabel('Heslo').click();
    await expect(page.getByText('Pole musí obsahovat platný email.').textContent()).resolves.toBe('Pole musí obsahovat platný email.');
    await email.fill(DEMO_CUSTOMER.email);
    await page.getByLabel('Heslo').fill(DEMO_CUSTOMER.password);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL(/\/ucet\/objednavky$/).catch(async (error) => {
      await page.screenshot({ path: '/tmp/e2e-login-failure.png' });
      throw error;
    });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Objednávky');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows the browser language on the first visit and shows prices in euros on request', async () => {
    // Headless Chromium calls itself HeadlessChrome, which the shop treats as a crawler (crawlers
    // always get the canonical Czech home page), so this visitor uses a desktop browser's name.
    const userAgent = (await browser.version()).replace(/^/, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/') + ' Safari/537.36';
    const page = await browser.newPage({ locale: 'en-US', userAgent });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    const response = await page.goto(shop.url + '/');
    // one redirect from / to the English home page's own address
    expect(response!.status()).toBe(200);
    expect(response!.request().redirectedFrom()?.url()).toBe(shop.url + '/');
    expect(page.url()).toBe(shop.url + '/en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.waitForSelector('html[data-hydrated]');
    expect(errors).toEqual([]);
    await page.getByRole('link', { name: /Show prices in EUR/ }).click();
    await page.waitForURL(/\/en$/);
    await expect.poll(() => page.locator('[data-testid=product-card] .price').first().textContent()).toMatch(/^EUR\u00a0\d+\.\d\d$/);
    await page.close();
  });

  it('works on a phone-sized screen: the menu opens and leads to a category', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(shop.url + '/en');
    await page.waitForSelector('html[data-hydrated]');
    const categories = page.getByRole('navigation', { name: 'Categories' });
    expect(await categories.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await categories.getByRole('link', { name: 'Jerseys', exact: true }).click();
    await page.waitForURL(/\/en\/category\//);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Jerseys');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.close();
  });
});
