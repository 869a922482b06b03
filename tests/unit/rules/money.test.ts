import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { convertCzkToEur, decimalAmount, formatMoney, sumByVatRate, vatSplit } from '../../../schema/rules/index.ts';

const NBSP = '\u00a0';
const MINUS = '\u2212';

describe('formatMoney', () => {
  // Intl (ICU/CLDR) separates thousands and the currency with U+00A0 NO-BREAK SPACE for cs-CZ,
  // not U+202F NARROW NO-BREAK SPACE and not a plain space.
  it('formats Czech crowns as 1 250,00 Kč with no-break spaces', () => {
    const formatted = formatMoney(125_000, 'CZK', 'cs');
    expect(formatted).toBe(`1${NBSP}250,00${NBSP}Kč`);
    expect(formatted).not.toContain('\u202f');
    expect(formatted).not.toContain(' ');
  });

  it('formats for English readers with the currency code: CZK 1,250.00', () => {
    expect(formatMoney(125_000, 'CZK', 'en')).toBe(`CZK${NBSP}1,250.00`);
    expect(formatMoney(125_000, 'EUR', 'en')).toBe(`EUR${NBSP}1,250.00`);
  });

  it('formats euros in Czech with the € sign', () => {
    expect(formatMoney(125_050, 'EUR', 'cs')).toBe(`1${NBSP}250,50${NBSP}€`);
  });

  it('always shows two decimals, also for small and negative amounts', () => {
    expect(formatMoney(0, 'CZK', 'cs')).toBe(`0,00${NBSP}Kč`);
    expect(formatMoney(5, 'CZK', 'cs')).toBe(`0,05${NBSP}Kč`);
    expect(formatMoney(-1999, 'CZK', 'en')).toBe(`${MINUS}CZK${NBSP}19.99`);
    expect(formatMoney(123_456_789, 'CZK', 'cs')).toBe(`1${NBSP}234${NBSP}567,89${NBSP}Kč`);
  });

  it('writes a negative amount with the minus sign (U+2212), never a hyphen: the rounding line as the discount line (issue 24 review)', () => {
    expect(formatMoney(-15, 'CZK', 'cs')).toBe(`${MINUS}0,15${NBSP}Kč`);
    expect(formatMoney(-10_485, 'CZK', 'cs')).toBe(`${MINUS}104,85${NBSP}Kč`);
    expect(formatMoney(-10_485, 'EUR', 'en')).toBe(`${MINUS}EUR${NBSP}104.85`);
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: -1 }), fc.constantFrom('cs' as const, 'en' as const), (amountMinor, locale) => {
        const formatted = formatMoney(amountMinor, 'CZK', locale);
        expect(formatted.startsWith(MINUS)).toBe(true);
        expect(formatted).not.toContain('-');
      }),
    );
    // half a haléř and less is no amount: no sign before a zero
    expect(formatMoney(-0.4, 'CZK', 'cs')).toBe(`0,00${NBSP}Kč`);
  });

  it('writes exactly what Intl.NumberFormat writes for both locales and currencies, but the minus sign', () => {
    const intl = (locale: 'cs' | 'en', currency: 'CZK' | 'EUR') =>
      new Intl.NumberFormat(locale === 'cs' ? 'cs-CZ' : 'en-US', {
        style: 'currency',
        currency,
        currencyDisplay: locale === 'en' ? 'code' : 'symbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: -99_999_999_999, max: 99_999_999_999 })),
        fc.constantFrom('cs' as const, 'en' as const),
        fc.constantFrom('CZK' as const, 'EUR' as const),
        (amountMinor, locale, currency) => {
          // Intl writes a negative amount with a hyphen-minus; the shop with the minus sign
          expect(formatMoney(amountMinor, currency, locale)).toBe(intl(locale, currency).format(amountMinor / 100).replace('-', MINUS));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('shows every amount to the haléř', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (amountMinor) => {
        const digitsShown = formatMoney(amountMinor, 'CZK', 'cs').replace(/[^0-9]/g, '');
        expect(Number(digitsShown)).toBe(amountMinor);
      }),
    );
  });
});

describe('vatSplit', () => {
  it('splits prices with 21 % and 12 % VAT', () => {
    expect(vatSplit(12_100, 21)).toEqual({ gross: 12_100, net: 10_000, vat: 2_100 });
    expect(vatSplit(11_200, 12)).toEqual({ gross: 11_200, net: 10_000, vat: 1_200 });
    expect(vatSplit(125_000, 21)).toEqual({ gross: 125_000, net: 103_306, vat: 21_694 });
    expect(vatSplit(999, 0)).toEqual({ gross: 999, net: 999, vat: 0 });
  });

  it('rounds half away from zero', () => {
    // At 100 % VAT an odd gross gives an exact half: 0.5 -> 1, -0.5 -> -1, 1.5 -> 2.
    expect(vatSplit(1, 100)).toEqual({ gross: 1, net: 1, vat: 0 });
    expect(vatSplit(-1, 100)).toEqual({ gross: -1, net: -1, vat: 0 });
    expect(vatSplit(3, 100)).toEqual({ gross: 3, net: 2, vat: 1 });
    expect(vatSplit(-3, 100)).toEqual({ gross: -3, net: -2, vat: -1 });
    // 14 / 1.12 is exactly 12.5, but 12.499999999999998 in floating point, which Math.round would take down.
    expect(vatSplit(14, 12)).toEqual({ gross: 14, net: 13, vat: 1 });
    expect(vatSplit(42, 12)).toEqual({ gross: 42, net: 38, vat: 4 });
    expect(vatSplit(-14, 12)).toEqual({ gross: -14, net: -13, vat: -1 });
  });

  it('accepts rates with two decimals and rejects others', () => {
    expect(vatSplit(11_050, 10.5)).toEqual({ gross: 11_050, net: 10_000, vat: 1_050 });
    expect(() => vatSplit(100, -1)).toThrow(RangeError);
    expect(() => vatSplit(100, 10.123)).toThrow(RangeError);
    expect(() => vatSplit(10.5, 21)).toThrow(RangeError);
  });

  it('always adds back to the gross, with the net the nearest integer to gross / (1 + rate)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.oneof(fc.constantFrom(0, 10, 12, 15, 21), fc.integer({ min: 0, max: 100 })),
        (gross, rate) => {
          const split = vatSplit(gross, rate);
          expect(split.gross).toBe(gross);
          expect(split.net + split.vat).toBe(gross);
          expect(Number.isInteger(split.net)).toBe(true);
          // |net·(100 + rate) − gross·100| ≤ (100 + rate) / 2, checked in BigInt so nothing is rounded.
          const error = BigInt(split.net) * BigInt(100 + rate) - BigInt(gross) * 100n;
          const absError = error < 0n ? -error : error;
          expect(2n * absError <= BigInt(100 + rate)).toBe(true);
          // Ties go away from zero: the net is never closer to zero than the exact value on a tie.
          if (2n * absError === BigInt(100 + rate)) expect(Math.abs(split.net) * (100 + rate) > Math.abs(gross) * 100).toBe(true);
        },
      ),
    );
  });
});

describe('sumByVatRate', () => {
  it('recapitulates an invoice per rate', () => {
    const recap = sumByVatRate([
      { grossMinor: 12_100, ratePercent: 21 },
      { grossMinor: 11_200, ratePercent: 12 },
      { grossMinor: 1, ratePercent: 21 },
      { grossMinor: 1, ratePercent: 21 },
      { grossMinor: 1, ratePercent: 21 },
    ]);
    // Each 1-haléř line is 1 net + 0 VAT on the invoice, so the recap shows 10 003 net, the sum of the lines,
    // not round(12 103 / 1.21) = 10 002.
    expect(recap.byRate).toEqual([
      { ratePercent: 21, gross: 12_103, net: 10_003, vat: 2_100 },
      { ratePercent: 12, gross: 11_200, net: 10_000, vat: 1_200 },
    ]);
    expect(recap.total).toEqual({ gross: 23_303, net: 20_003, vat: 3_300 });
  });

  it('returns zero totals for no lines', () => {
    expect(sumByVatRate([])).toEqual({ byRate: [], total: { gross: 0, net: 0, vat: 0 } });
  });

  it('totals equal the sum of the lines and never drift by a haléř', () => {
    const line = fc.record({
      grossMinor: fc.integer({ min: -10_000_000, max: 10_000_000 }),
      ratePercent: fc.constantFrom(0, 12, 21),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const recap = sumByVatRate(lines);
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

        expect(recap.total.gross).toBe(sum(lines.map((l) => l.grossMinor)));
        expect(recap.total.net + recap.total.vat).toBe(recap.total.gross);
        expect(recap.total.net).toBe(sum(lines.map((l) => vatSplit(l.grossMinor, l.ratePercent).net)));

        const rates = [...new Set(lines.map((l) => l.ratePercent))].sort((a, b) => b - a);
        expect(recap.byRate.map((row) => row.ratePercent)).toEqual(rates);
        for (const row of recap.byRate) {
          const ofRate = lines.filter((l) => l.ratePercent === row.ratePercent);
          expect(row.gross).toBe(sum(ofRate.map((l) => l.grossMinor)));
          expect(row.net).toBe(sum(ofRate.map((l) => vatSplit(l.grossMinor, l.ratePercent).net)));
          expect(row.net + row.vat).toBe(row.gross);
        }
        expect(sum(recap.byRate.map((row) => row.gross))).toBe(recap.total.gross);
        expect(sum(recap.byRate.map((row) => row.net))).toBe(recap.total.net);
        expect(sum(recap.byRate.map((row) => row.vat))).toBe(recap.total.vat);
      }),
    );
  });
});

describe('convertCzkToEur', () => {
  it('converts at a rate in CZK per euro and rounds to cents', () => {
    expect(convertCzkToEur(125_000, 25)).toBe(5_000);
    expect(convertCzkToEur(125_000, 25.125)).toBe(4_975); // 4975.12…
    expect(convertCzkToEur(100, 25.125)).toBe(4); // 3.98…
    expect(convertCzkToEur(25, 50)).toBe(1); // exactly 0.5 -> away from zero
    expect(convertCzkToEur(-25, 50)).toBe(-1);
    expect(convertCzkToEur(0, 24.5)).toBe(0);
  });

  it('rejects a rate that is not positive', () => {
    expect(() => convertCzkToEur(100, 0)).toThrow(RangeError);
    expect(() => convertCzkToEur(100, -25)).toThrow(RangeError);
    expect(() => convertCzkToEur(100, Number.NaN)).toThrow(RangeError);
  });

  it('lands within half a cent of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 20_000, max: 30_000 }), (czk, rateThousandths) => {
        const cents = convertCzkToEur(czk, rateThousandths / 1000);
        // |cents − czk / rate| ≤ 1/2  ⇔  |cents·rateThousandths − czk·1000| ≤ rateThousandths / 2
        const error = Math.abs(cents * rateThousandths - czk * 1000);
        expect(2 * error).toBeLessThanOrEqual(rateThousandths);
      }),
    );
  });
});

describe('decimalAmount', () => {
  it('writes minor units as a dot decimal with two places, exactly', () => {
    expect(decimalAmount(125_050)).toBe('1250.50');
    expect(decimalAmount(5)).toBe('0.05');
    expect(decimalAmount(0)).toBe('0.00');
    expect(decimalAmount(-1_999)).toBe('-19.99');
    // 0.29 * 100 is not 29 in floating point; the integer path never meets it
    expect(decimalAmount(29)).toBe('0.29');
    expect(() => decimalAmount(1.5)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (minor) => {
        expect(Math.round(Number(decimalAmount(minor)) * 100)).toBe(minor);
      }),
    );
  });
});
