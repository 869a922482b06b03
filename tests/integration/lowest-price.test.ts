// Issue 42 §3, the lowest price of the last 30 days (Consumer Protection Act § 12a, decision 0063): the
// price history is written in the transaction of every price change, whoever writes it (the owner's
// command, the service, a plain SQL UPDATE as psql sends it, a new variant); the API states the lowest
// price of the 30 days before a reduction in CZK and EUR, or nothing when it may not be announced; a
// list reads the histories in the statement that reads its variants (no statement more); a change purges the product's pages.
// The clock is controlled: the history's rows are moved back in time and the app's clock forward.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCategory, createProduct } from '../support/factories.ts';
import { setPrices } from '../../bff/src/services/prices.ts';
import type { ShopEvent } from '../../bff/src/events/events.ts';
import type { Purge } from '../../bff/src/events/tags.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { stockCommand } from '../../scripts/stock.ts';

const DAY_MS = 86_400_000;
const EUR_RATE = 25;

let app: TestApp;
let dataDir: string;
const heard: ShopEvent[] = [];
const purges: Purge[] = [];

beforeAll(async () => {
  app = await createTestApp({ config: { eurRate: EUR_RATE } });
  app.changes.subscribe((event) => heard.push(event));
  app.changes.onPurge((purge) => purges.push(purge));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lowest-price-'));
});

afterEach(() => {
  app.clock.now = () => new Date();
});

afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type HistoryRow = { currency: string; price: number | null };

async function historyOf(variantId: number): Promise<HistoryRow[]> {
  return app.prisma.variantPriceChange.findMany({ where: { variantId }, select: { currency: true, price: true }, orderBy: { id: 'asc' } });
}

/** The variant's history so far happened `days` earlier (as if it had been written then). */
async function movePast(variantId: number, days: number): Promise<void> {
  await app.prisma.$executeRaw`UPDATE "VariantPriceChange" SET "at" = "at" - make_interval(days => ${days}::int) WHERE "variantId" = ${variantId}::int`;
}

/** A client of the database outside the app, as psql is. */
async function outside<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const LOWEST = `
  query LowestPrice($slug: String!) {
    product(slug: $slug) {
      price { currency withVat }
      lowestPriceLast30Days { currency withVat withoutVat }
      variants { price { withVat } lowestPriceLast30Days { currency withVat } }
    }
  }`;
type Lowest = {
  product: {
    price: { currency: string; withVat: number };
    lowestPriceLast30Days: { currency: string; withVat: number; withoutVat: number } | null;
    variants: { price: { withVat: number }; lowestPriceLast30Days: { currency: string; withVat: number } | null }[];
  };
};

async function lowestOf(slug: string, currency: 'CZK' | 'EUR' = 'CZK') {
  const response = await app.gql<Lowest>(LOWEST, { slug }, { headers: { 'x-shop-currency': currency } });
  expect(response.errors).toBeUndefined();
  return response.data!.product;
}

describe(`the price history (${databaseKind})`, () => {
  it('a new variant starts its history in both currencies; a write that changes no price adds nothing', async () => {
    const product = await createProduct(app.prisma, { variants: [{ priceCzk: 129_900, priceEur: 5_190 }] });
    const [variant] = product.variants;
    expect(await historyOf(variant.id)).toEqual([
      { currency: 'CZK', price: 129_900 },
      { currency: 'EUR', price: 5_190 },
    ]);
    await app.prisma.variant.update({ where: { id: variant.id }, data: { stock: 3, originalPriceCzk: 150_000 } });
    await app.prisma.variant.update({ where: { id: variant.id }, data: { priceCzk: 129_900 } });
    expect(await historyOf(variant.id)).toHaveLength(2);
  });

  it('the owner’s command writes the history, the product’s "from" price and a PriceChanged event that purges the product’s pages', async () => {
    const product = await createProduct(app.prisma, { variants: [{ priceCzk: 249_900 }, { priceCzk: 259_900 }], eurRate: EUR_RATE });
    const [variant] = product.variants;
    heard.length = 0;
    purges.length = 0;
    const env = { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir, SESSION_SECRET: 'lowest-price-test-session-secret-0123456789', EUR_RATE: String(EUR_RATE) };
    expect(await runShopCommand(stockCommand, ['price', variant.code, '1999', '--was', '2499'], env)).toBe(0);
    expect(await historyOf(variant.id)).toEqual([
      { currency: 'CZK', price: 249_900 },
      { currency: 'EUR', price: null },
      { currency: 'CZK', price: 199_900 },
    ]);
    const stored = await app.prisma.product.findUniqueOrThrow({ where: { id: product.id }, select: { priceCzk: true, priceEur: true } });
    expect(stored).toEqual({ priceCzk: 199_900, priceEur: 7_996 });
    await app.changes.polled();
    expect(heard).toContainEqual({ kind: 'PriceChanged', productIds: [product.id], categoryIds: [product.categoryId] });
    expect(purges.flatMap((purge) => ('tags' in purge ? purge.tags : []))).toContain(`product:${product.id}`);
    // bad input changes nothing
    expect(await runShopCommand(stockCommand, ['price', variant.code, '17,5x'], env)).toBe(2);
    expect(await runShopCommand(stockCommand, ['price', 'NO-SUCH-CODE', '1799'], env)).toBe(2);
    expect(await historyOf(variant.id)).toHaveLength(3);
  });

  it('a plain SQL UPDATE (psql) writes the history in its own transaction, and a rollback leaves none', async () => {
    const product = await createProduct(app.prisma, { variants: [{ priceCzk: 80_000 }] });
    const [variant] = product.variants;
    await outside(async (client) => {
      await client.query('BEGIN');
      await client.query('UPDATE "Variant" SET "priceCzk" = 70000 WHERE id = $1', [variant.id]);
      await client.query('ROLLBACK');
      await client.query('UPDATE "Variant" SET "priceCzk" = 60000, "priceEur" = 2490 WHERE id = $1', [variant.id]);
    });
    expect(await historyOf(variant.id)).toEqual([
      { currency: 'CZK', price: 80_000 },
      { currency: 'EUR', price: null },
      { currency: 'CZK', price: 60_000 },
      { currency: 'EUR', price: 2_490 },
    ]);
  });
});

describe(`lowestPriceLast30Days (${databaseKind})`, () => {
  it('a reduction with 30 days of history states the lowest price of the 30 days before it, in CZK and in EUR', async () => {
    const product = await createProduct(app.prisma, { variants: [{ priceCzk: 249_900, priceEur: 9_990 }], eurRate: EUR_RATE });
    const [variant] = product.variants;
    await movePast(variant.id, 40);
    await setPrices(app.prisma, [{ code: variant.code, priceCzk: 199_900, priceEur: 7_990, originalPriceCzk: 249_900 }], EUR_RATE);
    const slug = product.translations.find((row) => row.language === 'cs')!.slug;

    const czk = await lowestOf(slug, 'CZK');
    expect(czk.price.withVat).toBe(199_900);
    expect(czk.lowestPriceLast30Days).toEqual({ currency: 'CZK', withVat: 249_900, withoutVat: 206_529 });
    expect(czk.variants[0].lowestPriceLast30Days).toEqual({ currency: 'CZK', withVat: 249_900 });
    const eur = await lowestOf(slug, 'EUR');
    expect(eur.lowestPriceLast30Days).toMatchObject({ currency: 'EUR', withVat: 9_990 });

    // 31 days later the 30 days before the reduction are the same: the same figure
    app.clock.now = () => new Date(Date.now() + 31 * DAY_MS);
    expect((await lowestOf(slug)).lowestPriceLast30Days?.withVat).toBe(249_900);
  });

  it('lowered again: the lowest of the 30 days before the latest change, which includes the first reduction', async () => {
    const product = await createProduct(app.prisma, { variants: [{ priceCzk: 300_000 }], eurRate: EUR_RATE });
    const [variant] = product.variants;
    await movePast(variant.id, 50);
    await setPrices(app.prisma, [{ code: variant.code, priceCzk: 250_000, originalPriceCzk: 300_000 }], EUR_RATE);
    await movePast(variant.id, 5);
    await setPrices(app.prisma, [{ code: variant.code, priceCzk: 200_000 }], EUR_RATE);
    const slug = product.translations[0].slug;
    expect((await lowestOf(slug, 'CZK')).lowestPriceLast30Days?.withVat).toBe(250_000);
    // the euro price follows the crown price at the rate: 250 000 haléřů are 100,00 €
    expect((await lowestOf(slug, 'EUR')).lowestPriceLast30Days).toMatchObject({ currency: 'EUR', withVat: 10_000 });
  });

  it('a reduction without 30 days of history, a raise taken back, or no announcement: null', async () => {
    const fresh = await createProduct(app.prisma, { variants: [{ priceCzk: 249_900 }] });
    await setPrices(app.prisma, [{ code: fresh.variants[0].code, priceCzk: 199_900, originalPriceCzk: 249_900 }], EUR_RATE);
    expect((await lowestOf(fresh.translations[0].slug)).lowestPriceLast30Days).toBeNull();

    const raised = await createProduct(app.prisma, { variants: [{ priceCzk: 199_900 }] });
    await movePast(raised.variants[0].id, 40);
    await setPrices(app.prisma, [{ code: raised.variants[0].code, priceCzk: 249_900 }], EUR_RATE);
    await movePast(raised.variants[0].id, 10);
    await setPrices(app.prisma, [{ code: raised.variants[0].code, priceCzk: 219_900, originalPriceCzk: 249_900 }], EUR_RATE);
    expect((await lowestOf(raised.translations[0].slug)).lowestPriceLast30Days).toBeNull();

    const unannounced = await createProduct(app.prisma, { variants: [{ priceCzk: 249_900 }] });
    await movePast(unannounced.variants[0].id, 40);
    await setPrices(app.prisma, [{ code: unannounced.variants[0].code, priceCzk: 199_900 }], EUR_RATE);
    expect((await lowestOf(unannounced.translations[0].slug)).lowestPriceLast30Days).toBeNull();
  });

  it('a list of 24 reduced products reads their histories with the variants: no statement more than without the field, the same as for 6', async () => {
    const category = await createCategory(app.prisma, { name: { cs: 'Výprodej', en: 'Clearance' }, slug: { cs: 'vyprodej-30', en: 'clearance-30' } });
    for (let index = 0; index < 24; index++) {
      const product = await createProduct(app.prisma, { category, variants: [{ priceCzk: 100_000 + index * 1_000 }, { priceCzk: 120_000 }], eurRate: EUR_RATE });
      for (const variant of product.variants) await movePast(variant.id, 40);
      await setPrices(app.prisma, [{ code: product.variants[0].code, priceCzk: 90_000 + index * 1_000, originalPriceCzk: 100_000 + index * 1_000 }], EUR_RATE);
    }
    const list = (first: number, withLowest: boolean) => `{
      products(first: ${first}, sort: PRICE_ASC, filter: { categorySlug: "vyprodej-30" }) {
        edges { node { id price { withVat } ${withLowest ? 'lowestPriceLast30Days { withVat }' : ''} variants { price { withVat } ${withLowest ? 'lowestPriceLast30Days { withVat }' : ''} } } }
      }
    }`;
    type Listed = { products: { edges: { node: { price: { withVat: number }; lowestPriceLast30Days?: { withVat: number } | null } }[] } };
    async function countFor(first: number, withLowest: boolean) {
      app.queries.length = 0;
      const response = await app.gql<Listed>(list(first, withLowest));
      expect(response.errors).toBeUndefined();
      const count = app.queries.length;
      app.queries.length = 0;
      return { count, nodes: response.data!.products.edges.map((edge) => edge.node) };
    }
    const without24 = await countFor(24, false);
    const at6 = await countFor(6, true);
    const at24 = await countFor(24, true);
    console.log(`SQL statements per list with lowestPriceLast30Days (${databaseKind}): 6 -> ${at6.count}, 24 -> ${at24.count}, 24 without -> ${without24.count}`);
    expect(at24.count).toBe(at6.count);
    expect(at24.count).toBe(without24.count);
    expect(at24.nodes).toHaveLength(24);
    // each reduced by 10 000 haléřů from a price it had for 40 days
    for (const node of at24.nodes) expect(node.lowestPriceLast30Days!.withVat - node.price.withVat).toBe(10_000);
  });
});
