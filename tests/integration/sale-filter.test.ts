// Issue 42 §3, decision 0063 (addendum): a product listed as on sale (the home page's "Sleva", the
// `isSale` filter of any list, its count, the `isSale` flag) is exactly one whose reduction the rule
// allows to announce, the one `lowestPriceLast30Days` states: not one the shop merely marks (its
// `isSale` column, a variant's `originalPriceCzk`) without 30 days of history before the reduction,
// and not one whose price was raised back. The history is moved back in time and the app's clock forward.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCategory, createProduct } from '../support/factories.ts';
import { setPrices } from '../../bff/src/services/prices.ts';
import type { Purge } from '../../bff/src/events/tags.ts';

const DAY_MS = 86_400_000;
const EUR_RATE = 25;

let app: TestApp;
const purges: Purge[] = [];

beforeAll(async () => {
  app = await createTestApp({ config: { eurRate: EUR_RATE } });
  app.changes.onPurge((purge) => purges.push(purge));
});

afterEach(() => {
  app.clock.now = () => new Date();
});

afterAll(async () => {
  await app?.close();
});

/** The variant's history so far happened `days` earlier (as if it had been written then). */
async function movePast(variantId: number, days: number): Promise<void> {
  await app.prisma.$executeRaw`UPDATE "VariantPriceChange" SET "at" = "at" - make_interval(days => ${days}::int) WHERE "variantId" = ${variantId}::int`;
}

type Listed = {
  products: {
    totalCount: number;
    edges: { node: { id: string; code: string; isSale: boolean; price: { withVat: number }; lowestPriceLast30Days: { withVat: number } | null } }[];
  };
};

/** The codes of a list filtered to products on sale (as the home page asks for its "Sleva"), with their flags. */
async function onSale(filter: string, currency: 'CZK' | 'EUR' = 'CZK', sort = 'BEST_SELLING') {
  const response = await app.gql<Listed>(
    `{ products(first: 100, filter: { isSale: true ${filter} }, sort: ${sort}) {
         totalCount edges { node { id code isSale price { withVat } lowestPriceLast30Days { withVat } } } } }`,
    {},
    { headers: { 'x-shop-currency': currency } },
  );
  expect(response.errors).toBeUndefined();
  const nodes = response.data!.products.edges.map((edge) => edge.node);
  // every product listed as on sale states its lowest price of the 30 days, and says it is on sale
  for (const node of nodes) {
    expect(node.lowestPriceLast30Days, node.code).not.toBeNull();
    expect(node.isSale, node.code).toBe(true);
  }
  return { codes: nodes.map((node) => node.code), totalCount: response.data!.products.totalCount };
}

async function isSaleOf(code: string, currency: 'CZK' | 'EUR' = 'CZK') {
  const response = await app.gql<{ products: { edges: { node: { code: string; isSale: boolean; lowestPriceLast30Days: unknown } }[] } }>(
    `query($search: String!) { products(first: 20, filter: { search: $search }) { edges { node { code isSale lowestPriceLast30Days { withVat } } } } }`,
    { search: code },
    { headers: { 'x-shop-currency': currency } },
  );
  expect(response.errors).toBeUndefined();
  const node = response.data!.products.edges.find((edge) => edge.node.code === code)!.node;
  return { isSale: node.isSale, stated: node.lowestPriceLast30Days !== null };
}

describe(`products on sale are those whose reduction may be announced (${databaseKind})`, () => {
  it('the sale filter and section list a lawful reduction, not a sale mark 8 days old without 30 days of history, in CZK and EUR', async () => {
    const category = await createCategory(app.prisma, { name: { cs: 'Lahve', en: 'Bottles' }, slug: { cs: 'lahve-sleva', en: 'bottles-sale' } });
    // reduced today after 40 days at the price before: lawful, although the shop did not mark the product
    const lawful = await createProduct(app.prisma, { category, code: 'SF-LAWFUL', isSale: false, variants: [{ priceCzk: 249_900 }], eurRate: EUR_RATE });
    await movePast(lawful.variants[0].id, 40);
    await setPrices(app.prisma, [{ code: lawful.variants[0].code, priceCzk: 199_900, originalPriceCzk: 249_900 }], EUR_RATE);
    // as the demo's bottle LA-6202: came 11 days ago at its price before the sale, reduced 8 days ago
    const bottle = await createProduct(app.prisma, { category, code: 'SF-BOTTLE', isSale: true, variants: [{ priceCzk: 59_900 }], eurRate: EUR_RATE });
    await movePast(bottle.variants[0].id, 3);
    await setPrices(app.prisma, [{ code: bottle.variants[0].code, priceCzk: 49_900, originalPriceCzk: 59_900 }], EUR_RATE);
    await movePast(bottle.variants[0].id, 8);
    // marked and reduced, but its cheapest variant (which gives the price shown) is not reduced
    const other = await createProduct(app.prisma, {
      category,
      code: 'SF-OTHER',
      isSale: true,
      variants: [{ priceCzk: 99_900 }, { priceCzk: 149_900 }],
      eurRate: EUR_RATE,
    });
    for (const variant of other.variants) await movePast(variant.id, 40);
    await setPrices(app.prisma, [{ code: other.variants[1].code, priceCzk: 129_900, originalPriceCzk: 149_900 }], EUR_RATE);

    for (const currency of ['CZK', 'EUR'] as const) {
      const inCategory = await onSale(', categorySlug: "lahve-sleva"', currency);
      expect(inCategory.codes).toEqual(['SF-LAWFUL']);
      expect(inCategory.totalCount).toBe(1);
      // the home page's section: the whole catalog's sale list, best-selling first
      expect((await onSale('', currency)).codes).toContain('SF-LAWFUL');
      expect((await onSale('', currency)).codes).not.toContain('SF-BOTTLE');
      expect((await onSale('', currency, 'PRICE_ASC')).codes).not.toContain('SF-OTHER');
      // a search narrowed to products on sale
      expect((await onSale(', search: "SF-BOTTLE"', currency)).codes).toEqual([]);
      expect((await isSaleOf('SF-BOTTLE', currency)).isSale).toBe(false);
      expect(await isSaleOf('SF-LAWFUL', currency)).toEqual({ isSale: true, stated: true });
    }
    // the bottle's reduction stays unannounced as time passes: the 30 days before it are not in its history
    app.clock.now = () => new Date(Date.now() + 40 * DAY_MS);
    expect((await onSale(', categorySlug: "lahve-sleva"')).codes).toEqual(['SF-LAWFUL']);
  });

  it('a price raised back ends the sale, and the change purges the sale lists it leaves', async () => {
    const category = await createCategory(app.prisma, { name: { cs: 'Šály', en: 'Scarves' }, slug: { cs: 'saly-sleva', en: 'scarves-sale' } });
    const scarf = await createProduct(app.prisma, { category, code: 'SF-SCARF', variants: [{ priceCzk: 49_900, priceEur: 1_990 }], eurRate: EUR_RATE });
    await movePast(scarf.variants[0].id, 45);
    await setPrices(app.prisma, [{ code: scarf.variants[0].code, priceCzk: 39_900, priceEur: 1_590, originalPriceCzk: 49_900 }], EUR_RATE);
    expect((await onSale(', categorySlug: "saly-sleva"')).codes).toEqual(['SF-SCARF']);
    expect((await onSale(', categorySlug: "saly-sleva"', 'EUR')).codes).toEqual(['SF-SCARF']);
    await movePast(scarf.variants[0].id, 5);

    purges.length = 0;
    // back to the price before, the sale mark left on
    await setPrices(app.prisma, [{ code: scarf.variants[0].code, priceCzk: 49_900, priceEur: 1_990 }], EUR_RATE);
    expect((await onSale(', categorySlug: "saly-sleva"')).codes).toEqual([]);
    expect((await onSale(', categorySlug: "saly-sleva"', 'EUR')).codes).toEqual([]);
    expect(await isSaleOf('SF-SCARF')).toEqual({ isSale: false, stated: false });
    // the sale lists it leaves: its category's and the whole catalog's (the home page's is that)
    await app.changes.polled();
    const tags = purges.flatMap((purge) => ('tags' in purge ? purge.tags : []));
    expect(tags).toEqual(expect.arrayContaining([`product:${scarf.id}`, `listed:${scarf.id}`, `list:${category.id}`, 'search']));

    // lowered 10 days later to 449 Kč: the 30 days before hold the 399 Kč of the sale: no reduction
    await movePast(scarf.variants[0].id, 10);
    await setPrices(app.prisma, [{ code: scarf.variants[0].code, priceCzk: 44_900, priceEur: 1_790 }], EUR_RATE);
    expect((await onSale(', categorySlug: "saly-sleva"')).codes).toEqual([]);
    expect((await onSale(', categorySlug: "saly-sleva"', 'EUR')).codes).toEqual([]);
    // below the lowest of those 30 days: on sale again
    await setPrices(app.prisma, [{ code: scarf.variants[0].code, priceCzk: 34_900, priceEur: 1_390 }], EUR_RATE);
    expect((await onSale(', categorySlug: "saly-sleva"')).codes).toEqual(['SF-SCARF']);
    expect((await onSale(', categorySlug: "saly-sleva"', 'EUR')).codes).toEqual(['SF-SCARF']);
  });

  it('a euro price that follows the crown price is on sale in euros exactly when it is in crowns', async () => {
    const category = await createCategory(app.prisma, { name: { cs: 'Čepice', en: 'Caps' }, slug: { cs: 'cepice-sleva', en: 'caps-sale' } });
    const cap = await createProduct(app.prisma, { category, code: 'SF-CAP', variants: [{ priceCzk: 60_000 }], eurRate: EUR_RATE });
    await movePast(cap.variants[0].id, 31);
    await setPrices(app.prisma, [{ code: cap.variants[0].code, priceCzk: 50_000, originalPriceCzk: 60_000 }], EUR_RATE);
    expect((await onSale(', categorySlug: "cepice-sleva"', 'EUR')).codes).toEqual(['SF-CAP']);
    // only 29 days before: not on sale in either currency
    const young = await createProduct(app.prisma, { category, code: 'SF-YOUNG', variants: [{ priceCzk: 60_000 }], eurRate: EUR_RATE });
    await movePast(young.variants[0].id, 29);
    await setPrices(app.prisma, [{ code: young.variants[0].code, priceCzk: 50_000, originalPriceCzk: 60_000 }], EUR_RATE);
    expect((await onSale(', categorySlug: "cepice-sleva"', 'EUR')).codes).toEqual(['SF-CAP']);
    expect((await onSale(', categorySlug: "cepice-sleva"', 'CZK')).codes).toEqual(['SF-CAP']);
  });

  it('the SQL of the filter and the rule of lowestPriceLast30Days agree on many made-up histories, in CZK and EUR', async () => {
    const category = await createCategory(app.prisma, { name: { cs: 'Směs', en: 'Mix' }, slug: { cs: 'smes-sleva', en: 'mix-sale' } });
    // a small fixed generator (its high bits): the same histories on every run
    let seed = 42;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor(seed / 65_536) % n;
    };
    // few prices, so that a history repeats them and ties with the current one; 120,00 and 120,10 Kč are one euro price at the rate (4,80 €)
    const PRICES = [10_000, 11_000, 12_000, 12_010, 13_000];
    const now = new Date();
    for (let index = 0; index < 40; index++) {
      const product = await createProduct(app.prisma, {
        category,
        code: `SF-MIX-${index}`,
        variants: Array.from({ length: 1 + next(2) }, () => ({ priceCzk: 10_000 })),
        eurRate: EUR_RATE,
      });
      for (const variant of product.variants) {
        const ownEuro = next(3) === 0;
        const rows: { currency: 'CZK' | 'EUR'; price: number | null; at: Date }[] = [];
        let days = 75;
        for (let point = 0, count = 1 + next(5); point < count; point++) {
          days = Math.max(0, days - next(40));
          const at = new Date(now.getTime() - days * DAY_MS - next(2) * 3_600_000);
          // the last change is often a reduction to the lowest price
          const czk = point === count - 1 && next(2) === 0 ? PRICES[0] : PRICES[next(PRICES.length)];
          rows.push({ currency: 'CZK', price: czk, at });
          if (ownEuro || point === 0) rows.push({ currency: 'EUR', price: ownEuro ? 400 + next(4) * 10 : null, at });
        }
        const last = (currency: 'CZK' | 'EUR') => rows.filter((row) => row.currency === currency).at(-1)!.price;
        // now and then a current price the history does not end at
        const priceCzk = next(8) === 0 ? PRICES[next(PRICES.length)] : last('CZK')!;
        await app.prisma.variant.update({
          where: { id: variant.id },
          data: { priceCzk, priceEur: ownEuro ? last('EUR') : null, originalPriceCzk: next(4) === 0 ? null : 13_000 },
        });
        await app.prisma.variantPriceChange.deleteMany({ where: { variantId: variant.id } });
        await app.prisma.variantPriceChange.createMany({ data: rows.map((row) => ({ ...row, variantId: variant.id })) });
      }
    }
    app.clock.now = () => now;
    for (const currency of ['CZK', 'EUR'] as const) {
      const all = await app.gql<Listed>(
        `{ products(first: 100, filter: { categorySlug: "smes-sleva" }) { edges { node { id code isSale price { withVat } lowestPriceLast30Days { withVat } } } } }`,
        {},
        { headers: { 'x-shop-currency': currency } },
      );
      expect(all.errors).toBeUndefined();
      const stated = all.data!.products.edges.filter((edge) => edge.node.lowestPriceLast30Days !== null).map((edge) => edge.node.code);
      const listed = await onSale(', categorySlug: "smes-sleva"', currency);
      expect(listed.codes.sort()).toEqual(stated.sort());
      expect(listed.totalCount).toBe(stated.length);
      console.log(`made-up histories on sale in ${currency} (${databaseKind}): ${stated.length} of 40`);
      // some are and some are not: the comparison says something
      expect(stated.length).toBeGreaterThan(2);
      expect(stated.length).toBeLessThan(38);
    }
  });
});
