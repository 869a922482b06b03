// The account pages in Chromium against the production build (issue 7, items 4–7): a customer adds,
// edits and deletes delivery addresses (confirmation dialog), fills her invoice details from a fake
// ARES, pages through her orders, opens one and downloads its invoice; another customer and a guest
// get 'Order not found' with HTTP 404 for the same address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { startFakeAres, ARES_SLOW_ICO, type FakeAres } from '../support/fake-ares.ts';
import { createCustomer, createOrder, DEFAULT_PASSWORD } from '../support/factories.ts';
import { pdfText } from '../support/pdf-text.ts';
import { signIn } from '../support/sign-in.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let ares: FakeAres;
let browser: Browser;

beforeAll(async () => {
  ares = await startFakeAres({ slowMs: 5_000 });
  [shop, browser] = await Promise.all([startShop({ aresUrl: ares.url, aresTimeoutMs: 500 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await ares?.close();
});

async function open(page: Page, path: string) {
  const response = await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
  return response;
}

type Watched = { page: Page; context: BrowserContext; problems: string[] };

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Watched> {
  const context = await browser.newContext({ viewport, locale: 'cs-CZ', acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) problems.push(message.text());
  });
  return { page, context, problems };
}

async function logIn(page: Page, email: string) {
  await signIn(page, shop.url, { email, password: DEFAULT_PASSWORD, language: 'cs', next: '/ucet' });
  await expect.poll(() => page.locator('h1').textContent()).toBe('Můj účet');
}

describe('account pages in Chromium', () => {
  it('adds, edits, makes default and deletes delivery addresses; fills the invoice details from ARES', async () => {
    const jana = await createCustomer(shop.prisma, { firstName: 'Jana' });
    const { page, context, problems } = await newPage({ width: 390, height: 844 });
    await logIn(page, jana.email);

    // account home: a card per section
    await page.getByTestId('account-link-accountAddresses').click();
    await page.waitForURL(/\/ucet\/dodaci-adresy$/);
    await expect.poll(() => page.getByTestId('addresses-empty').textContent()).toContain('Nenašli jsme žádné adresy.');

    // add: a bad postcode is refused at its field and what was typed stays
    await page.getByTestId('add-address').click();
    const form = page.getByTestId('address-form');
    // the keyboard is taken to the form's first field, and back to "Přidat adresu" after saving
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('section-shipping shipping given-name');
    await form.getByLabel('Jméno *').fill('Jana');
    await form.getByLabel('Příjmení *').fill('Nováková');
    await form.getByLabel('Ulice a číslo popisné *').fill('Korunní 12');
    await form.getByLabel('Město *').fill('Praha');
    await form.getByLabel('PSČ *').fill('999');
    await page.getByTestId('save-address').click();
    await expect.poll(() => form.getByLabel('PSČ *').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Ulice a číslo popisné *').inputValue()).toBe('Korunní 12');
    await form.getByLabel('PSČ *').fill('12000');
    await page.getByTestId('save-address').click();
    await expect.poll(() => page.getByTestId('address-card').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-address');
    const first = page.getByTestId('address-card').first();
    expect(await first.textContent()).toContain('120 00 Praha');
    expect(await first.textContent()).toContain('Výchozí adresa');

    // a second one, then edit it
    await page.getByTestId('add-address').click();
    await form.getByLabel('Jméno *').fill('Jana');
    await form.getByLabel('Příjmení *').fill('Nováková');
    await form.getByLabel('Ulice a číslo popisné *').fill('Chatová 1');
    await form.getByLabel('Město *').fill('Jablonec nad Nisou');
    await form.getByLabel('PSČ *').fill('466 01');
    await page.getByTestId('save-address').click();
    await expect.poll(() => page.getByTestId('address-card').count()).toBe(2);
    await page.getByRole('button', { name: /^Upravit adresu Jana Nováková, Chatová 1/ }).click();
    await form.getByLabel('Ulice a číslo popisné *').fill('Chatová 3');
    await page.getByTestId('save-address').click();
    await expect.poll(() => page.getByTestId('address-list').textContent()).toContain('Chatová 3');

    // make it the default
    await page.getByRole('button', { name: 'Nastavit jako výchozí' }).click();
    await expect.poll(async () => (await page.locator('.address-card--default').textContent()) ?? '').toContain('Chatová 3');

    // delete: Escape keeps it, "Ano, smazat" deletes it, focus returns
    const deleteKorunni = page.getByRole('button', { name: /^Smazat adresu Jana Nováková, Korunní 12/ });
    await deleteKorunni.click();
    const dialog = page.getByRole('dialog', { name: 'Smazat adresu?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Ne, ponechat');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByTestId('address-card').count()).toBe(2);
    await deleteKorunni.click();
    await dialog.getByRole('button', { name: 'Ano, smazat' }).click();
    await expect.poll(() => page.getByTestId('address-card').count()).toBe(1);
    expect(await shop.prisma.address.findMany({ where: { customerId: jana.id }, select: { street: true, isDefault: true } })).toEqual([{ street: 'Chatová 3', isDefault: true }]);

    // invoice details: a slow registry is the notice 'Error loading data, try again' beside the button,
    // not an error at the valid IČO (issue 24, item 6), and the form stays editable
    await open(page, '/ucet/fakturacni-udaje');
    await page.getByTestId('invoice-for-company').check();
    const ico = page.getByLabel('IČO *');
    await ico.fill(ARES_SLOW_ICO);
    await page.getByTestId('ares-lookup').click();
    await expect.poll(() => page.getByTestId('ares-status').textContent()).toBe('Chyba při načítání dat, zkuste to prosím znovu.');
    expect(await page.locator('.ico-lookup .field__error').count()).toBe(0);
    expect(await ico.getAttribute('aria-invalid')).toBe('false');
    expect(await ico.isEditable()).toBe(true);
    // the registry fills company, street, city, postcode and DIČ
    await ico.fill('27082440');
    await page.getByTestId('ares-lookup').click();
    await expect.poll(() => page.getByLabel('Název firmy *').inputValue()).toBe('Alza.cz a.s.');
    const invoiceForm = page.getByTestId('invoice-form');
    expect(await invoiceForm.getByLabel('DIČ').inputValue()).toBe('CZ27082440');
    expect(await invoiceForm.getByLabel('Ulice a číslo popisné *').inputValue()).toBe('Jankovcova 1522/53');
    expect(await invoiceForm.getByLabel('PSČ *').inputValue()).toBe('170 00');
    expect(await page.getByTestId('ares-status').textContent()).toContain('doplnili z obchodního rejstříku');
    await invoiceForm.getByLabel('Telefon *').fill('601 234 567');
    await page.getByTestId('save-invoice').click();
    await page.waitForURL(/\/ucet\/dekujeme\?after=invoiceSaved$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Fakturační údaje jsou uložené');
    const saved = await shop.prisma.address.findFirstOrThrow({ where: { customerId: jana.id, kind: 'INVOICE' } });
    expect(saved).toMatchObject({ company: 'Alza.cz a.s.', ico: '27082440', dic: 'CZ27082440', city: 'Praha', postcode: '170 00', isDefault: true });

    expect(problems).toEqual([]);
    await context.close();
  });

  it('pages through the orders, opens one with its invoice; another customer and a guest get 404', async () => {
    const petra = await createCustomer(shop.prisma, { firstName: 'Petra' });
    const other = await createCustomer(shop.prisma, { firstName: 'Ota' });
    const orders = [];
    for (let n = 0; n < 12; n++) {
      orders.push(await createOrder(shop.prisma, { customer: petra, createdAt: new Date(Date.UTC(2026, 9, 1 + n, 23, 30)), lines: [{ name: `Dres číslo ${n + 1}` }] }));
    }
    const newest = orders[11];
    const { page, context, problems } = await newPage();
    await logIn(page, petra.email);

    await page.getByTestId('account-link-accountOrders').click();
    await page.waitForURL(/\/ucet\/objednavky$/);
    await expect.poll(() => page.getByTestId('order-list').locator('tbody tr').count()).toBe(10);
    const firstRow = page.getByTestId('order-list').locator('tbody tr').first();
    // 23:30 UTC on 12 October is already the 13th in Prague
    expect(await firstRow.textContent()).toContain('13. 10. 2026');
    expect(await firstRow.textContent()).toContain(newest.number);
    expect(await firstRow.textContent()).toContain('Přijatá');
    await page.getByRole('link', { name: 'Strana 2' }).click();
    await page.waitForURL(/\/ucet\/objednavky\?page=2$/);
    await expect.poll(() => page.getByTestId('order-list').locator('tbody tr').count()).toBe(2);
    expect(await page.getByText('Objednávky 11–12 z 12').count()).toBe(1);

    await page.getByRole('link', { name: 'Strana 1' }).click();
    await page.getByRole('link', { name: `Detail objednávky ${newest.number}` }).click();
    await page.waitForURL(new RegExp(`/ucet/objednavka/${newest.id}$`));
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Objednávka ${newest.number}`);
    expect(await page.getByTestId('order-number').textContent()).toBe(newest.number);
    expect(await page.locator('main').textContent()).toContain('Dres číslo 12');

    const invoiceHref = await page.getByTestId('download-invoice').getAttribute('href');
    expect(invoiceHref).toBe(`/ucet/objednavka/${newest.id}/faktura.pdf`);
    const download = await context.request.get(shop.url + invoiceHref);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(await pdfText(await download.body())).toContain(newest.number);

    // Ota, logged in, and a guest: the same 404 page for Petra's order
    const second = await newPage();
    await logIn(second.page, other.email);
    for (const visitor of [second, await newPage()]) {
      const response = await open(visitor.page, `/ucet/objednavka/${newest.id}`);
      expect(response?.status()).toBe(404);
      expect(await visitor.page.locator('h1').textContent()).toBe('Objednávka nebyla nalezena');
      expect(await visitor.page.locator('main').textContent()).not.toContain(newest.number);
      expect((await visitor.context.request.get(shop.url + invoiceHref)).status()).toBe(404);
      await visitor.context.close();
    }
    const missing = await open(page, '/ucet/objednavka/2000000000');
    expect(missing?.status()).toBe(404);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the thank-you page after registration with the spec’s two buttons, in English too', async () => {
    const eva = await createCustomer(shop.prisma, { firstName: 'Eva' });
    const { page, context, problems } = await newPage();
    await logIn(page, eva.email);
    await open(page, '/ucet/dekujeme?after=registration&next=%2Fblog');
    expect(await page.locator('h1').textContent()).toBe('Děkujeme za registraci');
    expect(await page.getByRole('link', { name: 'Nastavit účet' }).getAttribute('href')).toBe('/ucet');
    expect(await page.getByRole('link', { name: 'Zpět do obchodu' }).getAttribute('href')).toBe('/blog');
    await open(page, '/en/account/thankyou?after=registration&next=https%3A%2F%2Fevil.example');
    expect(await page.locator('h1').textContent()).toBe('Thank you for registering');
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/en');
    await page.getByRole('link', { name: 'Set up the account' }).click();
    await page.waitForURL(/\/en\/account$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('My account');
    expect(problems).toEqual([]);
    await context.close();
  });
});
