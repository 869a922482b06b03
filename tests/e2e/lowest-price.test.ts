// Issue 42 §3 in real Chromium against the production build (decision 0063): the demo's sale jersey,
// reduced within the last 30 days from a price it had for longer, shows the lowest price of the 30 days
// before the reduction struck through, the line that states it and the percentage from it, on the product
// page and on its card in the search results, in Czech and in English, on the wishlist and in the cart;
// the 8-day-old sale bottle, whose
// history does not reach 30 days before its reduction, shows no struck-through price, no line, no badge,
// and is not in the home page's "Sleva", whose every card states its lowest price (decision 0063, addendum).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { chooseVariant } from '../support/product-page.ts';
import { href } from '../../schema/routes.ts';
import { products } from '../../prisma/seed/data/index.ts';
import { discountPercent, formatMoney, formatPercent, type Locale } from '../../schema/rules/index.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const jersey = products.find((product) => product.code === 'DR-1005')!;
const bottle = products.find((product) => product.code === 'LA-6202')!;
// the product's price is its cheapest variant's; the seed's history had that variant at its price before the sale
const cheapest = [...jersey.variants].sort((a, b) => a.priceCzk - b.priceCzk)[0];

const LINE: Record<Locale, (price: string) => string> = {
  cs: (price) => `Nejnižší cena za posledních 30 dní: ${price}`,
  en: (price) => `Lowest price in the last 30 days: ${price}`,
};

async function open(page: Page, path: string) {
  const response = await page.goto(shop.url + path);
  expect(response?.status()).toBe(200);
  await page.waitForSelector('html[data-hydrated]');
}

describe('the lowest price of the last 30 days', () => {
  for (const language of ['cs', 'en'] as const) {
    it(`a reduction with 30 days of history: the product page and the search card state it (${language})`, async () => {
      expect(cheapest.originalPriceCzk).toBeGreaterThan(cheapest.priceCzk);
      const lowest = formatMoney(cheapest.originalPriceCzk!, 'CZK', language);
      const percent = `\u2212${formatPercent(discountPercent(cheapest.originalPriceCzk!, cheapest.priceCzk), language)}`;
      const page = await browser.newPage();
      try {
        await open(page, href('product', language, { slug: jersey.slug[language] }));
        const price = page.getByTestId('product-price');
        await expect.poll(() => price.getByTestId('lowest-price').textContent()).toBe(LINE[language](lowest));
        expect(await price.locator('.price--original').textContent()).toBe(lowest);
        expect(await page.locator('.buy-box').getByTestId('discount-badge').textContent()).toContain(percent);

        await open(page, `${href('search', language)}?q=${encodeURIComponent(jersey.name[language])}`);
        const card = page.getByTestId('product-card').filter({ hasText: jersey.name[language] });
        await expect.poll(() => card.getByTestId('lowest-price').textContent()).toBe(LINE[language](lowest));
        expect(await card.locator('.price--original').textContent()).toBe(lowest);
        expect(await card.getByTestId('discount-badge').textContent()).toContain(percent);
      } finally {
        await page.close();
      }
    });
  }

  it('the wishlist and the cart line state it too', async () => {
    const inStock = jersey.variants.find((variant) => variant.stock > 0 && variant.priceCzk === cheapest.priceCzk)!;
    const lowest = formatMoney(inStock.originalPriceCzk!, 'CZK', 'cs');
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await open(page, href('product', 'cs', { slug: jersey.slug.cs }));
      const heart = page.locator('.buy-box').getByRole('button', { name: `Přidat do oblíbených: ${jersey.name.cs}` });
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      await chooseVariant(page, { slug: jersey.slug.cs, size: inStock.size, colour: null });
      await page.getByTestId('add-to-cart').click();
      await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe('1');

      await open(page, href('wishlist', 'cs'));
      await expect.poll(() => page.getByTestId('wishlist-item').getByTestId('lowest-price').textContent()).toBe(LINE.cs(lowest));
      await open(page, href('cart', 'cs'));
      await expect.poll(() => page.getByTestId('cart-line').getByTestId('lowest-price').textContent()).toBe(LINE.cs(lowest));
      expect(await page.getByTestId('cart-line').locator('.price--original').textContent()).toBe(lowest);
    } finally {
      await context.close();
    }
  });

  it('a reduction without 30 days of history shows no struck-through price, no line and no badge', async () => {
    expect(bottle.isSale).toBe(true);
    expect(bottle.createdDaysAgo).toBeLessThan(30);
    const page = await browser.newPage();
    try {
      await open(page, href('product', 'cs', { slug: bottle.slug.cs }));
      await expect.poll(() => page.getByTestId('product-price').textContent()).toContain(formatMoney(bottle.variants[0].priceCzk, 'CZK', 'cs'));
      // (the similar products below may be on sale: only the buy box is the bottle's)
      const buyBox = page.locator('.buy-box');
      expect(await buyBox.locator('.price--original').count()).toBe(0);
      expect(await buyBox.getByTestId('lowest-price').count()).toBe(0);
      expect(await buyBox.getByTestId('discount-badge').count()).toBe(0);
      expect(await buyBox.locator('.badge--sale').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('the home page’s sale section lists only reductions it may announce, each with its lowest price and badge; not the marked bottle, even as the best seller', async () => {
    // the bottle, marked as on sale (isSale, originalPriceCzk) but reduced without 30 days of history,
    // made the best seller of the catalog: listing it under "Sleva" would announce its reduction
    const { id } = await shop.prisma.product.findUniqueOrThrow({ where: { code: bottle.code }, select: { id: true } });
    await shop.prisma.product.update({ where: { id }, data: { soldCount: 100_000 } });
    await shop.changesSeen();
    const page = await browser.newPage();
    try {
      for (const language of ['cs', 'en'] as const) {
        await open(page, href('home', language));
        const section = page.locator('section[aria-labelledby="sale-products"]');
        const cards = section.getByTestId('product-card');
        await expect.poll(() => cards.count()).toBeGreaterThan(0);
        expect(await section.getByText(bottle.name[language]).count()).toBe(0);
        // every card of the section states its lowest price of the 30 days and carries the badge
        const count = await cards.count();
        expect(await section.getByTestId('lowest-price').count()).toBe(count);
        expect(await section.getByTestId('discount-badge').count()).toBe(count);
        for (const line of await section.getByTestId('lowest-price').allTextContents()) expect(line).toMatch(/^(Nejnižší cena za posledních 30 dní|Lowest price in the last 30 days): /);
      }
    } finally {
      await page.close();
      await shop.prisma.product.update({ where: { id }, data: { soldCount: bottle.soldCount } });
    }
  });
});
