// The lowest price of the last 30 days (decision 0063), with a controlled clock: every moment is a day
// counted from a fixed start, never the machine's time.
import { describe, expect, it } from 'vitest';
import { convertCzkToEur, discountPercent, lawfulReduction, priceHistoryIn, type PriceHistoryRow, type PricePoint } from '../../../schema/rules/index.ts';

const START = Date.UTC(2026, 0, 1, 9, 0, 0);
const day = (n: number) => new Date(START + n * 86_400_000);
const point = (n: number, price: number): PricePoint => ({ at: day(n), price });

describe('lawfulReduction', () => {
  // 1 999 Kč for 60 days, raised to 2 499 Kč, lowered to 2 199 Kč, lowered again to 1 799 Kč
  const history = [point(0, 199_900), point(60, 249_900), point(70, 219_900), point(80, 179_900)];

  it('a price that was never changed announces nothing', () => {
    expect(lawfulReduction([point(0, 199_900)], day(100), true)).toBeNull();
  });

  it('a raise is no reduction', () => {
    expect(lawfulReduction(history, day(65), true)).toBeNull();
  });

  it('lowering a raised price back above the price of the 30 days before is no reduction: the old lower price counts', () => {
    // at day 70 the 30 days before are days 40-70: 1 999 Kč until day 60, then 2 499 Kč; 2 199 Kč is above 1 999 Kč
    expect(lawfulReduction(history, day(75), true)).toBeNull();
  });

  it('lowering again states the lowest price of the 30 days before the latest change, and the percentage from it', () => {
    // at day 80 the 30 days before are days 50-80: 1 999 Kč (until 60), 2 499 Kč, 2 199 Kč; 1 799 Kč now
    expect(lawfulReduction(history, day(81), true)).toEqual({ price: 179_900, lowestPrice: 199_900, percent: 10, reducedAt: day(80) });
  });

  it('31 days after the reduction the figure is the same: the window is the 30 days before the reduction, not before today', () => {
    expect(lawfulReduction(history, day(111), true)).toEqual({ price: 179_900, lowestPrice: 199_900, percent: 10, reducedAt: day(80) });
  });

  it('once the older, lower price is more than 30 days before the reduction, the higher prices count', () => {
    // 1 999 Kč until day 60, 2 499 Kč from 60; lowered to 1 899 Kč on day 91: the 30 days before are days 61-91
    const later = [point(0, 199_900), point(60, 249_900), point(91, 189_900)];
    expect(lawfulReduction(later, day(92), true)).toEqual({ price: 189_900, lowestPrice: 249_900, percent: 24, reducedAt: day(91) });
    // lowered on day 89 instead: 1 999 Kč was in effect on days 59-60 of the window, and is lowest
    const earlier = [point(0, 199_900), point(60, 249_900), point(89, 189_900)];
    expect(lawfulReduction(earlier, day(92), true)).toEqual({ price: 189_900, lowestPrice: 199_900, percent: 5, reducedAt: day(89) });
  });

  it('a reduction without history reaching 30 days before it shows nothing', () => {
    // the variant came on day 0 at 2 499 Kč and was lowered on day 29
    expect(lawfulReduction([point(0, 249_900), point(29, 199_900)], day(40), true)).toBeNull();
    // exactly 30 days of history is enough
    expect(lawfulReduction([point(0, 249_900), point(30, 199_900)], day(40), true)?.lowestPrice).toBe(249_900);
  });

  it('nothing is shown when the shop does not announce a reduction', () => {
    expect(lawfulReduction(history, day(81), false)).toBeNull();
  });

  it('the clock decides: a change after now is not yet in effect', () => {
    expect(lawfulReduction(history, day(79), true)).toBeNull();
    expect(lawfulReduction(history, day(80), true)?.price).toBe(179_900);
  });

  it('a write that repeats the price is not a change: the reduction stays where it was', () => {
    const repeated = [...history, point(95, 179_900)];
    expect(lawfulReduction(repeated, day(100), true)?.reducedAt).toEqual(day(80));
  });

  it('the percentage is rounded down, never claimed higher than it is', () => {
    expect(discountPercent(199_900, 159_900)).toBe(20); // 20.01 %
    expect(discountPercent(300, 200)).toBe(33);
    expect(discountPercent(300, 201)).toBe(33); // 33 % exactly
    expect(discountPercent(100, 100)).toBe(0);
  });
});

describe('priceHistoryIn: CZK and EUR', () => {
  const rate = 25;
  const toEur = (czk: number) => convertCzkToEur(czk, rate);

  it('CZK reads the crown rows only', () => {
    const rows: PriceHistoryRow[] = [
      { at: day(0), currency: 'CZK', price: 100_000 },
      { at: day(0), currency: 'EUR', price: 4_500 },
      { at: day(40), currency: 'CZK', price: 80_000 },
    ];
    expect(priceHistoryIn(rows, 'CZK', toEur)).toEqual([point(0, 100_000), point(40, 80_000)]);
    expect(lawfulReduction(priceHistoryIn(rows, 'CZK', toEur), day(41), true)?.percent).toBe(20);
  });

  it('a euro price of its own counts as it is: a crown reduction is no euro reduction', () => {
    const rows: PriceHistoryRow[] = [
      { at: day(0), currency: 'CZK', price: 100_000 },
      { at: day(0), currency: 'EUR', price: 4_500 },
      { at: day(40), currency: 'CZK', price: 80_000 },
    ];
    expect(lawfulReduction(priceHistoryIn(rows, 'EUR', toEur), day(41), true)).toBeNull();
  });

  it('a euro price that follows the crown price is converted at the rate, and is reduced with it', () => {
    const rows: PriceHistoryRow[] = [
      { at: day(0), currency: 'CZK', price: 100_000 },
      { at: day(0), currency: 'EUR', price: null },
      { at: day(40), currency: 'CZK', price: 80_000 },
    ];
    const eur = priceHistoryIn(rows, 'EUR', toEur);
    expect(eur.map((p) => p.price)).toEqual([4_000, 4_000, 3_200]);
    expect(lawfulReduction(eur, day(41), true)).toEqual({ price: 3_200, lowestPrice: 4_000, percent: 20, reducedAt: day(40) });
  });

  it('a euro price set later than the crown price starts counting from then', () => {
    const rows: PriceHistoryRow[] = [
      { at: day(0), currency: 'CZK', price: 100_000 },
      { at: day(0), currency: 'EUR', price: null },
      { at: day(35), currency: 'EUR', price: 3_500 },
    ];
    // from 40,00 € (converted) to 35,00 € of its own on day 35: 30 days of history before it
    expect(lawfulReduction(priceHistoryIn(rows, 'EUR', toEur), day(36), true)).toEqual({ price: 3_500, lowestPrice: 4_000, percent: 12, reducedAt: day(35) });
  });
});
