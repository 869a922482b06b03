// The order summary in Chromium (issue 24, item 6): an order placed in Czech reads in English with the
// goods, colour, delivery and payment named in English (1280 px), and on a phone (390 px, Czech) each
// figure of an item row keeps its caption, while the table keeps its column headers for screen readers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { createOrder } from '../support/factories.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A demo variant with a colour whose product and colour are named differently in Czech and English. */
async function bilingualVariant() {
  const variants = await shop.prisma.variant.findMany({
    where: { colourId: { not: null }, size: { not: null } },
    include: { product: { include: { translations: true } }, colour: { include: { translations: true } } },
    orderBy: { id: 'asc' },
  });
  const named = (rows: { language: string; name: string }[]) => ({ cs: rows.find((r) => r.language === 'cs')!.name, en: rows.find((r) => r.language === 'en')!.name });
  for (const variant of variants) {
    const product = named(variant.product.translations);
    const colour = named(variant.colour!.translations);
    if (product.cs !== product.en && colour.cs !== colour.en) return { variant, product, colour };
  }
  throw new Error('no demo variant named differently in Czech and English');
}

/** A Czech order of two pieces of that variant, by courier, paid on delivery, as placing it stores it. */
async function czechOrder() {
  const { variant, product, colour } = await bilingualVariant();
  const [courier, cod] = await Promise.all([
    shop.prisma.deliveryMethod.findUniqueOrThrow({ where: { code: 'courier' } }),
    shop.prisma.paymentMethod.findUniqueOrThrow({ where: { code: 'cash-on-delivery' } }),
  ]);
  const order = await createOrder(shop.prisma, {
    language: 'cs',
    lines: [{ variant, name: product.cs, colour: colour.cs, size: variant.size, quantity: 2, unitPriceGross: 120_000 }],
    deliveryMethod: courier,
    deliveryCode: 'courier',
    deliveryName: 'Kurýr na adresu',
    deliveryPrice: 12_900,
    paymentMethod: cod,
    paymentCode: 'cash-on-delivery',
    paymentName: 'Dobírka',
    paymentPrice: 3_900,
  });
  return { order, product, colour };
}

describe('the order summary', () => {
  it('in English at 1280 px names a Czech order’s goods, colour, delivery and payment in English; the figures are the order’s', async () => {
    const { order, product, colour } = await czechOrder();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await page.goto(`${shop.url}/en/order/summary/${order.id}/${order.hash}`);
    await page.waitForSelector('html[data-hydrated]');
    const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(main).not.toContain('Kurýr na adresu');
    expect(main).not.toContain('Dobírka');
    expect(main).not.toContain(product.cs);

    const row = page.locator('.order-lines tbody tr').first();
    const cells = (await row.locator('td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(cells[0]).toContain(product.en);
    expect(cells[0]).toContain(colour.en);
    // English writes '21%', without the Czech space (issue 24 review)
    expect(cells.slice(1)).toEqual(['2', 'CZK 1,200.00', '21%', 'CZK 2,400.00']);
    const delivery = (await page.getByRole('region', { name: 'Delivery', exact: true }).innerText()).replace(/\s+/g, ' ');
    expect(delivery).toContain('Courier to your door (CZK 129.00)');
    expect(delivery).toContain('Cash on delivery (CZK 39.00)');
    const totals = (await page.getByTestId('order-totals').innerText()).replace(/\s+/g, ' ');
    expect(totals).toContain('Delivery: Courier to your door CZK 129.00');
    expect(totals).toContain('Payment: Cash on delivery CZK 39.00');
    // the head names the columns; the phone's captions are out of sight
    expect(await page.locator('.order-lines thead').isVisible()).toBe(true);
    expect(await row.locator('.cart-table__label').first().isVisible()).toBe(false);
    await page.close();
  });

  it('at 390 px in Czech each figure of an item row has its caption; the column headers stay for screen readers', async () => {
    const { order } = await czechOrder();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    await page.goto(`${shop.url}/objednavka/shrnuti/${order.id}/${order.hash}`);
    await page.waitForSelector('html[data-hydrated]');
    const row = page.locator('.order-lines tbody tr').first();
    const captioned: Record<string, RegExp> = {
      Množství: /^2$/,
      'Cena za kus': /^1\s200,00\sKč$/,
      'Sazba DPH': /^21\s%$/,
      Celkem: /^2\s400,00\sKč$/,
    };
    for (const [caption, figure] of Object.entries(captioned)) {
      const cell = row.locator('td', { has: page.getByText(caption, { exact: true }) });
      expect(await cell.count(), caption).toBe(1);
      expect(await cell.getByText(caption, { exact: true }).isVisible(), caption).toBe(true);
      expect((await cell.innerText()).replace(caption, '').trim(), caption).toMatch(figure);
      // the column's header names the cell for a screen reader
      expect(await page.locator('.order-lines').getByRole('columnheader', { name: caption, exact: true }).count(), caption).toBe(1);
    }
    // the head itself is out of sight, and nothing is wider than the screen
    expect((await page.locator('.order-lines thead').boundingBox())!.height).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
