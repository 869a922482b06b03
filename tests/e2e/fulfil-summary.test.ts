// Issue 24 (items 2, 3, 5) as a shopper sees it in Chromium against the production build: an order paid on
// delivery shows no bank details (with and without JavaScript, 390 and 1280 px) and its recapitulation adds
// up; a customer's checkout starts with her saved invoice details and default delivery address; the
// e-mail field of an e-mail-bound voucher applies to that code only; the header's total counts vouchers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { createCustomer, createOrder, DEFAULT_PASSWORD } from '../support/factories.ts';
import { addToCartFromProductPage, variantsInStock } from '../support/product-page.ts';
import { signIn } from '../support/sign-in.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

describe('issue 24 in Chromium', () => {
  it('an order paid on delivery shows no bank details, says it is paid to the courier, and its recapitulation adds up', async () => {
    const cod = await createOrder(shop.prisma, {
      lines: [{ unitPriceGross: 120_000 }],
      paymentCode: 'cash-on-delivery',
      paymentName: 'Dobírka',
      paymentPrice: 3_900,
      deliveryCode: 'courier',
      deliveryName: 'Kurýr na adresu',
      deliveryPrice: 12_900,
    });
    const bank = await createOrder(shop.prisma, { lines: [{ unitPriceGross: 120_000 }] });
    for (const viewport of VIEWPORTS) {
      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({ viewport, locale: 'cs-CZ', javaScriptEnabled });
        const page = await context.newPage();
        await page.goto(`${shop.url}/objednavka/shrnuti/${cod.id}/${cod.hash}`);
        if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated]');
        const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
        expect(text).not.toContain('Platební údaje');
        expect(text).not.toContain('Číslo účtu');
        expect(await page.getByTestId('qr-payment').count()).toBe(0);
        expect(await page.getByTestId('order-pay-later').innerText()).toMatch(/^Na dobírku: částku 1\s368,00\sKč zaplatíte hotově nebo kartou až při převzetí zásilky/);
        // goods 1 200 + delivery 129 + payment 39 = 1 368, and no 'Sleva 0,00 Kč'
        const totals = (await page.getByTestId('order-totals').innerText()).replace(/\s+/g, ' ');
        expect(totals).toMatch(/Doprava: Kurýr na adresu 129,00 Kč/);
        expect(totals).toMatch(/Platba: Dobírka 39,00 Kč/);
        expect(totals).not.toContain('Sleva');
        // nothing wider than the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        await page.goto(`${shop.url}/objednavka/shrnuti/${bank.id}/${bank.hash}`);
        expect(await page.getByTestId('order-account').innerText()).toBe('2300154801/2010');
        expect(await page.locator('#order-payment').innerText()).toBe('Platební údaje');
        await context.close();
      }
    }
  });

  it('a customer’s checkout starts with her saved invoice details and default delivery address; vouchers ask for the e-mail only for their own code', async () => {
    for (const viewport of VIEWPORTS) {
      // a customer of her own per screen: her cart follows her login
      const jana = await createCustomer(shop.prisma, { firstName: 'Jana' });
      await shop.prisma.address.createMany({
        data: [
          { customerId: jana.id, kind: 'INVOICE', isDefault: true, company: 'Nováková sport s.r.o.', ico: '25596641', dic: 'CZ25596641', firstName: 'Jana', lastName: 'Nováková', street: 'Korunní 810/104', city: 'Praha', postcode: '101 00', country: 'CZ' },
          { customerId: jana.id, kind: 'DELIVERY', isDefault: false, firstName: 'Jana', lastName: 'Nováková', street: 'Jiná 1', city: 'Ostrava', postcode: '702 00', country: 'CZ' },
          { customerId: jana.id, kind: 'DELIVERY', isDefault: true, firstName: 'Jana', lastName: 'Nováková', street: 'Masarykova 12', city: 'Brno', postcode: '602 00', country: 'CZ' },
        ],
      });
      const context = await browser.newContext({ viewport, locale: 'cs-CZ' });
      const page = await context.newPage();
      await logIn(page, jana.email);
      const [variant] = await variantsInStock(shop.prisma, 1);
      await addToCartFromProductPage(page, shop.url, variant, 1);
      await page.getByTestId('header-cart').click();
      await page.waitForURL(/\/kosik$/);
      const headerBefore = await page.getByTestId('header-cart-total').innerText();

      // PROJANU asks for the e-mail; another code typed after it does not need one
      await page.getByLabel('Kód voucheru').fill('PROJANU');
      await page.getByRole('button', { name: 'Uplatnit' }).click();
      await expect.poll(() => page.locator('.vouchers__form input[type="email"]').count()).toBe(1);
      await page.getByLabel('Kód voucheru').fill('JARO15');
      expect(await page.locator('.vouchers__form input[type="email"]').count()).toBe(0);
      await page.getByRole('button', { name: 'Uplatnit' }).click();
      await expect.poll(() => page.getByTestId('cart-voucher').first().textContent()).toContain('JARO15');
      expect(await page.getByText('Toto pole je povinné.').count()).toBe(0);
      // the header counts the voucher
      await expect.poll(() => page.getByTestId('header-cart-total').innerText()).not.toBe(headerBefore);

      await page.getByTestId('to-checkout').click();
      await page.waitForURL(/\/pokladna$/);
      await page.waitForSelector('html[data-hydrated]');
      expect(await page.getByTestId('for-company').isChecked()).toBe(true);
      expect(await page.getByLabel('Název firmy').inputValue()).toBe('Nováková sport s.r.o.');
      expect(await page.getByLabel('IČO', { exact: false }).first().inputValue()).toBe('25596641');
      expect(await page.getByTestId('saved-invoice-address').locator('option:checked').innerText()).toContain('Korunní 810/104');
      // no delivery chosen yet: no 'Zdarma' for it
      expect(await page.getByTestId('totals-shipping').innerText()).toBe('zatím nevybráno');
      await page.getByRole('radio', { name: /Kurýr na adresu/ }).check();
      await expect.poll(() => page.getByTestId('saved-delivery-address').count()).toBe(1);
      expect(await page.getByTestId('saved-delivery-address').locator('option:checked').innerText()).toContain('Masarykova 12');
      await context.close();
    }
  });
});

async function logIn(page: Page, email: string) {
  await signIn(page, shop.url, { email, password: DEFAULT_PASSWORD, language: 'cs', next: '/ucet' });
}
