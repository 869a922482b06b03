// The demo's 60 days of prices (prisma/seed/price-history.ts, decision 0063) read by the shop's own rule:
// the sale products show the lowest price of the 30 days before their reduction, which happened within
// the last 30 days from a real earlier, higher price; the 8-day-old sale product shows no reduction.
import { describe, expect, it } from 'vitest';
import { products } from '../../prisma/seed/data/index.ts';
import { demoPriceHistory, reductionDaysAgo, type SeedPricedVariant } from '../../prisma/seed/price-history.ts';
import { convertCzkToEur, lawfulReduction, priceHistoryIn } from '../../schema/rules/index.ts';

const NOW = new Date(Date.UTC(2026, 10, 29, 12, 0, 0));
let id = 0;
const seeded: (SeedPricedVariant & { isSale: boolean })[] = products.flatMap((product) =>
  product.variants.map((variant) => ({
    id: ++id,
    productCode: product.code,
    createdDaysAgo: product.createdDaysAgo,
    priceCzk: variant.priceCzk,
    priceEur: variant.priceEur,
    originalPriceCzk: variant.originalPriceCzk ?? null,
    isSale: product.isSale,
  })),
);
const rows = demoPriceHistory(seeded, NOW);
const toEur = (czk: number) => convertCzkToEur(czk, 25);

function reduction(variant: SeedPricedVariant, currency: 'CZK' | 'EUR') {
  const history = rows.filter((row) => row.variantId === variant.id);
  return lawfulReduction(priceHistoryIn(history, currency, toEur), NOW, variant.originalPriceCzk !== null);
}

describe('the demo price history', () => {
  it('ends at every variant’s price in both currencies and reaches at most 60 days back', () => {
    for (const variant of seeded) {
      const history = rows.filter((row) => row.variantId === variant.id);
      expect(priceHistoryIn(history, 'CZK', toEur).at(-1)?.price, variant.productCode).toBe(variant.priceCzk);
      expect(history.filter((row) => row.currency === 'EUR').at(-1)?.price, variant.productCode).toBe(variant.priceEur);
      for (const row of history) expect(NOW.getTime() - row.at.getTime()).toBeLessThanOrEqual(60 * 86_400_000);
    }
  });

  it('the sale products reduced within the last 30 days state the price before the sale, in CZK and in EUR', () => {
    const sale = seeded.filter((variant) => variant.originalPriceCzk !== null && variant.createdDaysAgo >= 60);
    expect(new Set(sale.map((variant) => variant.productCode)).size).toBeGreaterThanOrEqual(15);
    for (const variant of sale) {
      expect(reductionDaysAgo(variant.productCode, variant.createdDaysAgo)).toBeLessThanOrEqual(25);
      expect(reduction(variant, 'CZK'), variant.productCode).toMatchObject({ price: variant.priceCzk, lowestPrice: variant.originalPriceCzk });
      expect(reduction(variant, 'CZK')!.percent).toBeGreaterThan(0);
      expect(reduction(variant, 'EUR'), variant.productCode).not.toBeNull();
    }
  });

  it('one sale product is too new for 30 days of history: it shows no reduction', () => {
    const young = seeded.filter((variant) => variant.isSale && variant.createdDaysAgo < 30);
    expect(young.length).toBeGreaterThan(0);
    for (const variant of young) expect(reduction(variant, 'CZK'), variant.productCode).toBeNull();
  });

  it('products not on sale announce nothing, raised or not', () => {
    for (const variant of seeded.filter((v) => v.originalPriceCzk === null)) expect(reduction(variant, 'CZK')).toBeNull();
    expect(seeded.some((variant) => variant.originalPriceCzk === null && rows.filter((row) => row.variantId === variant.id).length > 2)).toBe(true);
  });
});
