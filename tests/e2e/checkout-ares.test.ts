// The company registry lookup in the checkout (issue 24, item 6): a signed-in customer ordering for a
// company gets 'Načíst z ARES' beside the IČO. The register down is a notice beside the button, not
// an error at a valid IČO, and the order is placed with the details typed by hand; an IČO the
// register does not know stays an error at the field. ARES is the local fake (tests/support/fake-ares.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { signInAsDemoCustomer } from '../support/sign-in.ts';
import { startShop } from '../support/shop-server.ts';
import { addToCartFromProductPage, variantsInStock } from '../support/product-page.ts';
import { ARES_ERROR_ICO, startFakeAres, type FakeAres } from '../support/fake-ares.ts';

let ares: FakeAres;
let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  ares = await startFakeAres();
  [shop, browser] = await Promise.all([startShop({ aresUrl: ares.url, aresTimeoutMs: 1000 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await ares?.close();
});

async function open(page: Page, path: string) {
  await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
}

describe('ARES in the checkout', () => {
  it('shows the register down as a notice beside the button and places the order with the company typed by hand', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await signInAsDemoCustomer(page, shop.url);
    const [product] = await variantsInStock(shop.prisma, 1);
    await addToCartFromProductPage(page, shop.url, product, 1);
    await open(page, '/pokladna');
    await page.getByRole('heading', { name: 'Pokladna', level: 1 }).waitFor();

    await page.getByRole('radio', { name: /Kurýr na adresu/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Dobírka/ }).isEnabled()).toBe(true);
    await page.getByRole('radio', { name: /Dobírka/ }).check();
    await page.getByTestId('for-company').check();
    const ico = page.getByLabel('IČO *', { exact: true });
    const status = page.getByTestId('ares-status');

    // an IČO the register does not know: an error at the field
    await ico.fill('09999990');
    await page.getByTestId('ares-lookup').click();
    await expect.poll(() => page.locator('.ico-lookup .field__error').textContent()).toBe('Firmu s tímto IČO jsme v obchodním rejstříku nenašli.');
    expect(await ico.getAttribute('aria-invalid')).toBe('true');

    // the register failing: a notice beside the button, the valid IČO without an error
    await ico.fill(ARES_ERROR_ICO);
    await page.getByTestId('ares-lookup').click();
    await expect.poll(() => status.textContent()).toBe('Chyba při načítání dat, zkuste to prosím znovu.');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.getAttribute('class')).toBe('ico-lookup__notice');
    await expect.poll(() => page.locator('.ico-lookup .field__error').count()).toBe(0);
    expect(await ico.getAttribute('aria-invalid')).toBe('false');
    expect(ares.requests.get(ARES_ERROR_ICO)).toBe(1);
    // the notice sits beside the button, at 1280 px on the IČO's row or right under it
    const [button, notice] = await Promise.all([page.getByTestId('ares-lookup').boundingBox(), status.boundingBox()]);
    expect(notice!.y - (button!.y + button!.height)).toBeLessThan(40);

    // typed by hand, the order goes through
    await page.getByLabel('Název firmy *', { exact: true }).fill('Ruční Firma s.r.o.');
    await page.getByTestId('terms').check();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/objednavka\/shrnuti\/\d+(\/[^/]+)?$/);
    await page.getByTestId('order-number').waitFor();
    const order = await shop.prisma.order.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(order.invoiceAddress).toMatchObject({ company: 'Ruční Firma s.r.o.', ico: ARES_ERROR_ICO });

    expect(problems).toEqual([]);
    await page.close();
  });

  it('says the same in English', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await signInAsDemoCustomer(page, shop.url);
    const [product] = await variantsInStock(shop.prisma, 1);
    await addToCartFromProductPage(page, shop.url, product, 1);
    await open(page, '/en/checkout');
    await page.getByTestId('for-company').check();
    await page.getByLabel('Company ID (IČO) *', { exact: true }).fill(ARES_ERROR_ICO);
    await page.getByTestId('ares-lookup').click();
    await expect.poll(() => page.getByTestId('ares-status').textContent()).toBe('Error loading data, try again');
    expect(await page.locator('.ico-lookup .field__error').count()).toBe(0);
    await context.close();
  });
});
