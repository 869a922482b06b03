// The demo catalog's price history (issue 42 §3, decision 0063): 60 days of believable prices, so the
// demo shows real figures for "the lowest price of the last 30 days". The trigger on Variant writes a
// row at the seed's own moment for every variant; the seed replaces them with this story:
// - a variant that is not on sale had its price since it came (at most 60 days ago); every seventh
//   product was 100 Kč cheaper until 45 days ago (a raise: never announced as anything);
// - a variant on sale had its price before the sale (its originalPriceCzk) until a day 2-25 days ago,
//   and the sale price since: the 30 days before the reduction are in the history, so the pages show
//   the price before the sale as the lowest of those 30 days;
// - a product that came less than 30 days before its reduction (the new sale product, 8 days old) has
//   no such history, and shows no struck-through price at all.

const DAY_MS = 86_400_000;
export const PRICE_HISTORY_DAYS = 60;

export type SeedPricedVariant = {
  id: number;
  productCode: string;
  /** Days since the product came to the shop. */
  createdDaysAgo: number;
  priceCzk: number;
  priceEur: number | null;
  originalPriceCzk: number | null;
};

export type SeedPriceRow = { variantId: number; currency: 'CZK' | 'EUR'; price: number | null; at: Date };

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The euro price before a sale, in proportion to the crown prices, ending in ,90 as the shop's prices do. */
function eurBefore(priceEur: number, priceCzk: number, originalCzk: number): number {
  return Math.max(priceEur + 100, Math.ceil((priceEur * originalCzk) / priceCzk / 100) * 100 - 10);
}

/** The days ago at which a product's sale price took effect (the same for all its variants). */
export function reductionDaysAgo(productCode: string, createdDaysAgo: number): number {
  const wanted = 2 + (hash(productCode) % 24);
  return Math.max(1, Math.min(wanted, Math.min(createdDaysAgo, PRICE_HISTORY_DAYS) - 3));
}

export function demoPriceHistory(variants: readonly SeedPricedVariant[], now: Date): SeedPriceRow[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const rows: SeedPriceRow[] = [];
  for (const variant of variants) {
    const start = Math.min(variant.createdDaysAgo, PRICE_HISTORY_DAYS);
    const both = (days: number, czk: number, eur: number | null) => {
      rows.push({ variantId: variant.id, currency: 'CZK', price: czk, at: ago(days) }, { variantId: variant.id, currency: 'EUR', price: eur, at: ago(days) });
    };
    if (variant.originalPriceCzk !== null) {
      const reduced = reductionDaysAgo(variant.productCode, variant.createdDaysAgo);
      both(start, variant.originalPriceCzk, variant.priceEur === null ? null : eurBefore(variant.priceEur, variant.priceCzk, variant.originalPriceCzk));
      both(reduced, variant.priceCzk, variant.priceEur);
    } else if (hash(variant.productCode) % 7 === 0 && start > 45 && variant.priceCzk > 20_000) {
      both(start, variant.priceCzk - 10_000, variant.priceEur === null ? null : variant.priceEur - 400);
      both(45, variant.priceCzk, variant.priceEur);
    } else {
      both(start, variant.priceCzk, variant.priceEur);
    }
  }
  return rows;
}
