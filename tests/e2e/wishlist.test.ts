// Wishlists in real Chromium against the production build (issue 9 item 1): a heart on a card changes
// the product page and the header count with no /graphql read (only the mutation goes out); the
// wishlist page copies a shared link to the clipboard; the link opens read only in another browser
// context with the owner's first name, and answers 404 'Seznam oblíbených nebyl nalezen' after a reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';
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

/** Goes to a page and waits until React has hydrated it. */
async function open(page: Page, path: string) {
  const response = await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
  return response;
}

type Watched = { page: Page; problems: string[]; operations: string[] };

/** A page whose /graphql requests are recorded by operation name (persisted documents carry it). */
async function newPage(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) problems.push(message.text());
  });
  const operations: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/graphql') return;
    if (request.method() === 'GET') {
      operations.push(url.searchParams.get('operationName') ?? 'GET');
      return;
    }
    try {
      operations.push((JSON.parse(request.postData() ?? '{}') as { operationName?: string }).operationName ?? 'unnamed');
    } catch {
      operations.push('unparsable');
    }
  });
  return { page, problems, operations };
}

const headerCount = (page: Page) => page.getByTestId('header-wishlist-count').textContent();

describe('wishlist in Chromium', () => {
  let owner: BrowserContext;
  let visitor: BrowserContext;

  beforeAll(async () => {
    owner = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'cs-CZ', isMobile: true });
  });

  afterAll(async () => {
    await owner?.close();
    await visitor?.close();
  });

  it('a heart on a card changes the product page and the header count, with no /graphql read', async () => {
    const { page, problems, operations } = await newPage(owner);
    await open(page, '/');
    await page.waitForLoadState('networkidle');
    const card = page.getByTestId('product-card').first();
    const name = (await card.locator('.product-card__name').textContent())!;
    // visit the product once, so that its page is in the cache, and come back
    await card.locator('a.product-card__link').click();
    await page.waitForURL(/\/produkt\//);
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
    const productPath = new URL(page.url()).pathname;
    await page.goBack();
    await page.waitForURL(`${shop.url}/`);
    await expect.poll(() => headerCount(page)).toBe('0');
    await page.waitForLoadState('networkidle');
    operations.length = 0;

    const heart = page.getByTestId('product-card').first().getByRole('button', { name: `Přidat do oblíbených: ${name}` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => headerCount(page)).toBe('1');
    expect(await page.getByTestId('header-wishlist').getAttribute('aria-label')).toBe('Oblíbené: 1 produkt');
    // every card of the product on the page shows it
    const cardsOfProduct = page.getByRole('button', { name: `Přidat do oblíbených: ${name}` });
    for (const other of await cardsOfProduct.all()) expect(await other.getAttribute('aria-pressed')).toBe('true');

    // the product page, from the cache: its heart is pressed too
    await page.getByTestId('product-card').first().locator('a.product-card__link').click();
    await page.waitForURL(`${shop.url}${productPath}`);
    const detailHeart = page.locator('.buy-box').getByRole('button', { name: `Přidat do oblíbených: ${name}` });
    await expect.poll(() => detailHeart.getAttribute('aria-pressed')).toBe('true');
    expect(await headerCount(page)).toBe('1');
    expect(operations).toEqual(['SetProductInWishlist']);

    // and back off from the detail: the header follows at once
    await detailHeart.click();
    await expect.poll(() => detailHeart.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => headerCount(page)).toBe('0');
    await detailHeart.click();
    await expect.poll(() => headerCount(page)).toBe('1');
    expect(operations).toEqual(['SetProductInWishlist', 'SetProductInWishlist', 'SetProductInWishlist']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the guest's heart follows her into her account; the shared link opens read only elsewhere and dies after a reset", async () => {
    const { page, problems } = await newPage(owner);
    await signIn(page, shop.url, { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, language: 'cs', next: '/oblibene' });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Oblíbené');
    // the heart given as a guest is in her list now
    await expect.poll(() => page.getByTestId('wishlist-item').count()).toBe(1);
    const productName = (await page.getByTestId('wishlist-item').locator('.wishlist-item__name').textContent())!;
    expect(await headerCount(page)).toBe('1');

    await page.getByRole('button', { name: 'Kopírovat odkaz' }).click();
    await expect.poll(() => page.getByText('Odkaz je zkopírovaný do schránky.').count()).toBe(1);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${shop.url}/oblibene/sdileny/[A-Za-z0-9_-]{32}$`));
    expect(await page.getByTestId('wishlist-share-link').inputValue()).toBe(link);

    const { page: other, problems: otherProblems } = await newPage(visitor);
    const shared = await other.goto(link);
    expect(shared?.status()).toBe(200);
    await other.waitForSelector('html[data-hydrated]');
    await expect.poll(() => other.locator('h1').textContent()).toBe('Oblíbené – Jana');
    expect(await other.getByTestId('wishlist-item').locator('.wishlist-item__name').textContent()).toBe(productName);
    // read only: no copy, no reset, and nothing of the owner but her first name
    expect(await other.getByRole('button', { name: 'Kopírovat odkaz' }).count()).toBe(0);
    expect(await other.getByTestId('wishlist-reset-link').count()).toBe(0);
    const text = (await other.locator('main, body').first().textContent()) ?? '';
    expect(text).not.toContain('Nováková');
    expect(text).not.toContain(DEMO_CUSTOMER.email);
    // the visitor's heart is her own: the shared list keeps its product
    expect(await other.getByTestId('wishlist-item').getByRole('button', { name: `Přidat do oblíbených: ${productName}` }).getAttribute('aria-pressed')).toBe('false');

    await page.getByRole('button', { name: 'Zneplatnit odkaz a vytvořit nový' }).click();
    await expect.poll(() => page.getByText('Starý odkaz už nefunguje. Nový je připravený ke sdílení.').count()).toBe(1);
    await expect.poll(() => page.getByTestId('wishlist-share-link').inputValue()).not.toBe(link);

    const dead = await other.goto(link);
    expect(dead?.status()).toBe(404);
    await other.waitForSelector('html[data-hydrated]');
    await expect.poll(() => other.locator('h1').textContent()).toBe('Seznam oblíbených nebyl nalezen');
    const fresh = await page.getByTestId('wishlist-share-link').inputValue();
    const alive = await other.goto(fresh);
    expect(alive?.status()).toBe(200);

    // signing out: the header and the hearts follow the server at once (no customer, no hearts)
    await page.getByRole('link', { name: 'Tribuna Sport' }).first().click();
    await page.waitForURL(`${shop.url}/`);
    const cardHeart = page.getByRole('button', { name: `Přidat do oblíbených: ${productName}` }).first();
    await expect.poll(() => cardHeart.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Odhlásit se' }).click();
    await expect.poll(() => headerCount(page)).toBe('0');
    await expect.poll(() => cardHeart.getAttribute('aria-pressed')).toBe('false');
    expect(problems).toEqual([]);
    expect(otherProblems).toEqual([]);
    await other.close();
    await page.close();
  });

  it("a sold-out size offers 'Hlídat dostupnost'; the watch is stored for the e-mail typed", async () => {
    const variant = await shop.prisma.variant.findFirstOrThrow({
      where: { size: { not: null }, stock: { gt: 0 }, product: { variants: { some: { stock: { gt: 0 } } } } },
      orderBy: { id: 'desc' },
      include: { product: { include: { translations: true } } },
    });
    await shop.prisma.variant.update({ where: { id: variant.id }, data: { stock: 0 } });
    const slug = variant.product.translations.find((row) => row.language === 'cs')!.slug;
    const { page, problems } = await newPage(visitor);
    await open(page, `/produkt/${slug}`);
    // the cookie bar covers the bottom of a phone's screen until it is answered
    const refuseCookies = page.getByRole('button', { name: 'Odmítnout vše' });
    if (await refuseCookies.count()) await refuseCookies.click();
    if (variant.colourId !== null) {
      const colour = await shop.prisma.colour.findUniqueOrThrow({ where: { id: variant.colourId } });
      await page.locator(`input[name=colour][value="${colour.code}"]`).check();
    }
    await page.locator(`input[name=size][value="${variant.size}"]`).check();
    const form = page.getByTestId('watch-availability');
    await expect.poll(() => form.getByRole('heading', { name: 'Hlídat dostupnost' }).count()).toBe(1);
    expect(await page.getByTestId('add-to-cart').isDisabled()).toBe(true);
    await form.getByLabel('E-mail').fill('neplatny');
    await form.getByRole('button', { name: 'Hlídat dostupnost' }).click();
    await expect.poll(() => form.getByText('Pole musí obsahovat platný email.').count()).toBe(1);
    await form.getByLabel('E-mail').fill('fanousek@example.cz');
    await form.getByRole('button', { name: 'Hlídat dostupnost' }).click();
    await expect.poll(() => form.getByRole('status').last().textContent(), { timeout: 20_000 }).toBe(
      'Hotovo. Až bude zboží skladem, napíšeme vám na fanousek@example.cz.',
    );
    const watch = await shop.prisma.availabilityWatch.findUniqueOrThrow({ where: { variantId_email: { variantId: variant.id, email: 'fanousek@example.cz' } } });
    expect(watch.language).toBe('cs');

    // the e-mail's unsubscribe link: opening it changes nothing, the button cancels the watch
    await open(page, `/hlidani-dostupnosti/zrusit/${watch.unsubscribeToken}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Zrušit hlídání dostupnosti');
    expect(await shop.prisma.availabilityWatch.count({ where: { id: watch.id } })).toBe(1);
    await page.getByRole('button', { name: 'Zrušit hlídání' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Hlídání je zrušené' }).textContent()).toBe(
      'Hlídání je zrušené (1 produkt). Další upozornění už neposíláme.',
    );
    expect(await shop.prisma.availabilityWatch.count({ where: { id: watch.id } })).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a customer's e-mail is filled in the watch form", async () => {
    const variant = await shop.prisma.variant.findFirstOrThrow({
      where: { size: { not: null }, stock: { gt: 0 }, colourId: null },
      orderBy: { id: 'asc' },
      include: { product: { include: { translations: true } } },
    });
    await shop.prisma.variant.update({ where: { id: variant.id }, data: { stock: 0 } });
    const slug = variant.product.translations.find((row) => row.language === 'en')!.slug;
    const context = await browser.newContext({ locale: 'en-US' });
    const { page, problems } = await newPage(context);
    await signIn(page, shop.url, { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, next: `/en/product/${slug}` });
    const refuseCookies = page.getByRole('button', { name: 'Reject all' });
    if (await refuseCookies.count()) await refuseCookies.click();
    await page.locator(`input[name=size][value="${variant.size}"]`).check();
    const form = page.getByTestId('watch-availability');
    await expect.poll(() => form.getByRole('heading', { name: 'Watch availability' }).count()).toBe(1);
    await expect.poll(() => form.getByLabel('E-mail').inputValue()).toBe(DEMO_CUSTOMER.email);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an empty wishlist says so, in English too', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const { page, problems } = await newPage(context);
    await open(page, '/en/wishlist');
    await expect.poll(() => page.getByTestId('wishlist-empty').textContent()).toContain('No wishlist yet.');
    expect(problems).toEqual([]);
    await context.close();
  });
});
