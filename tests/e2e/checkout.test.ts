// A shopper buys in Chromium against the production build: two products, a demo voucher, pickup at
// a store chosen on the store picker, bank transfer, the invoice address, the terms; then the order
// summary with the QR payment code and the invoice PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { addToCartFromProductPage, variantsInStock } from '../support/product-page.ts';
import { pdfText } from '../support/pdf-text.ts';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';
import { signInAsDemoCustomer } from '../support/sign-in.ts';

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
  const response = await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
  return response;
}

describe('checkout in Chromium', () => {
  /** The first test placed its order from this address (the next one then needs the captcha, issue 31). */
  let firstOrderPlaced = false;

  it('buys two products with a voucher, picks up in a store, pays by bank transfer and downloads the invoice', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('Failed to load resource')) problems.push(message.text());
    });
    const graphqlRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql') graphqlRequests.push(request.postData() ?? '');
    });

    const products = await variantsInStock(shop.prisma, 2);
    expect(products).toHaveLength(2);
    await addToCartFromProductPage(page, shop.url, products[0], 1);
    await addToCartFromProductPage(page, shop.url, products[1], 2);

    await page.getByTestId('header-cart').click();
    await page.waitForURL(/\/kosik$/);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    // The stepper: one more piece and back, each answered with the whole cart (no query after it).
    graphqlRequests.length = 0;
    const firstLine = page.getByTestId('cart-line').first();
    await firstLine.getByRole('button', { name: /^Přidat kus/ }).click();
    await expect.poll(() => firstLine.getByTestId('cart-line-quantity').inputValue()).toBe('2');
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('3');
    await expect.poll(() => firstLine.getByRole('button', { name: /^Ubrat kus/ }).isEnabled()).toBe(true);
    await firstLine.getByRole('button', { name: /^Ubrat kus/ }).click();
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('2');
    await expect.poll(() => firstLine.getByTestId('cart-line-quantity').inputValue()).toBe('1');
    expect(graphqlRequests.map((body) => (JSON.parse(body) as { operationName: string }).operationName)).toEqual(['ChangeCartQuantity', 'ChangeCartQuantity']);
    const toPayBefore = await page.getByTestId('totals-to-pay').textContent();

    // A wrong code is refused at the field; the demo voucher takes 200 Kč off.
    await page.getByLabel('Kód voucheru').fill('NEEXISTUJE');
    await page.getByRole('button', { name: 'Uplatnit' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'neexistuje' }).count()).toBe(1);
    graphqlRequests.length = 0;
    await page.getByLabel('Kód voucheru').fill('sleva200');
    await page.getByRole('button', { name: 'Uplatnit' }).click();
    await expect.poll(() => page.getByTestId('cart-voucher').textContent()).toContain('SLEVA200');
    expect(await page.getByTestId('totals-discount').textContent()).toMatch(/^−200,00\s?Kč$/);
    expect(await page.getByTestId('totals-to-pay').textContent()).not.toBe(toPayBefore);
    // The mutation's answer updated the page: no query was sent after it.
    expect(graphqlRequests.map((body) => (JSON.parse(body) as { operationName: string }).operationName)).toEqual(['ApplyVoucher']);

    // The voucher's notice belongs to the cart (issue 40, item 24): it covered the checkout's summary.
    // The pointer rests on it (which pauses it), and the keyboard goes on to the checkout.
    const voucherNotice = page.locator('.toast').filter({ hasText: 'Voucher' });
    await voucherNotice.hover();
    await page.getByTestId('to-checkout').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/pokladna$/);
    await page.getByRole('heading', { name: 'Pokladna', level: 1 }).waitFor();
    await expect.poll(() => page.locator('.toast').count()).toBe(0);
    // Nothing chosen yet: "Koupit a zaplatit" waits for the required choices.
    expect(await page.getByTestId('place-order').isDisabled()).toBe(true);
    // The summary column names each line's colour and size, as the cart did ('2× Dres (modrá, velikost L)'):
    // two colours of one product in one size are two lines a shopper must tell apart.
    const summaryLines = await page.locator('.checkout__lines li').allTextContents();
    for (const [index, product] of products.entries()) {
      const colour = product.colour ? await shop.prisma.colourTranslation.findFirstOrThrow({ where: { language: 'cs', colour: { code: product.colour } } }) : null;
      const details = [colour?.name, product.size && `velikost ${product.size}`].filter(Boolean).join(', ');
      expect(summaryLines[index]).toContain(`(${details})`);
    }

    await page.getByRole('radio', { name: /Osobní odběr na prodejně/ }).check();
    const picker = page.getByTestId('store-picker');
    await picker.waitFor();
    await picker.getByRole('button', { name: 'Zobrazit mapu' }).first().click();
    await expect(picker.getByTestId('store-map').textContent()).resolves.toContain('Tribuna Sport Praha – Vinohrady');
    expect(await picker.getByRole('button', { name: 'Skrýt mapu' }).getAttribute('aria-expanded')).toBe('true');
    await picker.getByRole('radio', { name: /Praha – Vinohrady/ }).check();
    await page.getByRole('radio', { name: /Bankovní převod/ }).check();
    await expect.poll(() => page.getByTestId('place-order').isDisabled()).toBe(false);

    // Submitting an empty address shows the messages at the fields and sends nothing.
    graphqlRequests.length = 0;
    await page.getByTestId('place-order').click();
    await expect.poll(() => page.locator('.field__error').filter({ hasText: 'Toto pole je povinné.' }).count()).toBeGreaterThan(3);
    expect(await page.locator('#terms-error').textContent()).toBe('Pro odeslání objednávky musíte souhlasit s obchodními podmínkami.');
    expect(graphqlRequests).toEqual([]);

    await page.getByLabel('Jméno *').fill('Jana');
    await page.getByLabel('Příjmení *').fill('Nováková');
    await page.getByLabel('E-mail *').fill('jana.novakova@example.cz');
    await page.getByLabel('Telefon *').fill('+420 777 123 456');
    await page.getByLabel('Ulice a číslo popisné *').fill('Korunní 12');
    await page.getByLabel('Město *').fill('Praha');
    await page.getByLabel('PSČ *').fill('120 00');
    await page.getByLabel('Poznámka k objednávce').fill('Prosím zabalit jako dárek.');
    const terms = page.getByRole('link', { name: 'obchodními podmínkami' });
    expect(await terms.getAttribute('href')).toBe('/info/1/obchodni-podminky');
    expect(await terms.getAttribute('target')).toBe('_blank');
    await page.getByTestId('terms').check();
    await page.getByTestId('place-order').click();

    await page.waitForURL(/\/objednavka\/shrnuti\/\d+(\/[^/]+)?$/);
    await page.getByTestId('order-number').waitFor();
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(number).toMatch(new RegExp(`^${new Date().getFullYear()}\\d{6}$`));
    expect(await page.getByTestId('order-variable-symbol').textContent()).toMatch(/^\d{1,10}$/);
    firstOrderPlaced = true;
    // a bank transfer is due BANK_TRANSFER_PAYMENT_DAYS after the order (issue 31)
    const due = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'long', timeZone: 'Europe/Prague' }).format(new Date(Date.now() + 7 * 24 * 3600 * 1000));
    expect(await page.getByTestId('order-payment-due').textContent()).toBe(due);
    expect(await page.getByTestId('order-store').textContent()).toContain('Tribuna Sport Praha – Vinohrady');
    const qr = page.getByTestId('qr-payment').locator('img');
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.getByText('Prosím zabalit jako dárek.').count()).toBe(1);
    // The server closed the cart: the header shows none.
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('0');

    const invoice = page.getByRole('link', { name: 'Stáhnout fakturu' });
    const invoiceHref = (await invoice.getAttribute('href')) ?? '';
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    expect(download.suggestedFilename()).toBe(`faktura-${number}.pdf`);
    const response = await page.request.get(shop.url + invoiceHref);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    const bytes = await response.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain(number);

    // A wrong hash is the order's own 404.
    const wrong = await open(page, new URL(page.url()).pathname.replace(/[^/]+$/, 'a'.repeat(32)));
    expect(wrong?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Objednávka nebyla nalezena');

    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets the logged-in demo customer send the order to her saved addresses, in English, with cash on delivery, after accepting a price change', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await signInAsDemoCustomer(page, shop.url);

    const [product] = await variantsInStock(shop.prisma, 1);
    const english = await shop.prisma.productTranslation.findFirstOrThrow({ where: { language: 'en', product: { translations: { some: { slug: product.slug } } } } });
    await addToCartFromProductPage(page, shop.url, { ...product, slug: english.slug }, 1, '/en/product/');
    await open(page, '/en/checkout');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();

    // The courier's save is slow to reach the server (a busy shop), so "cash on delivery" is chosen while it
    // is on its way: the page sends it after the courier's answer (the courier's save drops the payment, and
    // applied second it would lose the one shown) and "Buy" waits for both answers.
    let courierSaveHeld = false;
    await page.route('**/graphql', async (route) => {
      if (!courierSaveHeld && (route.request().postData() ?? '').includes('"operationName":"UpdateCheckout"')) {
        courierSaveHeld = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await page.getByRole('radio', { name: /Courier to your door/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Cash on delivery/ }).isEnabled()).toBe(true);
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByTestId('saved-invoice-address').selectOption({ label: 'Jana Nováková, Korunní 810/104, Praha' });
    expect(await page.getByLabel('Street and number *').first().inputValue()).toBe('Korunní 810/104');
    await page.getByRole('checkbox', { name: 'Same as invoice address' }).uncheck();
    await page.getByTestId('saved-delivery-address').selectOption({ label: 'Jana Nováková, Masarykova 12, Brno' });
    // The saved addresses' long options do not widen the form past the phone's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.getByTestId('terms').check();
    await expect.poll(() => page.getByTestId('place-order').isDisabled(), { timeout: 10_000 }).toBe(false);
    expect(courierSaveHeld).toBe(true);
    await page.unrouteAll({ behavior: 'wait' });

    // The price changes while the shopper fills the form: no order, a report, and a way to accept it.
    const variant = await shop.prisma.variant.findFirstOrThrow({
      where: { size: product.size, product: { translations: { some: { slug: product.slug } } }, ...(product.colour ? { colour: { code: product.colour } } : {}) },
    });
    await shop.prisma.variant.update({ where: { id: variant.id }, data: { priceCzk: variant.priceCzk + 10_000 } });
    const toPayBefore = await page.getByTestId('totals-to-pay').textContent();
    await page.getByTestId('place-order').click();
    const report = page.getByTestId('order-changes');
    await report.waitFor();
    expect(await report.textContent()).toContain(english.name);
    expect(await page.getByTestId('totals-to-pay').textContent()).not.toBe(toPayBefore);
    expect(page.url()).toMatch(/\/en\/checkout$/);
    await page.getByTestId('accept-changes').click();

    await page.waitForURL(/\/en\/order\/summary\/[^/]+\/[^/]+$/);
    await page.getByTestId('order-number').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Thank you for your order');
    // the second order from this address in the hour: the page solved the captcha the server asked for (issue 31)
    expect(await shop.prisma.captchaUse.count({ where: { action: 'placeOrder' } })).toBe(firstOrderPlaced ? 1 : 0);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Korunní 810/104');
    expect(text).toContain('Masarykova 12');
    expect(text).toContain('Cash on delivery');
    // No QR payment for cash on delivery.
    expect(await page.getByTestId('qr-payment').count()).toBe(0);
    // The unedited picks went as the saved addresses' ids: the order knows where they came from.
    const saved = await shop.prisma.address.findMany({ where: { customer: { email: DEMO_CUSTOMER.email } }, orderBy: { id: 'asc' } });
    const order = await shop.prisma.order.findUniqueOrThrow({ where: { number: (await page.getByTestId('order-number').textContent()) ?? '' } });
    expect([(order.invoiceAddress as { addressId: number }).addressId, (order.deliveryAddress as { addressId: number }).addressId]).toEqual(saved.map((a) => a.id));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('checks an e-mail-bound voucher on /voucher and puts it into the cart', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const [product] = await variantsInStock(shop.prisma, 1);
    await addToCartFromProductPage(page, shop.url, product, 1);
    // Checks and applications share the address's free attempts, and the first test applied two codes
    // from this one: a new 10-minute window, so this page goes without a captcha
    // (tests/integration/vouchers.test.ts covers the captcha past the free attempts).
    await shop.prisma.rateLimit.deleteMany();

    await open(page, '/voucher');
    await page.getByLabel('Kód voucheru').fill('projanu');
    await page.getByRole('button', { name: 'Ověřit voucher' }).click();
    // The voucher belongs to an e-mail: the shop asks for it at the e-mail field.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Pro jeho ověření zadejte svůj e-mail.' }).count()).toBe(1);
    await page.getByLabel('E-mail *').fill('jiny@example.cz');
    await page.getByRole('button', { name: 'Ověřit voucher' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Voucher nebyl vystaven pro zadaný e-mail.' }).count()).toBe(1);
    await page.getByLabel('E-mail *').fill('zakaznik@example.cz');
    await page.getByRole('button', { name: 'Ověřit voucher' }).click();
    const check = page.getByTestId('voucher-check');
    await check.waitFor();
    // Czech keeps the percent sign on the number's line (a no-break space)
    expect(await check.locator('h2').textContent()).toBe('PROJANU: 10\u00a0%');
    expect(await check.textContent()).toContain('Platí jen s e-mailem, na který byl vystaven.');
    await page.getByTestId('voucher-apply').click();
    await page.getByRole('link', { name: 'Přejít do košíku' }).click();
    await page.waitForURL(/\/kosik$/);
    await expect.poll(() => page.getByTestId('cart-voucher').textContent()).toContain('PROJANU');
    expect(await page.getByTestId('totals-discount').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
