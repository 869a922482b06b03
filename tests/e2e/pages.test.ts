// Server-rendered pages as a crawler or curl sees them: every route of the spec's table in both
// languages, the data already in the HTML, SEO metadata, and the status codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

function decode(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').trim();
}

/** Every JSON-LD block of a page, parsed (a block that is not JSON fails the test). */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => {
    const data = JSON.parse(match[1]) as Record<string, unknown>;
    expect(data['@context']).toBe('https://schema.org');
    return data;
  });
}

/** The page's <meta property|name="…" content="…"> tags by name. */
function metaOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    const name = /(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (name && content !== undefined) tags[name] = decode(content);
  }
  return tags;
}

describe('server-rendered pages', () => {
  it('renders the Czech home page with product names and prices in the HTML', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="cs"');
    expect(html).toContain('<title>Tribuna Sport – dresy, obuv a fan shop</title>');
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

  it('gives every catalog page a description of its own (Lighthouse SEO: meta-description)', async () => {
    const names: RouteName[] = ['home', 'category', 'product', 'search', 'info', 'blog', 'article', 'stores', 'store'];
    for (const language of ['cs', 'en'] as const) {
      const descriptions = new Map<string, string>();
      for (const name of names) {
        const path = href(name, language, sample[language][name] ?? {}) + (name === 'search' ? '?q=dres' : '');
        const description = metaOf(await (await get(path)).text()).description;
        expect(description, path).toMatch(/\S{3}/);
        descriptions.set(path, description);
      }
      // not one text for every page
      expect(new Set(descriptions.values()).size, language).toBe(names.length);
    }
  });

  it('renders the English home page in English', async () => {
    const html = await (await get('/en')).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Tribuna Sport – jerseys, footwear and fan shop');
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

  it('structured data and link previews (issue 31): breadcrumbs, organization, website search, blog posting, og and Twitter tags', async () => {
    const base = 'http://127.0.0.1';
    const absolute = (value: unknown) => expect(String(value)).toMatch(/^http:\/\/127\.0\.0\.1\//);
    /** The page's breadcrumb trail as shown, and its BreadcrumbList, which must say the same. */
    const breadcrumbs = (html: string, path: string) => {
      const list = jsonLdOf(html).filter((item) => item['@type'] === 'BreadcrumbList');
      expect(list, path).toHaveLength(1);
      const steps = list[0].itemListElement as Record<string, unknown>[];
      steps.forEach((step, index) => {
        expect(step, path).toMatchObject({ '@type': 'ListItem', position: index + 1 });
        expect(typeof step.name === 'string' && step.name.length > 0, path).toBe(true);
        absolute(step.item);
      });
      const shown = [...(/<nav aria-label="[^"]+" class="breadcrumb">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((li) =>
        decode(li[1].replace(/<[^>]+>/g, '')),
      );
      expect(steps.map((step) => step.name), path).toEqual(shown);
      expect(steps.at(-1)!.item, path).toBe(base + path);
      return steps;
    };

    // home: the operator and the site with its search
    for (const [path, searchPath] of [['/', '/hledat'], ['/en', '/en/search']]) {
      const html = await (await get(path)).text();
      const data = jsonLdOf(html);
      const organization = data.find((item) => item['@type'] === 'Organization')!;
      expect(organization).toMatchObject({ name: 'Tribuna Sport', url: `${base}/` });
      absolute((organization.logo as { url: string }).url);
      const website = data.find((item) => item['@type'] === 'WebSite')!;
      expect(website).toMatchObject({ url: base + path, potentialAction: { '@type': 'SearchAction', 'query-input': 'required name=search_term_string' } });
      const template = (website.potentialAction as { target: { urlTemplate: string } }).target.urlTemplate;
      expect(template).toBe(`${base}${searchPath}?q={search_term_string}`);
      const search = await get(template.replace(base, '').replace('{search_term_string}', 'dres'));
      expect(search.status).toBe(200);
    }

    // a subcategory: home, its parent, itself
    const child = await shop.prisma.category.findFirstOrThrow({ where: { parentId: { not: null } }, include: { translations: true } });
    for (const language of ['cs', 'en'] as const) {
      const path = href('category', language, { slug: child.translations.find((t) => t.language === language)!.slug });
      expect(breadcrumbs(await (await get(path)).text(), path)).toHaveLength(3);
    }

    // a product: home, category, product; its picture in the link previews
    const product = await shop.prisma.product.findFirstOrThrow({ where: { published: true, images: { some: {} } }, include: { translations: true } });
    for (const language of ['cs', 'en'] as const) {
      const path = href('product', language, { slug: product.translations.find((t) => t.language === language)!.slug });
      const html = await (await get(path)).text();
      expect(breadcrumbs(html, path)).toHaveLength(3);
      const tags = metaOf(html);
      expect(tags['og:url']).toBe(base + path);
      expect(tags['og:type']).toBe('website');
      expect(tags['og:title']).toBeTruthy();
      expect(tags['og:description']).toBeTruthy();
      absolute(tags['og:image']);
      expect(tags['twitter:card']).toBe('summary_large_image');
      expect(tags['twitter:image']).toBe(tags['og:image']);
      const image = await get(tags['og:image'].replace(base, ''));
      expect(image.status).toBe(200);
      const productData = jsonLdOf(html).find((item) => item['@type'] === 'Product')!;
      expect(productData).toMatchObject({ name: expect.any(String), offers: { '@type': 'Offer', price: expect.any(String), priceCurrency: 'CZK' } });
      absolute(productData.image);
    }

    // an article: home, blog, article, and the posting itself
    const article = await shop.prisma.article.findFirstOrThrow({ where: { publishedAt: { lte: new Date() }, imageUrl: { not: null } }, include: { translations: true } });
    for (const language of ['cs', 'en'] as const) {
      const translation = article.translations.find((t) => t.language === language)!;
      const path = href('article', language, { slug: translation.slug });
      const html = await (await get(path)).text();
      expect(breadcrumbs(html, path)).toHaveLength(3);
      const posting = jsonLdOf(html).find((item) => item['@type'] === 'BlogPosting')!;
      expect(posting).toMatchObject({ headline: translation.title, datePublished: article.publishedAt.toISOString(), author: { name: 'Tribuna Sport', url: `${base}/` } });
      absolute((posting.image as string[])[0]);
      expect(metaOf(html)['og:type']).toBe('article');
    }
  });

  it('answers every route of the table in both languages; account pages send guests to login', async () => {
    for (const [name, route] of Object.entries(ROUTES) as [RouteName, (typeof ROUTES)[RouteName]][]) {
      for (const language of ['cs', 'en'] as const) {
        const path = href(name, language, sample[language][name] ?? {});
        const response = await get(path);
        if ('guard' in route && route.guard === 'guest') {
          // login and registration: a guest sees them (issue 24, item 6: customers go to their account)
          expect(response.status, path).toBe(200);
        } else if (name === 'cookieConsent') {
          // where the cookie bar posts without JavaScript; a GET goes home
          expect(response.status, path).toBe(302);
          expect(response.headers.get('location'), path).toBe(href('home', language));
        } else if ('guard' in route) {
          expect(response.status, path).toBe(302);
          expect(response.headers.get('location'), path).toBe(`${href('login', language)}?next=${encodeURIComponent(path)}`);
        } else if (name === 'checkout') {
          // nothing to buy without a cart: the cart page says so
          expect(response.status, path).toBe(302);
          expect(response.headers.get('location'), path).toBe(href('cart', language));
        } else if (name === 'orderSummary' || name === 'orderSummaryKept' || name === 'orderDetail' || name === 'withdrawalAccount' || name === 'withdrawalGuest' || name === 'orderCancelAccount' || name === 'orderCancelGuest') {
          // the sample order does not exist (and a guest owns none): the order's own 404, which tells nothing about orders
          expect(response.status, path).toBe(404);
          expect(await response.text(), path).toContain(language === 'cs' ? 'Objednávka nebyla nalezena' : 'Order not found');
        } else if (name === 'reviewLink') {
          // the sample token names no review request: the page's 404, which tells nothing about orders
          expect(response.status, path).toBe(404);
          expect(await response.text(), path).toContain(language === 'cs' ? 'Stránka nebyla nalezena' : 'Page not found');
        } else if (name === 'sharedWishlist' || name === 'sharedWishlistKept') {
          // the sample token names no wishlist: its own 404 (issue 9), never someone else's list; nor does a session that kept none
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

  it('names every route in the build\'s manifest file, not in each page; a tab of the lazy discovery asking /__manifest is told to reload (decision 0084)', async () => {
    const html = await (await get('/kategorie/dresy')).text();
    expect(html).not.toContain('window.__reactRouterManifest');
    expect(html).toMatch(/import "\/assets\/manifest-[\w-]+\.js"/);
    const manifest = await get('/__manifest?paths=%2F%2C%2Fkosik&version=0123abcd');
    expect(manifest.status).toBe(204);
    expect(manifest.headers.get('x-remix-reload-document')).toBe('true');
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

/** A raw GET (fetch would decompress on its own): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the build\'s assets', () => {
  const assets = path.resolve('build/client/assets');
  const framework = readdirSync(assets).find((name) => /^framework-[\w-]+\.js$/.test(name))!;
  const original = () => readFileSync(path.join(assets, framework));

  it('go out as the build compressed them: brotli or gzip as the browser accepts, the same code, cached for a year', async () => {
    const url = `${shop.url}/assets/${framework}`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(?:text|application)\/javascript; charset=utf-8$/i);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // the build's file itself, not a compression made while the visitor waited (which would carry
    // the plain file's ETag: express's weak ETag is the file's size and time)
    const brFile = path.join(assets, `${framework}.br`);
    expect(br.body.equals(readFileSync(brFile))).toBe(true);
    expect(br.headers.etag).toMatch(new RegExp(`^W/"${statSync(brFile).size.toString(16)}-`));
    expect(brotliDecompressSync(br.body).equals(original())).toBe(true);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original())).toBe(true);

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original())).toBe(true);

    const refused = await rawGet(url, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');

    const again = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
