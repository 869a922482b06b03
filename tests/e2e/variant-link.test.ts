// Issue 44 in Chromium, with and without JavaScript: a variant's link (/produkt/{slug}?varianta={code},
// /en/product/{slug}?variant={code}, what the feeds link) opens the product with that colour and size
// chosen, its price, stock and delivery promise, and "Do košíku" adds that variant; the canonical
// address stays the product's; an unknown code opens the product as without one. The page's link
// previews and JSON-LD name the picture's raster copy, which the build rendered and the shop serves as
// immutable. The response cache keeps one page per real variant's address, and none for made-up codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';
import { variantHref } from '../../schema/variant-link.ts';
import { href } from '../../schema/routes.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

/** A product in two colours and sizes, and one of its variants in stock that the page would not preselect. */
type Linked = { slugs: { cs: string; en: string }; code: string; colour: string; size: string; priceCzk: number; productId: number; variantId: number };
let linked: Linked;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ responseCache: true }), launchBrowser()]);
  const products = await shop.prisma.product.findMany({
    where: { published: true },
    include: { translations: true, variants: { include: { colour: true }, orderBy: { position: 'asc' } } },
    orderBy: { id: 'asc' },
  });
  for (const product of products) {
    const colours = new Set(product.variants.map((variant) => variant.colour?.code).filter(Boolean));
    if (colours.size < 2 || product.variants.some((variant) => !variant.size)) continue;
    // the page preselects the first colour in stock: the link's variant is of another colour
    const preselected = product.variants.find((variant) => variant.stock > 0)?.colour?.code;
    const variant = product.variants.find((candidate) => candidate.stock >= 2 && candidate.colour!.code !== preselected);
    if (!variant) continue;
    const slug = (language: string) => product.translations.find((row) => row.language === language)!.slug;
    linked = {
      slugs: { cs: slug('cs'), en: slug('en') },
      code: variant.code,
      colour: variant.colour!.code,
      size: variant.size!,
      priceCzk: variant.priceCzk,
      productId: product.id,
      variantId: variant.id,
    };
    break;
  }
  expect(linked).toBeDefined();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function newPage(javaScriptEnabled: boolean, language: 'cs' | 'en' = 'cs'): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, locale: language === 'cs' ? 'cs-CZ' : 'en-GB', viewport: { width: 1280, height: 900 } });
  await context.addCookies([consentCookie(shop.url)]);
  return context.newPage();
}

/** What the buy box shows as chosen: the checked colour and size, the code, the price's digits. */
async function chosen(page: Page) {
  const checked = async (selector: string) => {
    const input = page.locator(selector);
    return (await input.count()) === 1 ? input.getAttribute('value') : null;
  };
  return {
    colour: await checked('.swatch input:checked'),
    size: await checked('.size input:checked'),
    code: await page.locator('.buy-box__meta strong').nth(1).textContent(),
    price: (await page.getByTestId('product-price').locator('.price--large').textContent())!.replace(/\D/g, ''),
  };
}

const czkDigits = (minor: number) => String(minor);

describe('a variant\'s link', () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`opens the product with that colour and size chosen, its price, stock and promise (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const page = await newPage(javaScriptEnabled);
      const response = await page.goto(shop.url + variantHref(linked.slugs.cs, linked.code, 'cs'));
      expect(response!.status()).toBe(200);
      if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated]');
      expect(await chosen(page)).toEqual({ colour: linked.colour, size: linked.size, code: linked.code, price: czkDigits(linked.priceCzk) });
      expect(await page.getByTestId('stock-state').getAttribute('class')).toContain('stock--in');
      expect(await page.getByTestId('delivery-promise').textContent()).not.toBe('');
      // the canonical address is the product's, without the query
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`http://127.0.0.1${href('product', 'cs', { slug: linked.slugs.cs })}`);
      await page.context().close();
    });
  }

  it('without JavaScript, "Do košíku" adds the linked variant', async () => {
    const page = await newPage(false);
    await page.goto(shop.url + variantHref(linked.slugs.cs, linked.code, 'cs'));
    await Promise.all([page.waitForEvent('load'), page.getByTestId('add-to-cart').click()]);
    expect(new URL(page.url()).pathname).toBe(href('cart', 'cs'));
    const lines = await shop.prisma.cartLine.findMany({ where: { variant: { productId: linked.productId } } });
    expect(lines.map((line) => line.variantId)).toEqual([linked.variantId]);
    await page.context().close();
  });

  it('in English: /en/product/{slug}?variant={code}', async () => {
    const page = await newPage(false, 'en');
    const path = variantHref(linked.slugs.en, linked.code, 'en');
    expect(path).toBe(`/en/product/${linked.slugs.en}?variant=${encodeURIComponent(linked.code)}`);
    await page.goto(shop.url + path);
    const shown = await chosen(page);
    expect([shown.colour, shown.size, shown.code]).toEqual([linked.colour, linked.size, linked.code]);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`http://127.0.0.1${href('product', 'en', { slug: linked.slugs.en })}`);
    await page.context().close();
  });

  it('an unknown code opens the product as without one, without an error', async () => {
    const page = await newPage(false);
    await page.goto(shop.url + href('product', 'cs', { slug: linked.slugs.cs }));
    const plain = await chosen(page);
    const response = await page.goto(`${shop.url}${href('product', 'cs', { slug: linked.slugs.cs })}?varianta=NO-SUCH-CODE`);
    expect(response!.status()).toBe(200);
    expect(await chosen(page)).toEqual(plain);
    expect(plain.colour).not.toBe(linked.colour);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await page.context().close();
  });
});

describe('the raster picture in link previews', () => {
  it('og:image and the JSON-LD image are the JPEG copy, served as immutable', async () => {
    const page = await newPage(false);
    await page.goto(shop.url + href('product', 'cs', { slug: linked.slugs.cs }));
    const ogImage = (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
    expect(ogImage).toMatch(/^http:\/\/127\.0\.0\.1\/images\/raster\/[A-Za-z0-9_-]+\.[0-9a-f]{12}\.jpg$/);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = jsonLd.map((text) => JSON.parse(text) as { '@type': string; image?: string }).find((item) => item['@type'] === 'Product');
    expect(product?.image).toBe(ogImage);
    // the build rendered it
    const picture = await fetch(shop.url + new URL(ogImage).pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    await page.context().close();
  });
});

describe('the response cache and variant links', () => {
  const get = (path: string) => fetch(shop.url + path);

  it('keeps a real variant\'s page', async () => {
    const path = variantHref(linked.slugs.cs, linked.code, 'cs');
    const first = await get(path);
    const second = await get(path);
    expect(first.status).toBe(200);
    expect(second.headers.get('x-cache')).toBe('HIT');
  });

  it('stores no page for a made-up code, nor for a real code in another address', async () => {
    const base = href('product', 'cs', { slug: linked.slugs.cs });
    for (const path of [`${base}?varianta=FLOOD-1`, `${base}?varianta=${encodeURIComponent(linked.code)}&x=1`, `${base}?variant=${encodeURIComponent(linked.code)}`]) {
      const first = await get(path);
      const second = await get(path);
      expect(first.status).toBe(200);
      expect(second.headers.get('cache-control')).toBe('private, no-store');
      expect(second.headers.get('x-cache')).not.toBe('HIT');
    }
  });
});
