// The price comparison feeds (issue 44 §1): written by the feeds job from the demo catalog, valid
// against their XSDs (tests/support/feeds/, xmllint), one offer per variant grouped by product, sold-out
// variants marked, hidden products left out, hostile product text escaped, a price change and a hidden
// product reaching the files through the change events, a stock change rewriting only the feed that
// shows exact stock unless a variant sold out, served by every instance with Last-Modified,
// ETag, conditional GET and gzip, and 503 with Retry-After before the first file. The GTIN: a wrong check
// digit refused by the stock command (Czech and English) and by the database.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { childText, offersById, parseFeed, xmllintFeed } from '../support/feeds.ts';
import { seedDemoData } from '../../prisma/seed/seed.ts';
import { FEED_NAMES, itemId, type FeedName } from '../../bff/src/services/feeds/formats.ts';
import { claimFeedLease } from '../../bff/src/services/feeds/lease.ts';
import { priceHistories, setPrices } from '../../bff/src/services/prices.ts';
import { reductionOf } from '../../bff/src/services/pricing.ts';
import { rasterPictureUrl, variantUrl } from '../../bff/src/services/product-pictures.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { stockCommand } from '../../scripts/stock.ts';
import { setStock } from '../../bff/src/services/stock.ts';

let app: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-feeds-'));
  app = await createTestApp({ config: { feedsDir: dir, publicUrl: 'https://shop.example.cz' } });
  await seedDemoData(app.prisma, { eurRate: app.config.eurRate });
}, 240_000);

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the job now and waits for its round: it wrote, or found a run of the other instance that began later. */
async function writeFeeds(target: TestApp = app): Promise<void> {
  target.feeds.changed();
  await target.feeds.settled();
  const outcome = target.feeds.lastOutcome;
  expect(outcome?.written || outcome?.reason === 'covered', JSON.stringify(outcome)).toBe(true);
}

function feedFile(name: FeedName): string {
  return path.join(dir, `${name}.xml`);
}

const parsed = new Map<string, Document>();

/** The feed file as a document, parsed once per file written (jsdom takes seconds for a megabyte). */
function feed(name: FeedName): Document {
  const stat = statSync(feedFile(name));
  const key = `${name}:${stat.size}:${stat.mtimeMs}`;
  let document = parsed.get(key);
  if (!document) {
    document = parseFeed(readFileSync(feedFile(name), 'utf8'));
    parsed.set(key, document);
  }
  return document;
}

// the demo catalog's feeds are megabytes: parsing them takes a while on a busy machine
describe(`price comparison feeds (${databaseKind})`, { timeout: 240_000 }, () => {
  it('answers 503 with Retry-After before the first file is written, and renders nothing itself', async () => {
    for (const file of ['/feeds/heureka.xml', '/feeds/google-en.xml.gz']) {
      const response = await fetch(app.url + file);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await fetch(`${app.url}/feeds/unknown.xml`)).status).toBe(404);
  });

  it('the demo catalog’s feeds validate against their XSDs, one offer per variant of a published product', async () => {
    await writeFeeds();
    for (const name of FEED_NAMES) {
      const lint = xmllintFeed(name, feedFile(name));
      expect(lint.output).toContain('validates');
      expect(lint.status, lint.output).toBe(0);
    }
    const variants = await app.prisma.variant.findMany({
      where: { product: { published: true, images: { some: {} } } },
      include: { product: { include: { translations: true, images: { orderBy: { position: 'asc' } }, manufacturer: true } } },
    });
    expect(variants.length).toBeGreaterThan(100);
    for (const name of FEED_NAMES) expect(offersById(feed(name)).size, name).toBe(variants.length);

    const heureka = offersById(feed('heureka'));
    const google = offersById(feed('google'));
    const googleEn = offersById(feed('google-en'));
    const availability = offersById(feed('heureka-dostupnost'));
    const withGtin = variants.find((variant) => variant.gtin !== null)!;
    const withoutGtin = variants.find((variant) => variant.gtin === null)!;
    const soldOut = variants.find((variant) => variant.stock === 0)!;
    const inStock = variants.find((variant) => variant.stock > 0 && variant.gtin !== null)!;
    for (const variant of [withGtin, withoutGtin, soldOut, inStock]) expect(variant, 'the demo data has such a variant').toBeDefined();

    const offer = heureka.get(itemId(inStock))!;
    const slug = inStock.product.translations.find((t) => t.language === 'cs')!.slug;
    expect(childText(offer, 'URL')).toBe(`https://shop.example.cz${variantUrl(slug, inStock.code, 'cs')}`);
    expect(childText(offer, 'IMGURL')).toBe(`https://shop.example.cz${rasterPictureUrl(inStock.product.images[0].url, 'jpeg')}`);
    expect(childText(offer, 'ITEMGROUP_ID')).toBe(inStock.product.code);
    expect(childText(offer, 'PRICE_VAT')).toBe((inStock.priceCzk / 100).toFixed(2));
    expect(childText(offer, 'EAN')).toBe(inStock.gtin);
    expect(Number(childText(offer, 'DELIVERY_DATE'))).toBeLessThanOrEqual(4);
    expect(childText(offer, 'MANUFACTURER')).toBe(inStock.product.manufacturer.name);
    expect(childText(offer, 'MANUFACTURER_POSTAL_ADDRESS')).toContain(inStock.product.manufacturer.city!);
    expect(childText(offer, 'CATEGORYTEXT')).toMatch(/^Heureka\.cz \| /);
    // the delivery methods Heureka knows, the cash-on-delivery price with the fee the checkout adds
    const parcel = await app.prisma.deliveryMethod.findUniqueOrThrow({ where: { code: 'parcel-point' } });
    const cod = await app.prisma.paymentMethod.findFirstOrThrow({ where: { isCashOnDelivery: true, deliveries: { some: { deliveryMethodId: parcel.id } } } });
    const zasilkovna = [...offer.children].find((child) => child.localName === 'DELIVERY' && childText(child, 'DELIVERY_ID') === 'ZASILKOVNA')!;
    const free = parcel.freeFromCzk !== null && inStock.priceCzk >= parcel.freeFromCzk;
    expect(childText(zasilkovna, 'DELIVERY_PRICE')).toBe(((free ? 0 : parcel.priceCzk) / 100).toFixed(2));
    expect(childText(zasilkovna, 'DELIVERY_PRICE_COD')).toBe((((free ? 0 : parcel.priceCzk) + cod.priceCzk) / 100).toFixed(2));

    // sold out: Heureka's restock days, Zboží's "unknown", Google's out_of_stock, no dispatch time
    expect(childText(heureka.get(itemId(soldOut))!, 'DELIVERY_DATE')).toBe(String(app.config.feedsRestockDays));
    expect(childText(offersById(feed('zbozi')).get(itemId(soldOut))!, 'DELIVERY_DATE')).toBe('-1');
    expect(childText(google.get(itemId(soldOut))!, 'availability')).toBe('out_of_stock');
    expect(childText(availability.get(itemId(soldOut))!, 'stock_quantity')).toBe('0');
    expect(childText(availability.get(itemId(soldOut))!, 'delivery_time')).toBeNull();
    expect(childText(availability.get(itemId(inStock))!, 'stock_quantity')).toBe(String(inStock.stock));
    expect(childText(google.get(itemId(inStock))!, 'availability')).toBe('in_stock');

    // identifiers: a GTIN, or identifier_exists=no
    expect(childText(google.get(itemId(withGtin))!, 'gtin')).toBe(withGtin.gtin);
    expect(childText(google.get(itemId(withoutGtin))!, 'identifier_exists')).toBe('no');
    // Czech in crowns, English in euros with the English link
    expect(childText(google.get(itemId(inStock))!, 'price')).toMatch(/^\d+\.\d{2} CZK$/);
    expect(childText(googleEn.get(itemId(inStock))!, 'price')).toMatch(/^\d+\.\d{2} EUR$/);
    expect(childText(googleEn.get(itemId(inStock))!, 'link')).toContain('/en/');
  });

  it('a reduction the shop may announce is g:sale_price against the lowest price of the 30 days before it', async () => {
    const marked = await app.prisma.variant.findMany({ where: { originalPriceCzk: { not: null }, product: { published: true } } });
    const histories = await priceHistories(app.prisma, marked.map((variant) => variant.id));
    const now = new Date();
    const reduced = marked.flatMap((variant) => {
      const reduction = reductionOf(variant, histories.get(variant.id) ?? [], 'CZK', app.config.eurRate, now);
      return reduction ? [{ variant, reduction }] : [];
    });
    expect(reduced.length, 'the demo data announces reductions').toBeGreaterThan(0);
    const google = offersById(feed('google'));
    for (const { variant, reduction } of reduced) {
      const item = google.get(itemId(variant))!;
      expect(childText(item, 'sale_price')).toBe(`${(reduction.price / 100).toFixed(2)} CZK`);
      expect(childText(item, 'price')).toBe(`${(reduction.lowestPrice / 100).toFixed(2)} CZK`);
    }
    // a variant marked for sale whose reduction the rule does not allow has no sale_price
    const notAllowed = marked.find((variant) => !reduced.some((entry) => entry.variant.id === variant.id));
    if (notAllowed) expect(childText(google.get(itemId(notAllowed))!, 'sale_price')).toBeNull();
  });

  it('escapes hostile product text: "]]>", "<", control characters and bidi overrides', async () => {
    const hostile = { cs: 'Dres ]]> <b>tučně</b> & "uvozovky"\u0001\u0008\u202E konec', en: 'Jersey ]]> <script>x</script>\u000B end' };
    const product = await createProduct(app.prisma, { names: hostile, description: { cs: 'Popis ]]><![CDATA[ \u0007 <i>', en: 'Text \uFFFF ]]>' }, images: ['/images/products/hostile.svg'] });
    await writeFeeds();
    for (const name of FEED_NAMES) expect(xmllintFeed(name, feedFile(name)).status, name).toBe(0);
    const raw = readFileSync(feedFile('heureka'), 'utf8');
    // eslint-disable-next-line no-control-regex -- the characters the feed must not hold
    expect(raw).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202E]/);
    const offer = offersById(feed('heureka')).get(itemId(product.variants[0]))!;
    expect(childText(offer, 'PRODUCTNAME')).toBe('Dres ]]> <b>tučně</b> & "uvozovky" konec');
    expect(childText(offer, 'DESCRIPTION')).toBe('Popis ]]><![CDATA[ <i>');
    const item = offersById(feed('google-en')).get(itemId(product.variants[0]))!;
    expect(childText(item, 'title')).toBe('Jersey ]]> <script>x</script> end');
  });

  it('serves the file with Last-Modified and ETag, answers 304 to conditional requests, and gzip both ways', async () => {
    const response = await fetch(`${app.url}/feeds/heureka.xml`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(readFileSync(feedFile('heureka')))).toBe(true);
    const etag = response.headers.get('etag')!;
    const modified = response.headers.get('last-modified')!;
    expect(etag).toMatch(/^"heureka-/);
    expect(Date.parse(modified)).toBeGreaterThan(0);

    const byTag = await fetch(`${app.url}/feeds/heureka.xml`, { headers: { 'if-none-match': etag, 'accept-encoding': 'identity' } });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    const byDate = await fetch(`${app.url}/feeds/heureka.xml`, { headers: { 'if-modified-since': modified, 'accept-encoding': 'identity' } });
    expect(byDate.status).toBe(304);
    const stale = await fetch(`${app.url}/feeds/heureka.xml`, { headers: { 'if-none-match': '"heureka-old"', 'accept-encoding': 'identity' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();

    const gz = await fetch(`${app.url}/feeds/heureka.xml.gz`);
    expect(gz.headers.get('content-type')).toBe('application/gzip');
    expect(gz.headers.get('content-encoding')).toBeNull();
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(body)).toBe(true);
    // the .xml to a client that takes gzip: the compressed file with Content-Encoding (fetch unpacks it)
    const encoded = await fetch(`${app.url}/feeds/heureka.xml`, { headers: { 'accept-encoding': 'gzip' } });
    expect(encoded.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await encoded.arrayBuffer()).equals(body)).toBe(true);

    const head = await fetch(`${app.url}/feeds/zbozi.xml`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(readFileSync(feedFile('zbozi')).length);
  });

  describe('with a second instance on the same database and feed directory', () => {
    let second: TestApp;

    beforeAll(async () => {
      // this one runs the job as production does: after catalog changes (debounced) and on its interval
      second = await createTestApp({ databaseUrl: app.databaseUrl, config: { feedsDir: dir, publicUrl: 'https://shop.example.cz', feedsIntervalMs: 3600_000, feedsDebounceMs: 50 } });
    });

    afterAll(async () => {
      await second?.close();
    });

    /** Waits until the second instance heard what committed and wrote it. */
    async function heardAndWritten(): Promise<void> {
      await second.changes.polled();
      await second.feeds.settled();
    }

    it('a price change reaches the feed through the change events, and both instances serve the same file', async () => {
      const product = await createProduct(app.prisma, { variants: [{ priceCzk: 99_900 }], images: ['/images/products/price.svg'] });
      await writeFeeds();
      await setPrices(app.prisma, [{ code: product.variants[0].code, priceCzk: 123_450 }], app.config.eurRate);
      await heardAndWritten();
      const offer = offersById(feed('heureka')).get(itemId(product.variants[0]))!;
      expect(childText(offer, 'PRICE_VAT')).toBe('1234.50');

      const [first, other] = await Promise.all([app, second].map((instance) => fetch(`${instance.url}/feeds/heureka.xml`, { headers: { 'accept-encoding': 'identity' } })));
      expect(other.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(await other.text()).toBe(await first.text());
    });

    it('a product hidden (even by a write no service described) leaves every feed', async () => {
      const product = await createProduct(app.prisma, { images: ['/images/products/hidden.svg'] });
      await writeFeeds();
      expect(offersById(feed('google')).has(itemId(product.variants[0]))).toBe(true);
      // as psql would: no event, the coarse counter tells every instance that anything may have changed
      await app.prisma.$executeRaw`UPDATE "Product" SET published = false WHERE id = ${product.id}`;
      await heardAndWritten();
      for (const name of FEED_NAMES) expect(offersById(feed(name)).has(itemId(product.variants[0])), name).toBe(false);
    });

    it('a stock change that sells nothing out rewrites only the availability feed; one that sells a variant out rewrites every feed', async () => {
      const product = await createProduct(app.prisma, { variants: [{ stock: 5 }], images: ['/images/products/stock-scope.svg'] });
      const variant = product.variants[0];
      // every feed written by the instance that runs the job, nothing of it left to write
      await second.changes.polled();
      await writeFeeds(second);
      const productFeedWritten = statSync(feedFile('heureka')).mtimeMs;
      const stockOf = () => childText(offersById(feed('heureka-dostupnost')).get(itemId(variant))!, 'stock_quantity');
      expect(stockOf()).toBe('5');

      await setStock(app.prisma, [{ code: variant.code, quantity: 3 }]);
      await heardAndWritten();
      expect(second.feeds.lastOutcome).toMatchObject({ written: true, scope: 'stock' });
      expect(stockOf()).toBe('3');
      expect(statSync(feedFile('heureka')).mtimeMs).toBe(productFeedWritten);

      // sold out: the product feeds' delivery date changes, so every feed is written
      await setStock(app.prisma, [{ code: variant.code, quantity: 0 }]);
      await heardAndWritten();
      expect(second.feeds.lastOutcome).toMatchObject({ written: true, scope: 'all' });
      expect(stockOf()).toBe('0');
      expect(childText(offersById(feed('heureka')).get(itemId(variant))!, 'DELIVERY_DATE')).toBe(String(second.config.feedsRestockDays));
    });

    it('a run of the stock feed alone covers the stock changes before it, not the other changes; a run of every feed covers both', async () => {
      await Promise.all([app.feeds.settled(), second.feeds.settled()]);
      // a change now, which no run so far covers; a run covers a change from a second after it (the clocks' margin)
      const changed = new Date();
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const claimed = async () => {
        const lease = await claimFeedLease(app.prisma, new Date(), 'stock');
        expect(typeof lease).toBe('object');
        return lease as Exclude<typeof lease, string>;
      };
      await (await claimed()).release(true);
      expect(await claimFeedLease(second.prisma, changed, 'stock')).toBe('covered');
      // the stock run did not cover the other changes: a run of every feed is wanted, and covers both
      const everyFeed = await claimFeedLease(second.prisma, changed, 'all');
      expect(typeof everyFeed).toBe('object');
      await (everyFeed as Exclude<typeof everyFeed, string>).release(true);
      expect(await claimFeedLease(second.prisma, changed, 'all')).toBe('covered');
      expect(await claimFeedLease(second.prisma, changed, 'stock')).toBe('covered');
      // a failed run of the stock feed leaves the last run of every feed standing, and covers nothing itself
      await (await claimed()).release(false);
      expect(await claimFeedLease(second.prisma, changed, 'all')).toBe('covered');
      const again = await claimFeedLease(second.prisma, changed, 'stock');
      expect(typeof again).toBe('object');
      await (again as Exclude<typeof again, string>).release(true);
    });

    it('one writer at a time: a second claim waits, and a change already in a run that began later is not written again', async () => {
      await Promise.all([app.feeds.settled(), second.feeds.settled()]);
      const before = new Date(Date.now() - 10_000);
      const lease = await claimFeedLease(app.prisma, new Date());
      expect(lease).not.toBe('busy');
      expect(lease).not.toBe('covered');
      expect(await claimFeedLease(second.prisma, new Date())).toBe('busy');
      await (lease as Exclude<typeof lease, string>).release(true);
      expect(await claimFeedLease(second.prisma, before)).toBe('covered');
      const again = await claimFeedLease(second.prisma, new Date(Date.now() + 5_000));
      expect(typeof again).toBe('object');
      await (again as Exclude<typeof again, string>).release(true);
    });
  });

  it('a GTIN with a wrong check digit is refused in Czech and English by the stock command, and by the database', async () => {
    const product = await createProduct(app.prisma);
    const code = product.variants[0].code;
    const env = { DATABASE_URL: app.databaseUrl, DATA_DIR: dir, SESSION_SECRET: 'feeds-test-session-secret-0123456789abcdef' };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logs = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(await runShopCommand(stockCommand, ['gtin', code, '8591234567890'], env)).not.toBe(0);
      const message = errors.mock.calls.flat().join('\n');
      expect(message).toContain('chybnou kontrolní číslici');
      expect(message).toContain('wrong check digit');
      expect((await app.prisma.variant.findUniqueOrThrow({ where: { code } })).gtin).toBeNull();
      expect(await runShopCommand(stockCommand, ['gtin', code, '12345'], env)).not.toBe(0);
      expect(errors.mock.calls.flat().join('\n')).toContain('8, 12, 13 nebo 14 číslic');
      // 5901234123457 is GS1's own example of a right one
      expect(await runShopCommand(stockCommand, ['gtin', code, '590 1234 12345 7'], env)).toBe(0);
      expect((await app.prisma.variant.findUniqueOrThrow({ where: { code } })).gtin).toBe('5901234123457');
    } finally {
      errors.mockRestore();
      logs.mockRestore();
    }
    await expect(app.prisma.$executeRaw`UPDATE "Variant" SET gtin = '5901234123458' WHERE code = ${code}`).rejects.toThrow(/Variant_gtin_check/);
  });
});
