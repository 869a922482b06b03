// Server-rendered pages as a crawler or curl sees them: every route of the spec's table in both
// languages, the data already in the HTML, SEO metadata, and the status codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop } from '../support/shop-server.ts';
import { routeParams, type RouteParams } from '../support/route-params.ts';
import { ROUTES, href, type RouteName } from '../../schema/routes.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let sample: RouteParams;

beforeAll(async () => {
  shop = await startShop();
  sample = await routeParams(shop.prisma);
});

afterAll(async () => {
  await shop?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(shop.url + path, { redirect: 'manual', headers });

describe('server-rendered pages', () => {
  it('renders the Czech home page with product names and prices in the HTML', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="cs"');
    expect(html).toContain('<title>Sportovní svět – dresy, obuv a fan shop</title>');
    expect(html).toMatch(/\d[\d\u00a0 ]*,\d\d\u00a0Kč/);
    const newest = await shop.prisma.productTranslation.findFirstOrThrow({
      where: { language: 'cs', product: { isNew: true } },
      orderBy: { product: { createdAt: 'desc' } },
    });
    expect(html).toContain(newest.name.replace(/"/g, '&quot;'));
    expect(html).toContain('window.__APOLLO_STATE__=');
    expect(html).toContain('rel="alternate" hrefLang="en" href="http://127.0.0.1/en"');
  });

  it('preloads the code modules at low priority, after the stylesheet and the first images', async () => {
    for (const path of ['/', '/kategorie/dresy']) {
      const html = await (await get(path)).text();
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length, path).toBeGreaterThan(3);
      for (const link of preloads) expect(link).toContain(' fetchpriority="low" ');
      expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchPriority="high"\/>/);
      expect(html).toMatch(/<link nonce="[^"]+" rel="stylesheet" href="\/assets\/styles-[^"]+\.css"/);
    }
  });

  it('renders the English home page in English', async () => {
    const html = await (await get('/en')).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Sports World');
    expect(html).toMatch(/CZK\u00a0\d[\d,]*\.\d\d/);
  });

  it('puts the product, its price and JSON-LD into the product page', async () => {
    const product = await shop.prisma.product.findFirstOrThrow({ include: { translations: true } });
    const cs = product.translations.find((t) => t.language === 'cs')!;
    const html = await (await get(href('product', 'cs', { slug: cs.slug }))).text();
    expect(html).toContain(cs.name.replace(/"/g, '&quot;'));
    expect(html).toContain('application/ld+json');
    expect(html).toContain('"@type":"Product"');
    expect(html).toContain(`"sku":"${product.code}"`);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1\/produkt\//);
  });

  it('answers every route of the table in both languages; account pages send guests to login', async () => {
    for (const [name, route] of Object.entries(ROUTES) as [RouteName, (typeof ROUTES)[RouteName]][]) {
      for (const language of ['cs', 'en'] as const) {
        const path = href(name, language, sample[language][name] ?? {});
        const response = await get(path);
        if ('guard' in route) {
          expect(response.status, path).toBe(302);
          expect(response.headers.get('location'), path).toBe(`${href('login', language)}?next=${encodeURIComponent(path)}`);
        } else if (name === 'checkout') {
          // nothing to buy without a cart: the cart page says so
          expect(response.status, path).toBe(302);
          expect(response.headers.get('location'), path).toBe(href('cart', language));
        } else if (name === 'orderSummary' || name === 'orderDetail') {
          // the sample order does not exist (and a guest owns none): the order's own 404, which tells nothing about orders
          expect(response.status, path).toBe(404);
          expect(await response.text(), path).toContain(language === 'cs' ? 'Objednávka nebyla nalezena' : 'Order not found');
        } else if (name === 'sharedWishlist') {
          // the sample token names no wishlist: its own 404 (issue 9), never someone else's list
          expect(response.status, path).toBe(404);
          expect(await response.text(), path).toContain(language === 'cs' ? 'Seznam oblíbených nebyl nalezen' : 'Wishlist not found');
        } else {
          expect(response.status, path).toBe(200);
          const html = await response.text();
          expect(html, path).toContain(`<html lang="${language}"`);
          expect(html, path).toMatch(/<title>[^<]+<\/title>/);
        }
      }
    }
  });

  it('answers an unknown path with status 404 and the spec texts', async () => {
    const response = await get('/tohle-tu-neni');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Stránka nebyla nalezena');
    // in the page's language (issue 11), also on an English page
    expect(html).toContain('Stránka nebyla nalezena: /tohle-tu-neni');
    expect(await (await get('/en/this-is-not-here')).text()).toContain('Page not found: /en/this-is-not-here');
    expect(html).toContain('Návrat na úvodní stránku');
    const missingProduct = await get('/produkt/neexistujici-produkt');
    expect(missingProduct.status).toBe(404);
  });

  it('redirects the English store link from the fast-delivery tile to the English store page', async () => {
    const response = await get('/stores/5282');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/en/stores/5282');
  });

  it('serves sitemap.xml and robots.txt', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://127.0.0.1/info/1/obchodni-podminky</loc>');
    expect(sitemap).toContain('hreflang="en" href="http://127.0.0.1/en/info/1/');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://127.0.0.1/sitemap.xml');
  });

  it('puts its one stylesheet before the module preloads and loads few scripts (issue 10, Lighthouse)', async () => {
    for (const path of [href('category', 'cs', sample.cs.category!), href('product', 'en', sample.en.product!), '/']) {
      const head = (await (await get(path, { 'accept-language': 'cs' })).text()).split('<body')[0];
      const stylesheets = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)];
      const preloads = [...head.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)];
      // a component importing its own CSS would add a second sheet, which React places after the scripts
      expect(stylesheets.map((match) => match[0]), path).toEqual([expect.stringContaining('data-precedence')]);
      expect(preloads.length, path).toBeGreaterThan(0);
      expect(stylesheets[0].index!, path).toBeLessThan(preloads[0].index!);
      // the framework and the shared modules come in two chunks, not dozens (vite.config.ts)
      expect(preloads.length, path).toBeLessThanOrEqual(12);
    }
  });

  it('a search with a typo finds the products and says what else it searched for, in both languages', async () => {
    // "vlatvin": two letters of the demo club "Vltavín" swapped
    const czech = await (await get('/hledat?q=dres%20vlatvin')).text();
    expect(czech).toContain('Hledali jsme také „vltavin“.');
    expect(czech).toContain('FC Vltavín Praha');
    const english = await (await get('/en/search?q=vlatvin')).text();
    expect(english).toContain('We also searched for “vltavin”.');
    // a known word says nothing of the kind
    expect(await (await get('/hledat?q=vltavin')).text()).not.toContain('Hledali jsme také');
  });
});
