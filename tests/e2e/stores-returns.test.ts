// Stores on a map and the return protocol in Chromium (issue 9 items 3 and 4): the store page's map
// loads Leaflet and its tiles only when shown, from a tile server of the test's own (every other
// outside request is blocked and recorded); the checkout's pickup picker is searched by city and a
// store chosen with the keyboard; the return protocol refuses a bad account at its field, keeps what
// was typed when saving fails, and ends on its confirmation.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { addToCartFromProductPage, variantsInStock } from '../support/product-page.ts';
import { createOrder } from '../support/factories.ts';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';
import { addDays, pragueClock } from '../../schema/rules/opening-hours.ts';
import { signInAsDemoCustomer } from '../support/sign-in.ts';

// a 1×1 PNG; Leaflet stretches it to a 256 px tile
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
let tiles: Server;
let tileOrigin: string;
const tileRequests: string[] = [];

beforeAll(async () => {
  tiles = createServer((request: IncomingMessage, response) => {
    tileRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    response.end(TILE);
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  tileOrigin = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
  [shop, browser] = await Promise.all([startShop({ mapTileUrl: `${tileOrigin}/{z}/{x}/{y}.png` }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await new Promise<void>((resolve) => (tiles ? tiles.close(() => resolve()) : resolve()));
});

type Watched = { page: Page; outside: string[]; problems: string[]; scripts: string[] };

/** A page that may reach only the shop and the local tile server; everything else is aborted and recorded. */
async function watchedPage(viewport = { width: 1280, height: 900 }): Promise<Watched> {
  const page = await browser.newPage({ viewport, locale: 'cs-CZ' });
  const outside: string[] = [];
  const problems: string[] = [];
  const scripts: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(shop.url) || url.startsWith(tileOrigin) || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(request.url());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return { page, outside, problems, scripts };
}

async function open(page: Page, path: string) {
  const response = await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
  return response;
}

describe('stores with a map', () => {
  it('shows the store’s hours and address, and loads the map with local tiles only when shown', async () => {
    // a day of special hours for this store, three days ahead
    const special = addDays(pragueClock(new Date()).date, 3);
    await shop.prisma.storeSpecialDay.create({ data: { storeId: 5282, date: special, opens: '10:00', closes: '14:00' } });
    const { page, outside, problems, scripts } = await watchedPage();
    const response = await open(page, '/prodejny/5282');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain(`img-src 'self' data: ${tileOrigin}`);
    await page.getByRole('heading', { name: 'Tribuna Sport Praha – Vinohrady', level: 1 }).waitFor();
    expect(await page.getByTestId('store-status').first().textContent()).toMatch(/^(Nyní otevřeno · zavírá v \d\d:\d\d|Nyní zavřeno.*)$/);
    expect(await page.locator('address').first().textContent()).toContain('Vinohradská 112');
    const [year, month, day] = special.split('-').map(Number);
    expect(await page.getByRole('region', { name: 'Svátky a změny otevírací doby' }).textContent()).toContain(`${day}. ${month}. ${year}: 10:00–14:00`);
    expect(await page.getByRole('link', { name: /Navigovat na prodejnu Tribuna Sport Praha – Vinohrady/ }).getAttribute('href')).toContain('destination=50.07706,14.45388');

    // first paint: no Leaflet code, stylesheet or tile
    expect(scripts.filter((url) => /leaflet/i.test(url))).toEqual([]);
    expect(tileRequests).toEqual([]);
    expect(await page.locator('.leaflet-container').count()).toBe(0);

    const toggle = page.getByRole('button', { name: 'Zobrazit mapu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests.every((url) => /^\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    expect(scripts.some((url) => /leaflet/i.test(url))).toBe(true);
    expect(await page.getByRole('region', { name: 'Mapa: Tribuna Sport Praha – Vinohrady' }).count()).toBe(1);
    // the marker is a focusable button named after the store
    expect(await page.locator('.store-marker').getAttribute('title')).toBe('Tribuna Sport Praha – Vinohrady');

    const hide = page.getByRole('button', { name: 'Skrýt mapu' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await hide.click();
    await expect.poll(() => page.locator('.leaflet-container').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Zobrazit mapu' }).getAttribute('aria-expanded')).toBe('false');

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists every store with its status in English, with one map of them all', async () => {
    const { page, outside, problems } = await watchedPage({ width: 390, height: 844 });
    await open(page, '/en/stores');
    expect(await page.locator('.store-card').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('store-status').first().textContent()).toMatch(/^(Open now · closes at \d\d:\d\d|Closed now.*|Closed today.*)$/);
    await page.getByRole('button', { name: 'Show map' }).click();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await page.locator('.store-marker').count()).toBeGreaterThanOrEqual(3);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('picks store 5282 for personal pickup with the keyboard, after a search by city', async () => {
    const { page, outside } = await watchedPage();
    const [variant] = await variantsInStock(shop.prisma, 1, 3);
    await addToCartFromProductPage(page, shop.url, variant, 1);
    await open(page, '/pokladna');
    await page.getByRole('radio', { name: /Osobní odběr na prodejně/ }).check();
    const picker = page.getByTestId('store-picker');
    await picker.waitFor();

    const search = picker.getByRole('searchbox', { name: 'Hledat podle města' });
    await search.focus();
    await page.keyboard.type('brno');
    await expect.poll(() => picker.getByRole('radio').count()).toBe(1);
    expect(await picker.getByRole('status').first().textContent()).toBe('Nalezena 1 prodejna');
    await search.fill('');
    await page.keyboard.type('praha');
    await expect.poll(() => picker.getByRole('radio').count()).toBe(1);
    await page.keyboard.press('Enter'); // does not submit the checkout
    await page.keyboard.press('Tab');
    const vinohrady = picker.getByRole('radio', { name: /Praha – Vinohrady/ });
    expect(await vinohrady.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await vinohrady.isChecked()).toBe(true);
    expect(await vinohrady.getAttribute('value')).toBeTruthy();
    await expect
      .poll(async () => (await shop.prisma.cart.findMany({ where: { storeId: 5282 }, select: { id: true } })).length)
      .toBeGreaterThan(0);

    // the same map as the store pages, with the chosen store's marker highlighted
    await picker.getByRole('button', { name: 'Zobrazit mapu' }).click();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    await expect.poll(() => page.locator('.store-marker--selected').getAttribute('title')).toBe('Tribuna Sport Praha – Vinohrady');
    expect(outside).toEqual([]);
    await page.close();
  });
});

describe('return protocol', () => {
  async function fill(page: Page, orderNumber: string, email: string) {
    await page.getByLabel('Číslo objednávky *', { exact: true }).fill(orderNumber);
    await page.getByLabel('Název produktu *', { exact: true }).fill('Dres Slavia Praha domácí – L');
    await page.getByLabel('Kód produktu *', { exact: true }).fill('SLA-H-24');
    await page.getByLabel('Popis vady (nepovinné)', { exact: true }).fill('Páraný šev');
    await page.getByRole('button', { name: 'Přidat produkt' }).click();
    await expect.poll(() => page.getByTestId('return-line').count()).toBe(2);
    // "Přidat produkt" puts the cursor into the new row
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id)).toMatch(/^return-line-\d+-title$/);
    await page.keyboard.type('Šála Žlutá');
    await page.getByTestId('return-line').nth(1).getByLabel('Kód produktu *', { exact: true }).fill('SAL-01');
    await page.getByLabel('Číslo bankovního účtu *', { exact: true }).fill('19-2000145399/0801');
    await page.getByLabel('Jméno *', { exact: true }).fill('Řehoř');
    await page.getByLabel('Příjmení *', { exact: true }).fill('Čížek');
    await page.getByLabel('E-mail *', { exact: true }).fill(email);
    await page.getByLabel('Telefon *', { exact: true }).fill('+420 601 234 567');
    await page.getByLabel('Ulice a číslo popisné *', { exact: true }).fill('Žižkova 5');
    await page.getByLabel('Město *', { exact: true }).fill('České Budějovice');
    await page.getByLabel('PSČ *', { exact: true }).fill('370 01');
    await page.getByLabel('Poznámka', { exact: true }).fill('Prosím o vrácení peněz.');
  }

  it('refuses a bad account at its field, keeps everything when saving fails, then confirms', async () => {
    const order = await createOrder(shop.prisma, { email: 'rehor.cizek@example.cz' });
    const { page, outside, problems } = await watchedPage({ width: 390, height: 844 });
    // a guest order is returned from its summary page (the confirmation e-mail's link), not by its number alone
    await open(page, `/objednavka/shrnuti/${order.id}/${order.hash}`);
    await page.getByRole('link', { name: 'Reklamovat zboží' }).click();
    await page.getByRole('heading', { name: 'Reklamace a vrácení zboží', level: 1 }).waitFor();
    expect(page.url()).not.toContain(order.hash);
    expect(await page.getByLabel('Číslo objednávky *', { exact: true }).inputValue()).toBe(order.number);
    await fill(page, order.number, 'rehor.cizek@example.cz');

    await page.getByTestId('return-submit').click();
    const account = page.getByLabel('Číslo bankovního účtu *', { exact: true });
    await expect.poll(() => account.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.field--invalid .field__error').first().textContent()).toBe('Číslo bankovního účtu není platné.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('bankAccount');
    await account.fill('19-2000145399/0800');

    // the save fails (the network drops the mutation): a message, and every field as it was typed
    await page.route('**/graphql', (route) =>
      route.request().postData()?.includes('SubmitReturnProtocol') ? route.abort() : route.fallback(),
    );
    await page.getByTestId('return-submit').click();
    await page.getByTestId('return-failure').waitFor();
    expect(await page.getByTestId('return-failure').textContent()).toBe(
      'Reklamační protokol se nepodařilo uložit. Vaše údaje zůstaly ve formuláři, zkuste to prosím znovu.',
    );
    expect(await page.getByLabel('Číslo objednávky *', { exact: true }).inputValue()).toBe(order.number);
    expect(await page.getByTestId('return-line').nth(1).getByLabel('Název produktu *', { exact: true }).inputValue()).toBe('Šála Žlutá');
    expect(await account.inputValue()).toBe('19-2000145399/0800');
    expect(await page.getByLabel('Poznámka', { exact: true }).inputValue()).toBe('Prosím o vrácení peněz.');
    expect(await shop.prisma.complaint.count({ where: { orderId: order.id } })).toBe(0);
    await page.unroute('**/graphql');

    // remove the second row, then send for real
    await page.getByRole('button', { name: 'Odebrat produkt 2' }).click();
    await expect.poll(() => page.getByTestId('return-line').count()).toBe(1);
    await page.getByTestId('return-submit').click();
    const done = page.getByTestId('return-done');
    await done.waitFor();
    const saved = await shop.prisma.complaint.findFirstOrThrow({ where: { orderId: order.id }, include: { lines: true } });
    expect(await done.textContent()).toContain(`Protokol č. ${saved.number} k objednávce č. ${order.number}`);
    expect(await done.textContent()).toContain('rehor.cizek@example.cz');
    expect(saved.lines.map((line) => line.productTitle)).toEqual(['Dres Slavia Praha domácí – L']);
    expect(saved).toMatchObject({ bankAccount: '19-2000145399/0800', firstName: 'Řehoř', postcode: '370 01', note: 'Prosím o vrácení peněz.' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('return-done-title');
    expect(await shop.prisma.mailOutbox.count({ where: { dedupeKey: `returnProtocol:${saved.id}` } })).toBe(1);

    expect(outside).toEqual([]);
    expect(problems.filter((text) => !text.includes('Failed to load resource') && !text.includes('net::ERR_FAILED'))).toEqual([]);
    await page.close();
  });

  it('lets the signed-in customer pick her order and its lines, in English', async () => {
    const customer = await shop.prisma.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    const order = await createOrder(shop.prisma, {
      customer,
      email: customer.email,
      lines: [{ name: 'Dres Sparta Praha venkovní', size: 'M' }, { name: 'Šála Baník', size: null }],
    });
    const { page, outside, problems } = await watchedPage();
    await signInAsDemoCustomer(page, shop.url);

    await open(page, '/en/complaint');
    expect(await page.getByLabel('First name *', { exact: true }).inputValue()).toBe(customer.firstName);
    await page.getByLabel('Choose the order', { exact: true }).selectOption(order.number);
    expect(await page.getByLabel('Order number *', { exact: true }).inputValue()).toBe(order.number);
    const pick = page.getByLabel('Add an item from the order', { exact: true });
    const scarf = await shop.prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id, name: 'Šála Baník' } });
    await pick.selectOption({ label: `Šála Baník (${scarf.productCode})` });
    await expect.poll(() => page.getByLabel('Product name *', { exact: true }).inputValue()).toBe('Šála Baník');
    await pick.selectOption({ index: 1 });
    await expect.poll(() => page.getByTestId('return-line').count()).toBe(2);
    expect(await page.getByTestId('return-line').nth(1).getByLabel('Product name *', { exact: true }).inputValue()).toBe('Dres Sparta Praha venkovní – M');
    await page.getByLabel('Bank account number *', { exact: true }).fill('CZ65 0800 0000 1920 0014 5399');
    await page.getByLabel('Phone *', { exact: true }).fill('+420 601 234 567');
    await page.getByLabel('Street and number *', { exact: true }).fill('Korunní 810/104');
    await page.getByLabel('City *', { exact: true }).fill('Praha');
    await page.getByLabel('Postcode *', { exact: true }).fill('130 00');
    await page.getByTestId('return-submit').click();
    const done = page.getByTestId('return-done');
    await done.waitFor();
    expect(await done.textContent()).toContain(`for order No. ${order.number}`);
    const saved = await shop.prisma.complaint.findFirstOrThrow({ where: { orderId: order.id }, include: { lines: { orderBy: { id: 'asc' } } } });
    expect(saved).toMatchObject({ customerId: customer.id, language: 'en', bankAccount: 'CZ6508000000192000145399' });
    expect(saved.lines.map((line) => line.productTitle)).toEqual(['Šála Baník', 'Dres Sparta Praha venkovní – M']);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('has its English page at /en/complaint, and /en/returns leads there', async () => {
    const response = await fetch(`${shop.url}/en/returns`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/en/complaint');
    const { page } = await watchedPage();
    await open(page, '/en/complaint');
    await page.getByRole('heading', { name: 'Complaints and returns', level: 1 }).waitFor();
    expect(await page.getByLabel('Bank account number *', { exact: true }).count()).toBe(1);
    await page.close();
  });
});
