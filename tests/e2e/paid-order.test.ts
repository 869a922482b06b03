// A bank-transfer order once the shop has recorded its payment (decision 0046), as the shopper sees its
// summary in Chromium against the production build, with and without JavaScript: 'Zaplaceno' with the
// day instead of the bank details, the due date and the QR code; in English 'Paid on'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { createOrder } from '../support/factories.ts';
import { markOrderPaid } from '../../bff/src/services/order-payments.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('a paid order in Chromium', () => {
  it('its summary says Zaplaceno with the day and shows no bank details or QR code', async () => {
    const order = await createOrder(shop.prisma, { lines: [{ unitPriceGross: 120_000 }], createdAt: new Date('2026-11-20T10:00:00Z') });
    const summary = `${shop.url}/objednavka/shrnuti/${order.id}/${order.hash}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    await page.goto(summary);
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getByTestId('qr-payment').count()).toBe(1);
    expect(await page.getByTestId('order-paid').count()).toBe(0);
    await context.close();

    await markOrderPaid(shop.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', paidOn: '2026-11-21', source: 'command' });
    for (const javaScriptEnabled of [true, false]) {
      const paidContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'cs-CZ', javaScriptEnabled });
      const paidPage = await paidContext.newPage();
      await paidPage.goto(summary);
      if (javaScriptEnabled) await paidPage.waitForSelector('html[data-hydrated]');
      expect((await paidPage.getByTestId('order-paid').innerText()).replace(/\s+/g, ' ')).toBe('Zaplaceno 21. listopadu 2026');
      const text = (await paidPage.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('Stav Zaplacená');
      expect(text).not.toContain('Platební údaje');
      expect(text).not.toContain('Datum splatnosti');
      expect(await paidPage.getByTestId('qr-payment').count()).toBe(0);
      expect(await paidPage.getByTestId('order-bank-details').count()).toBe(0);
      await paidContext.close();
    }

    const english = await browser.newContext({ locale: 'en-US' });
    const englishPage = await english.newPage();
    await englishPage.goto(`${shop.url}/en/order/summary/${order.id}/${order.hash}`);
    expect(await englishPage.getByTestId('order-paid').innerText()).toBe('Paid on November 21, 2026');
    await english.close();
  });
});
