// 'Výdejní místo nebo box' in Chromium (issue 24, item 1): the shopper finds a pick-up point by town or
// PSČ (list with distance, type and opening hours, the map), chooses it, the checkout's summary column
// names it (item 6), and the order summary names it as the delivery address; without a point the order
// is refused with the spec's style of message.
// With JavaScript at 1280 px (Czech) and 390 px (English), and without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { addToCartFromProductPage, chooseVariant, variantsInStock } from '../support/product-page.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function open(page: Page, path: string) {
  await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
}

async function fillInvoiceAddress(page: Page, labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels)) await page.getByLabel(label, { exact: true }).first().fill(value);
}

describe('choosing a pick-up point', () => {
  it('with JavaScript at 1280 px: searches by town, sees distance, type and hours, uses the map, and orders to the point', async () => {
    // each order of this file from a fresh rate-limit window: no captcha in the way
    await shop.prisma.rateLimit.deleteMany();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const [product] = await variantsInStock(shop.prisma, 1);
    await addToCartFromProductPage(page, shop.url, product, 1);
    await open(page, '/pokladna');

    await page.getByRole('radio', { name: /Výdejní místo nebo box/ }).check();
    const picker = page.getByTestId('pickup-point-picker');
    await picker.waitFor();
    // no delivery address form: the parcel goes to the point
    expect(await page.getByRole('checkbox', { name: 'Stejná jako fakturační' }).count()).toBe(0);
    await page.getByRole('radio', { name: /Bankovní převod/ }).check();
    // the order waits for a point, and says so in the spec's words
    await expect.poll(() => page.locator('#checkout-blocked').textContent()).toContain('Vyberte prosím výdejní místo nebo box.');
    expect(await page.getByTestId('place-order').isDisabled()).toBe(true);

    await picker.getByLabel('Hledat výdejní místo').fill('Brno');
    await expect.poll(() => picker.getByRole('status').textContent()).toMatch(/^Nalezen/);
    const radios = picker.getByRole('radio');
    expect(await radios.count()).toBeGreaterThan(5);
    const items = await picker.locator('.pickup-point__list li').allTextContents();
    expect(items[0]).toContain('Brno');
    expect(items[0]).toMatch(/(\d+ m|\d+,\d km|\d+ km) od hledaného místa/);
    expect(items[0]).toContain('Otevírací doba:');
    expect(items.some((text) => text.includes('Box'))).toBe(true);
    expect(items.some((text) => text.includes('Výdejní místo'))).toBe(true);
    // nearest first
    const distances = items.map((text) => {
      const match = /(\d+(?:,\d)?) (m|km) od/.exec(text)!;
      return Number(match[1].replace(',', '.')) * (match[2] === 'm' ? 0.001 : 1);
    });
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    await picker.getByRole('button', { name: 'Zobrazit mapu' }).click();
    await expect.poll(() => picker.getByTestId('store-map').getAttribute('data-map-state')).not.toBe('loading');
    expect(await picker.getByTestId('store-map').textContent()).toContain('Brno');
    // the keyboard hint names what the markers are: pick-up points, not the shop's stores
    expect(await picker.getByTestId('store-map').getAttribute('data-map-state')).toBe('ready');
    expect(await picker.locator('.store-map__hint').textContent()).toBe('Výdejní místo na mapě vyberete klávesou Tab a Enter.');

    // the summary column names the chosen point with its address, and follows another choice
    const summary = page.getByRole('complementary', { name: 'Rekapitulace', exact: true });
    const firstName = (await picker.locator('.pickup-point__list li').first().locator('.choice__name').textContent())!;
    await radios.first().check();
    await expect.poll(() => summary.getByTestId('totals-delivery-place').textContent()).toContain(firstName);
    const firstPlace = (await summary.getByTestId('totals-delivery-place').textContent())!;
    expect(firstPlace).toMatch(/, \d{3} ?\d{2} Brno/);
    expect((await summary.getByTestId('checkout-totals').innerText()).replace(/\s+/g, ' ')).toContain('Doprava: Výdejní místo nebo box');

    const second = radios.nth(1);
    const chosenName = (await picker.locator('.pickup-point__list li').nth(1).locator('.choice__name').textContent())!;
    await second.check();
    await expect.poll(() => page.getByTestId('pickup-point-chosen').textContent()).toContain(chosenName);
    await expect.poll(() => summary.getByTestId('totals-delivery-place').textContent()).not.toBe(firstPlace);
    expect(await summary.getByTestId('totals-delivery-place').textContent()).toContain(chosenName);
    await expect.poll(() => page.getByTestId('place-order').isDisabled()).toBe(false);

    await fillInvoiceAddress(page, {
      'Jméno *': 'Jana',
      'Příjmení *': 'Nováková',
      'E-mail *': 'jana.bod@example.cz',
      'Telefon *': '+420 777 123 456',
      'Ulice a číslo popisné *': 'Korunní 12',
      'Město *': 'Praha',
      'PSČ *': '120 00',
    });
    await page.getByTestId('terms').check();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/objednavka\/shrnuti\/[^/]+\/[^/]+$/);
    const delivery = page.getByRole('region', { name: 'Doručovací adresa' });
    await delivery.waitFor();
    const text = (await delivery.textContent()) ?? '';
    expect(text).toContain(chosenName);
    expect(text).toContain('Brno');
    expect(text).not.toContain('Korunní 12');
    // the point, then who collects the parcel, then where: no empty line for the IČO a point has not
    expect((await delivery.locator('address').innerText()).split('\n').slice(0, 3)).toEqual([chosenName, 'Jana Nováková', expect.stringMatching(/^\S.* \d+$/)]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('with JavaScript at 390 px in English: finds points by postcode, fits the screen, and orders to the point', async () => {
    await shop.prisma.rateLimit.deleteMany();
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const [product] = await variantsInStock(shop.prisma, 1);
    const english = await shop.prisma.productTranslation.findFirstOrThrow({ where: { language: 'en', product: { translations: { some: { slug: product.slug } } } } });
    await addToCartFromProductPage(page, shop.url, { ...product, slug: english.slug }, 1, '/en/product/');
    await open(page, '/en/checkout');

    await page.getByRole('radio', { name: /Pick-up point or parcel locker/ }).check();
    const picker = page.getByTestId('pickup-point-picker');
    await picker.waitFor();
    await page.getByRole('radio', { name: /Bank transfer/ }).check();
    await expect.poll(() => page.locator('#checkout-blocked').textContent()).toContain('Please select a pick-up point or parcel locker.');

    await picker.getByLabel('Find a pick-up point').fill('811 01');
    await picker.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => picker.getByRole('status').textContent()).toMatch(/pick-up points? found$/);
    const first = picker.locator('.pickup-point__list li').first();
    expect(await first.textContent()).toContain('Bratislava');
    expect(await first.textContent()).toMatch(/from the place searched for/);
    expect(await first.textContent()).toMatch(/Opening hours: (Mon|Tue|Wed|Thu|Fri|Sat|Sun)/);
    // nothing wider than the phone's screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const chosenName = (await first.locator('.choice__name').textContent())!;
    await first.getByRole('radio').check();
    await expect.poll(() => page.getByTestId('place-order').isDisabled()).toBe(false);
    // the summary column names the point, in English around it
    const summary = page.getByRole('complementary', { name: 'Summary', exact: true });
    await expect.poll(() => summary.getByTestId('totals-delivery-place').textContent()).toContain(chosenName);
    expect(await summary.getByTestId('totals-delivery-place').textContent()).toContain('Bratislava');
    expect((await summary.getByTestId('checkout-totals').innerText()).replace(/\s+/g, ' ')).toContain('Delivery: Pick-up point or parcel locker');

    await fillInvoiceAddress(page, {
      'First name *': 'Jana',
      'Surname *': 'Nováková',
      'E-mail *': 'jana.box@example.cz',
      'Phone *': '+420 777 123 456',
      'Street and number *': 'Korunní 12',
      'City *': 'Praha',
      'Postcode *': '120 00',
    });
    await page.getByTestId('terms').check();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/en\/order\/summary\/[^/]+\/[^/]+$/);
    const delivery = page.getByRole('region', { name: 'Delivery address' });
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain(chosenName);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('without JavaScript: the order is refused without a point, the search lists points with radio buttons, and the order goes to the chosen one', async () => {
    await shop.prisma.rateLimit.deleteMany();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    const submit = async (click: () => Promise<void>) => Promise.all([page.waitForEvent('load'), click()]);
    const [product] = await variantsInStock(shop.prisma, 1);
    await page.goto(`${shop.url}/produkt/${product.slug}`);
    await chooseVariant(page, product);
    await Promise.all([page.waitForURL(/\/kosik$/), page.getByTestId('add-to-cart').click()]);
    await page.goto(`${shop.url}/pokladna`);

    await page.getByRole('radio', { name: /Výdejní místo nebo box/ }).check();
    await page.getByRole('radio', { name: /Bankovní převod/ }).check();
    await submit(() => page.getByTestId('checkout-update').click());
    const picker = page.getByTestId('pickup-point-picker');
    await picker.waitFor();

    await fillInvoiceAddress(page, {
      'Jméno *': 'Jana',
      'Příjmení *': 'Nováková',
      'E-mail *': 'jana.nojs@example.cz',
      'Telefon *': '+420 777 123 456',
      'Ulice a číslo popisné *': 'Korunní 12',
      'Město *': 'Praha',
      'PSČ *': '120 00',
    });
    await page.getByTestId('terms').check();
    // no point chosen: refused, the message on the page, nothing ordered
    await submit(() => page.getByTestId('place-order').click());
    expect(await page.locator('#pickup-point-error').textContent()).toBe('Vyberte prosím výdejní místo nebo box.');
    expect(page.url()).toMatch(/\/pokladna$/);
    expect(await shop.prisma.order.count({ where: { email: 'jana.nojs@example.cz' } })).toBe(0);

    await page.getByLabel('Hledat výdejní místo').fill('Olomouc');
    await submit(() => page.getByTestId('pickup-point-search').click());
    const items = page.getByTestId('pickup-point-picker').locator('.pickup-point__list li');
    expect(await items.count()).toBeGreaterThan(2);
    expect(await items.first().textContent()).toContain('Olomouc');
    expect(await items.first().textContent()).toMatch(/od hledaného místa/);
    // what was typed is still there
    expect(await page.getByLabel('Ulice a číslo popisné *').first().inputValue()).toBe('Korunní 12');
    const chosenName = (await items.first().locator('.choice__name').textContent())!;
    await items.first().getByRole('radio').check();
    if (!(await page.getByTestId('terms').isChecked())) await page.getByTestId('terms').check();
    await submit(() => page.getByTestId('place-order').click());
    expect(page.url()).toMatch(/\/objednavka\/shrnuti\/[^/]+\/[^/]+$/);
    expect(await page.getByRole('region', { name: 'Doručovací adresa' }).textContent()).toContain(chosenName);
    await context.close();
  });
});
