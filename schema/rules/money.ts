// Money is an integer of minor units (haléře, cents); these helpers never let a rounding error reach a total.
import type { Locale } from './locale.ts';

export type Currency = 'CZK' | 'EUR';

const CURRENCY_SYMBOL: Record<Currency, string> = { CZK: 'Kč', EUR: '€' };
const NBSP = '\u00a0';

/** U+2212 MINUS SIGN: a negative amount (a discount, a rounding down) is written with it, not a hyphen. */
const MINUS = '\u2212';

/**
 * "1 250,00 Kč" and "1 250,00 €" in Czech, "CZK 1,250.00" and "EUR 1,250.00" in English (English
 * readers get the ISO code: "Kč" would mean nothing to most of them), with no-break spaces: what
 * Intl.NumberFormat writes for these two locales (tests/unit/rules/money.test.ts compares them), written
 * out here because a browser's first currency formatter loads ICU's currency data, 25-40 ms of its main
 * thread while the page hydrates (docs/performance.md), and so that the server's HTML and the browser
 * can never format a price differently. One difference from Intl: a negative amount has the minus sign
 * (U+2212), "−104,85 Kč", where Intl writes a hyphen; the discount and the rounding lines of pages,
 * e-mails and invoices pass their amounts negative to this one function rather than prefixing a sign.
 */
export function formatMoney(amountMinor: number, currency: Currency, locale: Locale): string {
  const minor = Math.round(Math.abs(amountMinor));
  const sign = amountMinor < 0 && minor > 0 ? MINUS : '';
  const cents = String(minor % 100).padStart(2, '0');
  const whole = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+$)/g, locale === 'cs' ? NBSP : ',');
  return locale === 'cs' ? `${sign}${whole},${cents}${NBSP}${CURRENCY_SYMBOL[currency]}` : `${sign}${currency}${NBSP}${whole}.${cents}`;
}

/**
 * Minor units as a plain decimal with two places and a dot ("1250.50"), as machines read amounts: the
 * QR payment's AM field, schema.org's Offer.price. Exact: no floating-point division.
 */
export function decimalAmount(amountMinor: number): string {
  assertMinorUnits(amountMinor, 'amountMinor');
  const whole = Math.floor(Math.abs(amountMinor) / 100);
  const fraction = String(Math.abs(amountMinor) % 100).padStart(2, '0');
  return `${amountMinor < 0 ? '-' : ''}${whole}.${fraction}`;
}

/** numerator / denominator rounded half away from zero, exact for any size of integer. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

function assertMinorUnits(amountMinor: number, name: string): void {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`${name} must be an integer of minor units`);
}

// Rates are kept as integer hundredths of a percent so that 21 or 10.5 % need no floating-point division.
function rateInBasisPoints(ratePercent: number): bigint {
  const basisPoints = Math.round(ratePercent * 100);
  if (!Number.isFinite(ratePercent) || ratePercent < 0 || Math.abs(ratePercent * 100 - basisPoints) > 1e-6) {
    throw new RangeError(`VAT rate must be a non-negative percentage with at most two decimals, got ${ratePercent}`);
  }
  return BigInt(basisPoints);
}

export interface VatSplit {
  gross: number;
  net: number;
  vat: number;
}

/** Splits a price with VAT: net = round(gross / (1 + rate/100)) half away from zero, vat = gross - net. */
export function vatSplit(grossMinor: number, ratePercent: number): VatSplit {
  assertMinorUnits(grossMinor, 'grossMinor');
  const net = Number(divideRounded(BigInt(grossMinor) * 10_000n, 10_000n + rateInBasisPoints(ratePercent)));
  return { gross: grossMinor, net, vat: grossMinor - net };
}

export interface VatLine {
  grossMinor: number;
  ratePercent: number;
}

export interface VatRecapRow extends VatSplit {
  ratePercent: number;
}

export interface VatRecap {
  /** One row per rate, highest rate first. */
  byRate: VatRecapRow[];
  total: VatSplit;
}

/**
 * Invoice recapitulation per VAT rate. Each line is split on its own and the splits are summed,
 * so every total is the sum of what the lines show and net + vat always equals gross.
 */
export function sumByVatRate(lines: readonly VatLine[]): VatRecap {
  const rows = new Map<number, VatRecapRow>();
  const total: VatSplit = { gross: 0, net: 0, vat: 0 };
  for (const line of lines) {
    const split = vatSplit(line.grossMinor, line.ratePercent);
    let row = rows.get(line.ratePercent);
    if (!row) {
      row = { ratePercent: line.ratePercent, gross: 0, net: 0, vat: 0 };
      rows.set(line.ratePercent, row);
    }
    row.gross += split.gross;
    row.net += split.net;
    row.vat += split.vat;
    total.gross += split.gross;
    total.net += split.net;
    total.vat += split.vat;
  }
  const byRate = [...rows.values()].sort((a, b) => b.ratePercent - a.ratePercent);
  return { byRate, total };
}

/**
 * Converts haléře to euro cents at a rate given in CZK per 1 EUR (as the ČNB publishes it, e.g. 25.125),
 * rounding half away from zero to whole cents.
 */
export function convertCzkToEur(czkMinor: number, czkPerEur: number): number {
  assertMinorUnits(czkMinor, 'czkMinor');
  if (!Number.isFinite(czkPerEur) || czkPerEur <= 0) throw new RangeError('The exchange rate must be positive');
  // Rates have at most 6 decimals here; scaling them to integers keeps the division exact.
  const rateMillionths = BigInt(Math.round(czkPerEur * 1_000_000));
  if (rateMillionths === 0n) throw new RangeError('The exchange rate is too small');
  return Number(divideRounded(BigInt(czkMinor) * 1_000_000n, rateMillionths));
}
