// Prices are computed here and only here (house rule 3): integers of minor units, VAT included
// in catalog prices, split into without-VAT and VAT per line.
import { convertCzkToEur, vatSplit } from '../../../schema/rules/index.ts';
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
