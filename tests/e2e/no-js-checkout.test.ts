// A shopper whose browser runs no JavaScript buys all the same (issue 6, docs/decisions/0020): the
// product page's "Do košíku", the cart's stepper, quantity box and voucher field, and the checkout
// form post to their pages, whose actions call the same GraphQL mutations on the server. A refused
// checkout shows the messages at the fields and keeps what was typed. From an address that has
// already ordered within the hour, where the browser would solve a captcha, the order is confirmed by
// a link sent to its e-mail (issue 40, docs/decisions/0049).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { chooseVariant, variantsInStock, type VariantPick } from '../support/product-page.ts';
import { Browser as ShopBrowser } from '../support/production-server.ts';
import { gid } from '../support/global-id.ts';
import { PostgresRateLimiter, RATE_RULES } from '../../bff/src/rate-limit/rate-limit.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
/** The shop's e-mails (.eml files), for the order confirmation link. */
const mailDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-mail-'));

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ mailDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

/** The text of the last e-mail sent to `address`, once it is there. */
async function lastMailTo(address: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml')).sort();
      const mails = await Promise.all(files.map((file) => simpleParser(readFileSync(path.join(mailDir, file)))));
      const mine = mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));
      text = mine.at(-1)?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

async function addToCart(page: Page, product: VariantPick) {
  await page.goto(`${shop.url}/produkt/${product.slug}`);
  await chooseVariant(page, product);
  await Promise.all([page.waitForURL(/\/kosik$/), page.getByTestId('add-to-cart').click()]);
}

/** Clicks something that posts a form and waits for the page it leads to. */
async function submit(page: Page, click: () => Promise<void>) {
  await Promise.all([page.waitForEvent('load'), click()]);
}

describe('buying without JavaScript', () => {
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  it('adds to the cart, changes a quantity, applies a voucher, is refused at the fields, and orders', async () => {
    // the demo data has orders of its own (its reviewers' delivered orders)
    const ordersBefore = await shop.prisma.order.count();
    context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });

    const products = await variantsInStock(shop.prisma, 2);
    expect(products).toHaveLength(2);
    await addToCart(page, products[0]);
    await addToCart(page, products[1]);
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    // the pages posted to themselves, never to /graphql
    expect(posts.filter((path) => path.startsWith('/produkt/'))).toHaveLength(2);
    expect(posts).not.toContain('/graphql');

    // The stepper posts its line's form; the page comes back with the server's quantity.
    const firstLine = page.getByTestId('cart-line').first();
    await submit(page, () => firstLine.getByRole('button', { name: /^Přidat kus/ }).click());
    expect(await page.getByTestId('cart-line').first().getByTestId('cart-line-quantity').inputValue()).toBe('2');
    expect(page.url()).toBe(`${shop.url}/kosik`);
    // Enter in the quantity box saves what was typed.
    const quantityBox = page.getByTestId('cart-line').first().getByTestId('cart-line-quantity');
    await quantityBox.fill('3');
    await submit(page, () => quantityBox.press('Enter'));
    expect(await page.getByTestId('cart-line').first().getByTestId('cart-line-quantity').inputValue()).toBe('3');
    await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('4');

    // A wrong code: the message at the field, the code kept. The demo voucher: 200 Kč off.
    const toPayBefore = await page.getByTestId('totals-to-pay').textContent();
    await page.getByLabel('Kód voucheru').fill('NEEXISTUJE');
    await submit(page, () => page.getByRole('button', { name: 'Uplatnit' }).click());
    expect(await page.getByRole('alert').filter({ hasText: 'neexistuje' }).count()).toBe(1);
    expect(await page.getByLabel('Kód voucheru').inputValue()).toBe('NEEXISTUJE');
    expect(await page.getByLabel('Kód voucheru').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Kód voucheru').fill('sleva200');
    await submit(page, () => page.getByRole('button', { name: 'Uplatnit' }).click());
    expect(await page.getByTestId('cart-voucher').textContent()).toContain('SLEVA200');
    expect(await page.getByTestId('totals-discount').textContent()).toMatch(/^−200,00\s?Kč$/);
    expect(await page.getByTestId('totals-to-pay').textContent()).not.toBe(toPayBefore);

    await submit(page, () => page.getByTestId('to-checkout').click());
    expect(page.url()).toBe(`${shop.url}/pokladna`);
    await page.getByRole('radio', { name: /Kurýr na adresu/ }).check();
    await page.getByRole('radio', { name: /Bankovní převod/ }).check();
    // Without JavaScript the choices are priced once saved: the page comes back with them checked.
    await submit(page, () => page.getByTestId('checkout-update').click());
    expect(page.url()).toBe(`${shop.url}/pokladna`);
    expect(await page.getByRole('radio', { name: /Kurýr na adresu/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Bankovní převod/ }).isChecked()).toBe(true);

    // Refused: a bad e-mail and missing fields, each message at its field, what was typed kept; the
    // payment changed on the way (cash on delivery, 39 Kč) is saved and priced all the same, so the
    // page shows what the order will cost and the next submit has no 'change' to report.
    await page.getByRole('radio', { name: /Dobírka/ }).check();
    await page.getByLabel('Jméno *').first().fill('Jana');
    await page.getByLabel('E-mail *').fill('jana-bez-zavinace');
    await page.getByLabel('Poznámka k objednávce').fill('Zazvoňte dvakrát.');
    await submit(page, () => page.getByTestId('place-order').click());
    expect(page.url()).toBe(`${shop.url}/pokladna`);
    const emailBox = page.getByLabel('E-mail *');
    expect(await emailBox.inputValue()).toBe('jana-bez-zavinace');
    expect(await emailBox.getAttribute('aria-invalid')).toBe('true');
    const emailErrorId = (await emailBox.getAttribute('aria-describedby')) ?? '';
    expect(emailErrorId).not.toBe('');
    expect(await page.locator(`[id="${emailErrorId.split(' ').pop()}"]`).textContent()).toBe('Pole musí obsahovat platný email.');
    expect(await page.getByLabel('Jméno *').first().inputValue()).toBe('Jana');
    expect(await page.getByLabel('Příjmení *').first().getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Poznámka k objednávce').inputValue()).toBe('Zazvoňte dvakrát.');
    expect(await page.locator('#terms-error').textContent()).toBe('Pro odeslání objednávky musíte souhlasit s obchodními podmínkami.');
    expect(await page.getByRole('radio', { name: /Kurýr na adresu/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Dobírka/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('checkout-totals').textContent()).toContain('Platba: Dobírka');
    expect(await shop.prisma.order.count()).toBe(ordersBefore);

    await emailBox.fill('jana.novakova@example.cz');
    await page.getByLabel('Příjmení *').first().fill('Nováková');
    await page.getByLabel('Telefon *').first().fill('+420 777 123 456');
    await page.getByLabel('Ulice a číslo popisné *').first().fill('Korunní 12');
    await page.getByLabel('Město *').first().fill('Praha');
    await page.getByLabel('PSČ *').first().fill('120 00');
    await page.getByTestId('terms').check();
    await submit(page, () => page.getByTestId('place-order').click());

    expect(page.url()).toMatch(/\/objednavka\/shrnuti\/[^/]+\/[^/]+$/);
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(number).toMatch(new RegExp(`^${new Date().getFullYear()}\\d{6}$`));
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Korunní 12');
    expect(text).toContain('Zazvoňte dvakrát.');
    expect(text).toContain('Dobírka');
    const order = await shop.prisma.order.findFirstOrThrow({ where: { number }, include: { lines: true } });
    expect(order.lines.map((line) => line.quantity).sort()).toEqual([1, 3]);
    expect(posts).not.toContain('/graphql');
  });

  it('checks a voucher on /voucher and puts it in the cart, and accepts the new total when the order changed', async () => {
    // another shopper, from an address of its own: a second order from one address needs the captcha (issue 31)
    const own = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: 'cs-CZ', extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.31' } });
    const page = await own.newPage();
    const [product] = await variantsInStock(shop.prisma, 1);
    await addToCart(page, product);

    await page.goto(`${shop.url}/voucher`);
    await page.getByLabel('Kód voucheru').fill('jaro15');
    await submit(page, () => page.getByRole('button', { name: 'Ověřit voucher' }).click());
    expect(await page.getByTestId('voucher-check').textContent()).toContain('15\u00a0%');
    await submit(page, () => page.getByTestId('voucher-apply').click());
    expect(page.url()).toBe(`${shop.url}/kosik`);
    expect(await page.getByTestId('cart-voucher').textContent()).toContain('JARO15');

    // Delivery and payment chosen and the order sent at once: the page had not shown the total with
    // them, so the order waits for the shopper to see and accept it.
    await submit(page, () => page.getByTestId('to-checkout').click());
    await page.getByRole('radio', { name: /Kurýr na adresu/ }).check();
    await page.getByRole('radio', { name: /Dobírka/ }).check();
    await page.getByLabel('Jméno *').first().fill('Petr');
    await page.getByLabel('Příjmení *').first().fill('Svoboda');
    await page.getByLabel('E-mail *').fill('petr.svoboda@example.cz');
    await page.getByLabel('Telefon *').first().fill('+420 603 123 456');
    await page.getByLabel('Ulice a číslo popisné *').first().fill('Nádražní 5');
    await page.getByLabel('Město *').first().fill('Brno');
    await page.getByLabel('PSČ *').first().fill('602 00');
    await page.getByTestId('terms').check();
    const ordersBefore = await shop.prisma.order.count();
    await submit(page, () => page.getByTestId('place-order').click());
    expect(page.url()).toBe(`${shop.url}/pokladna`);
    await page.getByTestId('order-changes').waitFor();
    expect(await shop.prisma.order.count()).toBe(ordersBefore);
    expect(await page.getByLabel('Ulice a číslo popisné *').first().inputValue()).toBe('Nádražní 5');
    await submit(page, () => page.getByTestId('accept-changes').click());
    expect(page.url()).toMatch(/\/objednavka\/shrnuti\/[^/]+\/[^/]+$/);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Nádražní 5');
    expect(text).toContain('Dobírka');
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    const order = await shop.prisma.order.findFirstOrThrow({ where: { number } });
    expect(order.discountGross).toBeGreaterThan(0);
    await own.close();
  });
});

describe('match tickets only, without JavaScript, in English', () => {
  it('asks for no delivery, offers the bank transfer only, and places an order without a delivery (decision 0047)', async () => {
    // the seat picker needs JavaScript: the seats are held as its page holds them (its persisted
    // HoldSeats), then the shopper's session goes on in a browser without it
    const address = '198.51.100.47';
    const match = await shop.prisma.event.findFirstOrThrow({ where: { venue: { seatCount: { lt: 1000 } } }, include: { seats: true, venue: true } });
    const taken = new Set(match.seats.map((row) => row.seat));
    const free = [...Array(match.venue.seatCount).keys()].filter((seat) => !taken.has(seat)).slice(0, 2);
    const holder = new ShopBrowser(shop, { 'x-forwarded-for': address });
    const held = await holder.operation('HoldSeats', { eventId: gid('Event', match.id), seats: free });
    expect((held.body.data?.holdSeats as { __typename: string }).__typename, held.text).toBe('Cart');

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: 'en-GB', extraHTTPHeaders: { 'x-forwarded-for': address } });
    try {
      await context.addCookies([...holder.cookies].map(([name, value]) => ({ name, value, url: shop.url })));
      const page = await context.newPage();
      await page.goto(`${shop.url}/en/checkout`);
      expect(await page.getByTestId('tickets-by-email').textContent()).toBe(
        'We send your tickets by e-mail, and you will also find them on the order summary, so there is no delivery to choose.',
      );
      expect(await page.getByRole('group', { name: 'Delivery', exact: true }).count()).toBe(0);
      expect(await page.getByRole('group', { name: 'Delivery address' }).count()).toBe(0);
      expect(await page.getByTestId('totals-shipping').count()).toBe(0);
      const payments = page.getByRole('group', { name: 'Payment' }).getByRole('radio');
      expect(await payments.count()).toBe(1);
      await page.getByRole('radio', { name: /Bank transfer/ }).check();
      await page.getByLabel('First name *').fill('Jane');
      await page.getByLabel('Surname *').fill('Fan');
      await page.getByLabel('E-mail *').fill('jane.fan@example.com');
      await page.getByLabel('Phone *').fill('+420 777 123 456');
      await page.getByLabel('Street and number *').fill('Korunní 12');
      await page.getByLabel('City *').fill('Praha');
      await page.getByLabel('Postcode *').fill('120 00');
      await page.getByTestId('terms').check();
      await submit(page, () => page.getByTestId('place-order').click());

      expect(page.url()).toMatch(/\/en\/order\/summary\/[^/]+\/[^/]+$/);
      const number = (await page.getByTestId('order-number').textContent()) ?? '';
      expect(await page.getByTestId('order-ticket').count()).toBe(2);
      expect(await page.getByRole('heading', { name: 'Delivery', exact: true }).count()).toBe(0);
      expect(await page.getByText(/^Delivery:/).count()).toBe(0);
      const order = await shop.prisma.order.findFirstOrThrow({ where: { number } });
      expect([order.deliveryMethodId, order.deliveryName, order.deliveryPrice, order.deliveryAddress, order.paymentCode]).toEqual([null, '', 0, null, 'bank-transfer']);
    } finally {
      await context.close();
    }
  });
});

describe('a further order from one address, without JavaScript (issue 40)', () => {
  it('is confirmed by a link sent to its e-mail, with the goods held meanwhile; the link works once', async () => {
    // this address has placed its captcha-free order of the hour already
    const address = '198.51.100.27';
    const limiter = new PostgresRateLimiter(shop.prisma);
    await limiter.consume(RATE_RULES.orderWithoutCaptcha, address);
    await limiter.close();

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: 'cs-CZ', extraHTTPHeaders: { 'x-forwarded-for': address } });
    // the link is opened on a phone with JavaScript (the usual case): its token leaves the address bar
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'cs-CZ', extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.28' } });
    try {
      const page = await context.newPage();
      const [product] = await variantsInStock(shop.prisma, 1);
      await addToCart(page, product);
      const { variantId } = await shop.prisma.cartLine.findFirstOrThrow({ orderBy: { id: 'desc' } });
      const stock = async () => (await shop.prisma.variant.findUniqueOrThrow({ where: { id: variantId } })).stock;
      const stockBefore = await stock();
      await submit(page, () => page.getByTestId('to-checkout').click());
      await page.getByRole('radio', { name: /Kurýr na adresu/ }).check();
      await page.getByRole('radio', { name: /Bankovní převod/ }).check();
      await submit(page, () => page.getByTestId('checkout-update').click());
      const email = 'eva.dvorakova@example.cz';
      await page.getByLabel('Jméno *').first().fill('Eva');
      await page.getByLabel('Příjmení *').first().fill('Dvořáková');
      await page.getByLabel('E-mail *').fill(email);
      await page.getByLabel('Telefon *').first().fill('+420 777 654 321');
      await page.getByLabel('Ulice a číslo popisné *').first().fill('Husova 3');
      await page.getByLabel('Město *').first().fill('Plzeň');
      await page.getByLabel('PSČ *').first().fill('301 00');
      await page.getByTestId('terms').check();
      const ordersBefore = await shop.prisma.order.count();
      await submit(page, () => page.getByTestId('place-order').click());

      // no "needs JavaScript": the page says where the link went, the goods are held, nothing is ordered yet
      expect(page.url()).toBe(`${shop.url}/pokladna`);
      expect(await page.getByTestId('checkout-confirmation-sent').textContent()).toBe(
        `Z tohoto připojení už nedávno přišla jiná objednávka, proto tuto potvrdíme e-mailem: na ${email} jsme poslali odkaz, kterým objednávku odešlete. Zboží vám držíme 30 minut.`,
      );
      expect(await page.getByText('vyžaduje JavaScript').count()).toBe(0);
      expect(await shop.prisma.order.count()).toBe(ordersBefore);
      expect(await stock()).toBe(stockBefore - 1);

      // the link, opened on the phone (no session, another address): opening changes nothing, the button orders
      const link = /http:\/\/127\.0\.0\.1(\/objednavka\/potvrzeni\/[A-Za-z0-9_-]{43})/.exec(await lastMailTo(email))![1];
      const onPhone = await phone.newPage();
      await onPhone.goto(shop.url + link);
      expect(await onPhone.getByRole('heading', { level: 1 }).textContent()).toBe('Potvrzení objednávky');
      // once read, the token is kept in the session and the address is the page's without it (L3),
      // which still works when reloaded
      await expect.poll(() => new URL(onPhone.url()).pathname).toBe('/objednavka/potvrzeni');
      await onPhone.reload();
      await onPhone.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(await onPhone.getByRole('heading', { level: 1 }).textContent()).toBe('Potvrzení objednávky');
      expect(await shop.prisma.order.count()).toBe(ordersBefore);
      await submit(onPhone, () => onPhone.getByTestId('order-confirm-submit').click());
      expect(onPhone.url()).toMatch(/\/objednavka\/shrnuti\/[^/]+\/[^/]+$/);
      const number = (await onPhone.getByTestId('order-number').textContent()) ?? '';
      const order = await shop.prisma.order.findFirstOrThrow({ where: { number }, include: { lines: true } });
      expect([order.email, order.paymentCode, order.lines.map((line) => line.variantId)]).toEqual([email, 'bank-transfer', [variantId]]);
      expect(await stock()).toBe(stockBefore - 1);

      // the same link again, without JavaScript: refused, nothing changes
      const again = await context.newPage();
      await again.goto(shop.url + link);
      await submit(again, () => again.getByTestId('order-confirm-submit').click());
      expect(await again.getByTestId('order-confirm-refused').textContent()).toBe('Objednávka k tomuto odkazu už byla potvrzena. Její shrnutí jsme vám poslali e-mailem.');
      expect(await shop.prisma.order.count()).toBe(ordersBefore + 1);
      expect(await stock()).toBe(stockBefore - 1);
    } finally {
      await context.close();
      await phone.close();
    }
  });
});
