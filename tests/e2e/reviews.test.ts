// Verified reviews in Chromium (issue 44 §3, decision 0075): a customer whose order was delivered opens
// its detail, follows "Ohodnotit" on its line, chooses the stars (a radio group) and writes a text; the
// shop owner publishes it with `npm run review -- publish`; the product page then shows the average, the
// histogram and the review marked "Ověřený nákup" with "Jak ověřujeme recenze" beside it, and the
// product's card shows its stars. The same form posts without JavaScript.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';
import { createCategory, createCustomer, createOrder, createProduct } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { reviewCommand } from '../../scripts/review.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
let commandDir: string;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  commandDir = mkdtempSync(path.join(os.tmpdir(), 'shop-reviews-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  if (commandDir) rmSync(commandDir, { recursive: true, force: true });
});

async function newPage(options: { javaScript?: boolean } = {}) {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScript ?? true, viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
  await context.addCookies([consentCookie(shop.url)]);
  return { context, page: await context.newPage() };
}

async function submit(page: Page, click: () => Promise<void>) {
  await Promise.all([page.waitForEvent('load'), click()]);
}

/** A customer with a delivered order of a new product of a new category. */
async function deliveredBuyer(name: string) {
  const category = await createCategory(shop.prisma, { name: { cs: `Recenze ${name}`, en: `Reviews ${name}` } });
  const product = await createProduct(shop.prisma, { category, names: { cs: `Šála ${name}`, en: `Scarf ${name}` }, variants: [{ stock: 5, priceCzk: 39_900 }] });
  const customer = await createCustomer(shop.prisma, { firstName: 'Božena', lastName: 'Růžičková' });
  const order = await createOrder(shop.prisma, { customer, lines: [{ variant: product.variants[0], name: `Šála ${name}` }] });
  await shop.prisma.order.update({ where: { id: order.id }, data: { status: 'DELIVERED' } });
  return { category, product, customer, order };
}

describe('verified reviews in the browser', () => {
  it('written from the order detail, published by the command, shown with stars on the product page and its card', async () => {
    const { category, product, customer, order } = await deliveredBuyer('E2E');
    const { context, page } = await newPage();
    await signIn(page, shop.url, { email: customer.email, password: customer.password, language: 'cs' });
    await page.goto(`${shop.url}/ucet/objednavka/${order.id}`);
    // an in-app link: the page changes without a new document
    await page.getByTestId('order-line-review').click();
    await page.waitForURL((url) => url.pathname === `/ucet/recenze/${product.slug('cs')}`);
    await page.getByRole('group', { name: 'Vaše hodnocení' }).waitFor();

    const stars = page.getByRole('group', { name: 'Vaše hodnocení' });
    expect(await stars.getByRole('radio').count()).toBe(5);
    await stars.getByRole('radio', { name: '4 hvězdičky' }).check();
    await page.getByLabel('Vaše zkušenost (nepovinné)').fill('Hřeje a nekouše.\nBarvy po praní drží.');
    await submit(page, () => page.getByRole('button', { name: 'Odeslat recenzi' }).click());
    expect(await page.getByTestId('review-saved').textContent()).toBe('Děkujeme, recenzi jsme uložili. Zobrazí se po kontrole.');
    const stored = await shop.prisma.review.findFirstOrThrow({ where: { productId: product.id } });
    expect(stored).toMatchObject({ rating: 4, status: 'PENDING', orderId: order.id, authorName: 'Božena R.' });

    // before the check the product page shows no review
    await page.goto(`${shop.url}/produkt/${product.slug('cs')}`);
    expect(await page.getByTestId('product-reviews').textContent()).toContain('Zatím tu není žádná recenze');

    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const exitCode = await runShopCommand(reviewCommand, ['publish', String(stored.id)], { DATABASE_URL: shop.databaseUrl, DATA_DIR: commandDir });
    vi.restoreAllMocks();
    expect(exitCode).toBe(0);
    await shop.changesSeen();

    await page.goto(`${shop.url}/produkt/${product.slug('cs')}`);
    const reviews = page.getByTestId('product-reviews');
    expect(await reviews.getByRole('heading', { level: 2 }).textContent()).toBe('Hodnocení zákazníků');
    expect(await page.getByTestId('rating-average').textContent()).toContain('4,0');
    expect(await reviews.getByText('Hodnocení 4,0 z 5').count()).toBeGreaterThan(0);
    // the histogram as a table a screen reader reads row by row
    const histogram = page.getByRole('table', { name: 'Počet recenzí podle hodnocení' });
    expect(await histogram.getByRole('rowheader').allTextContents()).toEqual(['5 hvězdiček', '4 hvězdičky', '3 hvězdičky', '2 hvězdičky', '1 hvězdička']);
    expect(await histogram.getByRole('row', { name: /4 hvězdičky/ }).textContent()).toContain('1 recenze');
    const review = page.getByTestId('review');
    expect(await review.count()).toBe(1);
    expect(await review.textContent()).toContain('Božena R.');
    expect(await review.textContent()).toContain('Ověřený nákup');
    expect(await review.locator('.review__text').textContent()).toBe('Hřeje a nekouše.\nBarvy po praní drží.');
    await reviews.getByRole('link', { name: 'Jak ověřujeme recenze' }).click();
    await page.waitForURL((url) => url.pathname === '/jak-overujeme-recenze');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Jak ověřujeme recenze');

    // JSON-LD of the product page
    await page.goto(`${shop.url}/produkt/${product.slug('cs')}`);
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product');
    expect(jsonLd.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(jsonLd.review[0]).toMatchObject({ '@type': 'Review', author: { '@type': 'Person', name: 'Božena R.' }, reviewRating: { ratingValue: 4 } });

    // the card in its category
    const categorySlug = (await shop.prisma.categoryTranslation.findFirstOrThrow({ where: { categoryId: category.id, language: 'cs' } })).slug;
    await page.goto(`${shop.url}/kategorie/${categorySlug}`);
    const card = page.getByTestId('product-card').filter({ hasText: 'Šála E2E' });
    expect(await card.getByTestId('stars').textContent()).toContain('Hodnocení 4,0 z 5');
    await context.close();
  });

  it('the form posts without JavaScript and refuses a missing rating in Czech; someone who did not buy gets no form', async () => {
    const { product, customer } = await deliveredBuyer('NoJS');
    // signed in with JavaScript, then the same session in a browser without it
    const login = await newPage();
    await signIn(login.page, shop.url, { email: customer.email, password: customer.password, language: 'cs' });
    const storageState = await login.context.storageState();
    await login.context.close();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: 'cs-CZ', storageState });
    const page = await context.newPage();
    await page.goto(`${shop.url}/ucet/recenze/${product.slug('cs')}`);
    await page.getByLabel('Vaše zkušenost (nepovinné)').fill('Bez hvězdiček');
    // the browser's own check of `required` is what a no-JS shopper meets first; the server refuses it too
    await page.locator('form.review-form').evaluate((form: HTMLFormElement) => form.setAttribute('novalidate', ''));
    await submit(page, () => page.getByRole('button', { name: 'Odeslat recenzi' }).click());
    expect(await page.locator('.review-form__stars .field__error').textContent()).toBe('Vyberte prosím hodnocení od 1 do 5 hvězdiček.');
    expect(await page.getByLabel('Vaše zkušenost (nepovinné)').inputValue()).toBe('Bez hvězdiček');
    await page.getByRole('radio', { name: '5 hvězdiček' }).check();
    await submit(page, () => page.getByRole('button', { name: 'Odeslat recenzi' }).click());
    expect(await page.getByTestId('review-saved').count()).toBe(1);
    expect((await shop.prisma.review.findFirstOrThrow({ where: { productId: product.id } })).rating).toBe(5);
    await context.close();

    const stranger = await createCustomer(shop.prisma);
    const other = await newPage();
    await signIn(other.page, shop.url, { email: stranger.email, password: stranger.password, language: 'cs' });
    await other.page.goto(`${shop.url}/ucet/recenze/${product.slug('cs')}`);
    expect(await other.page.getByTestId('review-not-allowed').textContent()).toContain('Hodnotit můžete jen zboží');
    expect(await other.page.getByTestId('review-form').count()).toBe(0);
    await other.context.close();
  });
});
