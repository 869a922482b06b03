// Prices are computed here and only here (house rule 3): integers of minor units, VAT included
// in catalog prices, split into without-VAT and VAT per line.
import { convertCzkToEur, lawfulReduction, priceHistoryIn, vatSplit, type LawfulReduction, type PriceHistoryRow } from '../../../schema/rules/index.ts';
import type { Currency } from '../../../schema/rules/money.ts';

export type Money = { currency: Currency; withVat: number; withoutVat: number; vat: number };

type PricedVariant = { priceCzk: number; priceEur: number | null; originalPriceCzk: number | null; originalPriceEur: number | null };

/** CZK to EUR cents by the configured rate (CZK per EUR), rounded to whole cents. */
export const czkToEur = convertCzkToEur;

export function unitPrice(variant: PricedVariant, currency: Currency, eurRate: number): number {
  if (currency === 'CZK') return variant.priceCzk;
  return variant.priceEur ?? czkToEur(variant.priceCzk, eurRate);
}

export function originalUnitPrice(variant: PricedVariant, currency: Currency, eurRate: number): number | null {
  if (variant.originalPriceCzk === null) return null;
  if (currency === 'CZK') return variant.originalPriceCzk;
  return variant.originalPriceEur ?? czkToEur(variant.originalPriceCzk, eurRate);
}

export function money(grossMinor: number, vatRate: number, currency: Currency): Money {
  const split = vatSplit(grossMinor, vatRate);
  return { currency, withVat: split.gross, withoutVat: split.net, vat: split.vat };
}

/** The lowest variant price, stored on the product for sorting and price filters. */
export function lowestPrices(variants: PricedVariant[], eurRate: number): { priceCzk: number; priceEur: number } {
  if (variants.length === 0) return { priceCzk: 0, priceEur: 0 };
  return {
    priceCzk: Math.min(...variants.map((v) => unitPrice(v, 'CZK', eurRate))),
    priceEur: Math.min(...variants.map((v) => unitPrice(v, 'EUR', eurRate))),
  };
}

/** The variant columns that say whether a reduction is announced. */
export type AnnouncingVariant = { priceCzk: number; priceEur: number | null; originalPriceCzk: number | null; originalPriceEur: number | null };

/** Whether the shop announces a reduction of the variant in `currency` (its sale price columns are set). */
export function announcesReduction(variant: AnnouncingVariant, currency: Currency, eurRate: number): boolean {
  return originalUnitPrice(variant, currency, eurRate) !== null;
}

/** The reduction a page may announce for a variant in `currency` at `now` (decision 0063), or null. */
export function reductionOf(variant: AnnouncingVariant, history: readonly PriceHistoryRow[], currency: Currency, eurRate: number, now: Date): LawfulReduction | null {
  if (!announcesReduction(variant, currency, eurRate)) return null;
  const reduction = lawfulReduction(priceHistoryIn(history, currency, (czk) => czkToEur(czk, eurRate)), now, true);
  // the history ends at the price the variant has (the trigger writes both); should it not (a clock
  // behind the last change), nothing is announced rather than a figure of another price
  return reduction && reduction.price === unitPrice(variant, currency, eurRate) ? reduction : null;
}
