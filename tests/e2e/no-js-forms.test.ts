// Every form without JavaScript (issue 24, item 4): a new visitor's first page carries a working form
// token, so a second post after a refused one goes through; the cookie bar's buttons post a form (at
// 390 px, where the bar would otherwise stay over the checkout's submit); and the first "Koupit a
// zaplatit" reports a change only when something really changed, each line with text, one primary button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';
import { parseConsentCookie } from '../../schema/rules/consent.ts';
import { chooseVariant, variantsInStock } from '../support/product-page.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Clicks something that posts a form and waits for the page it leads to. */
async function submit(page: Page, click: () => Promise<void>) {
  await Promise.all([page.waitForEvent('load'), click()]);
}

/** A no-JS shopper who has chosen cookies, put one product into the cart and opened the checkout. */
async function atCheckoutWithOneProduct(width: number) {
  const { context, page } = await noJsPage(width);
  await context.addCookies([consentCookie(shop.url)]);
  const [product] = await variantsInStock(shop.prisma, 1);
  await page.goto(`${shop.url}/produkt/${product.slug}`);
  await chooseVariant(page, product);
  await submit(page, () => page.getByTestId('add-to-cart').click());
  await submit(page, () => page.getByTestId('to-checkout').click());
  return { context, page };
}

let addressCounter = 0;
/** A shopper without JavaScript, from an address of her own (a second order from one address needs the captcha). */
async function noJsPage(width: number) {
  const n = ++addressCounter;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'cs-CZ',
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${120 + n}` },
  });
  return { context, page: await context.newPage() };
}

describe.each([1280, 390])('forms without JavaScript at %i px', (width) => {
  it('a refused first "Do košíku" and then the right one: the item is in the cart, and the cart page\'s header says so', async () => {
    const { context, page } = await noJsPage(width);
    await context.addCookies([consentCookie(shop.url)]);
    const [product] = (await variantsInStock(shop.prisma, 12)).filter((pick) => pick.size !== null);
    expect(product).toBeDefined();
    await page.goto(`${shop.url}/produkt/${product.slug}`);
    // a catalog page is shared by every shopper and carries no session token; the browser's Origin and
    // Sec-Fetch-Site vouch for its form (decision 0043)
    expect(await page.locator('input[name="_csrf"]').first().inputValue()).toBe('');

    // no size chosen: refused at the picker, the page again
    await submit(page, () => page.getByTestId('add-to-cart').click());
    expect(page.url()).toBe(`${shop.url}/produkt/${product.slug}`);
    expect(await page.getByText('Vyberte prosím variantu produktu.').count()).toBeGreaterThan(0);

    await chooseVariant(page, product);
    await submit(page, () => page.getByTestId('add-to-cart').click());
    expect(page.url()).toBe(`${shop.url}/kosik`);
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    expect(await page.getByTestId('header-cart-count').textContent()).toBe('1');
    await context.close();
  });

  it('the cookie bar: "Přijmout vše", and "Nastavení" with a choice of categories, each saved and the page shown again', async () => {
    const { context, page } = await noJsPage(width);
    const [product] = await variantsInStock(shop.prisma, 1);
    const path = `/produkt/${product.slug}`;
    await page.goto(shop.url + path);
    const bar = page.getByTestId('consent-bar');
    expect(await bar.count()).toBe(1);
    const logged = await shop.prisma.consentLog.count();
    await submit(page, () => bar.getByRole('button', { name: 'Přijmout vše' }).click());
    expect(page.url()).toBe(shop.url + path);
    expect(await page.getByTestId('consent-bar').count()).toBe(0);
    const cookie = (await context.cookies(shop.url)).find((entry) => entry.name === 'consent');
    const accepted = parseConsentCookie(cookie?.value);
    expect(accepted).toMatchObject({ analytical: true, marketing: true, advertising: true });
    expect(await shop.prisma.consentLog.count({ where: { anonymousId: accepted!.id } })).toBe(1);
    expect(await shop.prisma.consentLog.count()).toBe(logged + 1);

    // a new visitor chooses categories: the settings open on the same page, the choice is saved
    await context.clearCookies();
    await page.goto(shop.url + path);
    await submit(page, () => page.getByTestId('consent-bar').getByRole('button', { name: 'Nastavení' }).click());
    expect(new URL(page.url()).pathname).toBe(path);
    await page.getByTestId('consent-bar').getByRole('checkbox', { name: /Analytické/ }).check();
    await submit(page, () => page.getByTestId('consent-bar').getByRole('button', { name: 'Uložit výběr' }).click());
    expect(page.url()).toBe(shop.url + path);
    expect(await page.getByTestId('consent-bar').count()).toBe(0);
    const chosen = parseConsentCookie((await context.cookies(shop.url)).find((entry) => entry.name === 'consent')?.value);
    expect(chosen).toMatchObject({ analytical: true, marketing: false, advertising: false });
    await context.close();
  });

  it('pickup saved, then the store, a free payment and the address sent at once: the order is placed, no change reported', async () => {
    const { context, page } = await atCheckoutWithOneProduct(width);
    await page.getByRole('radio', { name: /Osobní odběr na prodejně/ }).check();
    await submit(page, () => page.getByTestId('checkout-update').click());

    await page.getByTestId('store-picker').getByRole('radio', { name: /Praha – Vinohrady/ }).check();
    await page.getByRole('radio', { name: /Hotově nebo kartou na prodejně/ }).check();
    await page.getByLabel('Jméno *').first().fill('Alena');
    await page.getByLabel('Příjmení *').first().fill('Malá');
    await page.getByLabel('E-mail *').fill(`alena.mala.${width}@example.cz`);
    await page.getByLabel('Telefon *').first().fill('+420 777 222 333');
    await page.getByLabel('Ulice a číslo popisné *').first().fill('Korunní 12');
    await page.getByLabel('Město *').first().fill('Praha');
    await page.getByLabel('PSČ *').first().fill('120 00');
    await page.getByTestId('terms').check();
    await submit(page, () => page.getByTestId('place-order').click());
    expect(await page.getByTestId('order-changes').count()).toBe(0);
    expect(page.url()).toMatch(/\/objednavka\/shrnuti\/[^/]+\/[^/]+$/);
    await context.close();
  });

  it('a real change is reported line by line, each with its text once, and one primary button', async () => {
    const { context, page } = await atCheckoutWithOneProduct(width);
    // courier and cash on delivery cost money the page has not shown yet
    await page.getByRole('radio', { name: /Kurýr na adresu/ }).check();
    await page.getByRole('radio', { name: /Dobírka/ }).check();
    await page.getByLabel('Jméno *').first().fill('Petr');
    await page.getByLabel('Příjmení *').first().fill('Malý');
    await page.getByLabel('E-mail *').fill(`petr.maly.${width}@example.cz`);
    await page.getByLabel('Telefon *').first().fill('+420 603 222 333');
    await page.getByLabel('Ulice a číslo popisné *').first().fill('Nádražní 5');
    await page.getByLabel('Město *').first().fill('Brno');
    await page.getByLabel('PSČ *').first().fill('602 00');
    await page.getByTestId('terms').check();
    await submit(page, () => page.getByTestId('place-order').click());
    const report = page.getByTestId('order-changes');
    expect(await report.count()).toBe(1);
    const lines = (await report.locator('li').allTextContents()).map((line) => line.trim());
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/^:/);
      expect(line).not.toMatch(/:\s*$/);
      // the item is named once: never "Name: Name: …"
      const [head] = line.split(':');
      expect(line.split(`${head}:`).length - 1).toBeLessThanOrEqual(1);
    }
    expect(lines.some((line) => line.startsWith('Celkem k úhradě je nyní'))).toBe(true);
    expect(await page.locator('main .button--primary').count()).toBe(1);
    expect(await page.getByTestId('accept-changes').getAttribute('class')).toContain('button--primary');
    await context.close();
  });
});
