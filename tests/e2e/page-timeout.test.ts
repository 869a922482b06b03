// A page whose data does not come within the API's time limit (GRAPHQL_TIMEOUT_MS) answers 503 with
// Retry-After and the error page that shows 503: the shop is busy, the shopper may try again; a 500
// would say the page itself is broken. The same when the app navigates in the browser and its
// loader's query gets that answer from /graphql.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { startShop } from '../support/shop-server.ts';
import { launchBrowser } from '../support/browser.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser | undefined;

beforeAll(async () => {
  // A second is far more than a page needs, even while the rest of the suite loads the machine (with
  // 100 ms the page after the lock sometimes ran out of time too); the lock holds well past it.
  shop = await startShop({ graphqlTimeoutMs: 1000 });
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Holds an exclusive lock on the products for 2.5 s; resolves (with the release) once it is held. */
async function lockProducts(): Promise<{ released: Promise<unknown> }> {
  // The wait is a timer, not pg_sleep: the embedded database runs in this process.
  let locked: () => void = () => undefined;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = shop.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('LOCK TABLE "Product" IN ACCESS EXCLUSIVE MODE');
      locked();
      await sleep(2500);
    },
    { timeout: 10_000 },
  );
  await isLocked;
  return { released };
}

describe('a page over the time limit', () => {
  it('answers 503 with Retry-After and the error page; the same page answers 200 once the database is free', async () => {
    // The products are locked for 2.5 s, so the page's queries wait far past the 1 s limit.
    const { released } = await lockProducts();
    const response = await fetch(`${shop.url}/kategorie/dresy`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const html = await response.text();
    expect(html).toContain('<title>Chyba | Tribuna Sport</title>');
    expect(html).toContain('Omlouváme se, ale nastala chyba.');
    expect(html).toContain('Obchod je na chvíli nedostupný. Zkuste to prosím za několik sekund znovu.');
    expect(html).toMatch(/class="error-page__status">503</);
    await released;
    expect((await fetch(`${shop.url}/kategorie/dresy`)).status).toBe(200);
  });

  it('shows 503 too when the app navigates to such a page in the browser, and the page when it comes', async () => {
    browser = await launchBrowser();
    const page = await browser.newPage();
    await page.goto(`${shop.url}/kosik`);
    await page.waitForSelector('html[data-hydrated]');
    // The API's answer to the category's query is the one it gives when its time runs out. (A lock
    // cannot single out that query: the embedded database runs one statement at a time, so the
    // layout's data, which the server loads again on every navigation, would wait behind it too.)
    let outOfTime = true;
    await page.route('**/graphql', async (route) => {
      if (!outOfTime || !route.request().postData()?.includes('"operationName":"CategoryPage"')) return route.continue();
      await route.fulfill({
        status: 503,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ errors: [{ message: 'Požadavek trval příliš dlouho.', extensions: { code: 'TIMEOUT' } }] }),
      });
    });
    const documentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests.push(request.url());
    });
    // the menu's link: React Router runs the page's loader in the browser, which asks /graphql
    await page.locator('header a[href="/kategorie/dresy"]').first().click();
    await page.waitForSelector('.error-page__status');
    expect(await page.locator('.error-page__status').textContent()).toBe('503');
    expect(await page.locator('h1').textContent()).toBe('Chyba');
    expect(await page.getByText('Obchod je na chvíli nedostupný. Zkuste to prosím za několik sekund znovu.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Zkusit znovu' }).count()).toBe(1);
    expect(documentRequests).toEqual([]); // it was the app's navigation, not a page load
    outOfTime = false;
    await page.goBack();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Košík');
    await page.locator('header a[href="/kategorie/dresy"]').first().click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Dresy');
    expect(documentRequests).toEqual([]);
  });
});
