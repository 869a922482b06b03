import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cartMoney,
  discountFromRecap,
  discountFromTotals,
  goodsByRate,
  lineGross,
  splitDiscounts,
  splitInProportion,
  vatSplit,
  type GoodsLine,
} from '../../../schema/rules/index.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const RATES = [0, 10, 12, 15, 21] as const;

/** floor and ceiling of amount · weight / total, exactly. */
function exactShareBounds(amount: number, weight: number, total: number): [number, number] {
  const product = BigInt(amount) * BigInt(weight);
  const floor = product / BigInt(total);
  return [Number(floor), Number(floor + (product % BigInt(total) === 0n ? 0n : 1n))];
}

/** |net · (100 + rate) − gross · 100| ≤ (100 + rate) / 2: the net is the nearest haléř to gross / (1 + rate). */
function netIsNearest(gross: number, net: number, rate: number): boolean {
  const error = BigInt(net) * BigInt(100 + rate) - BigInt(gross) * 100n;
  return 2n * (error < 0n ? -error : error) <= BigInt(100 + rate);
}

const goodsLine = fc.record({
  unitGross: fc.integer({ min: 1, max: 2_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  ratePercent: fc.constantFrom(...RATES),
});
const discount = fc.oneof(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(0, 1, 100, 20_000));
const charge = fc.record({ grossMinor: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })), ratePercent: fc.constantFrom(21, 12) });

describe('lineGross and goodsByRate', () => {
  it('is unit price × quantity, per rate, each line split on its own (czech.md: net = round(gross / (1 + rate)) per line)', () => {
    expect(lineGross({ unitGross: 125_000, quantity: 3 })).toBe(375_000);
    const goods = goodsByRate([
      { unitGross: 125_000, quantity: 1, ratePercent: 21 },
      { unitGross: 12_100, quantity: 2, ratePercent: 21 },
      { unitGross: 11_200, quantity: 1, ratePercent: 12 },
    ]);
    expect(goods.byRate).toEqual([
      // 1 250,00 Kč -> 1 033,06 + 216,94; 2 × 121 Kč -> 200 Kč + 42 Kč
      { ratePercent: 21, gross: 149_200, net: 123_306, vat: 25_894 },
      { ratePercent: 12, gross: 11_200, net: 10_000, vat: 1_200 },
    ]);
    expect(goods.total).toEqual({ gross: 160_400, net: 133_306, vat: 27_094 });
  });

  it('refuses amounts that are not minor units', () => {
    expect(() => lineGross({ unitGross: 10.5, quantity: 1 })).toThrow(RangeError);
    expect(() => lineGross({ unitGross: -1, quantity: 1 })).toThrow(RangeError);
    expect(() => lineGross({ unitGross: 100, quantity: 1.5 })).toThrow(RangeError);
    expect(() => lineGross({ unitGross: Number.MAX_SAFE_INTEGER, quantity: 2 })).toThrow(RangeError);
  });
});

describe('splitInProportion (largest remainder)', () => {
  it('gives each weight the floor of its share and the leftover haléře to the largest remainders', () => {
    expect(splitInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitInProportion(10, [3, 7])).toEqual([3, 7]);
    expect(splitInProportion(5, [1, 2])).toEqual([2, 3]); // 1.67 / 3.33
    expect(splitInProportion(1, [5, 5])).toEqual([1, 0]); // a tie goes to the earlier weight
    expect(splitInProportion(7, [0, 4])).toEqual([0, 7]);
    expect(splitInProportion(0, [0, 0])).toEqual([0, 0]);
    expect(() => splitInProportion(1, [0, 0])).toThrow(RangeError);
    expect(() => splitInProportion(-1, [1])).toThrow(RangeError);
  });

  it('parts add up to the amount, each the floor or ceiling of its exact share, never above its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 1_000_000_000_000 })), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        (weights, wanted) => {
          const total = sum(weights);
          fc.pre(total > 0);
          const amount = Math.min(wanted, total);
          const parts = splitInProportion(amount, weights);
          expect(sum(parts)).toBe(amount);
          parts.forEach((part, index) => {
            const [floor, ceiling] = exactShareBounds(amount, weights[index], total);
            expect(part === floor || part === ceiling).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[index]);
          });
        },
      ),
    );
  });
});

describe('splitDiscounts', () => {
  it('splits VAT per rate: 200 Kč off 599 Kč at 21 % and 299 Kč at 12 % has 30,28 Kč VAT (the cart page said 30,29)', () => {
    const split = splitDiscounts(
      [
        { ratePercent: 21, gross: 59_900 },
        { ratePercent: 12, gross: 29_900 },
      ],
      [20_000],
    );
    // 20 000 · 59 900 / 89 800 = 13 340.76 and 6 659.24: the larger remainder takes the leftover haléř
    expect(split.byRate).toEqual([
      { ratePercent: 21, gross: 13_341, net: 11_026, vat: 2_315 },
      { ratePercent: 12, gross: 6_659, net: 5_946, vat: 713 },
    ]);
    expect(split.total).toEqual({ gross: 20_000, net: 16_972, vat: 3_028 });
    expect(split.perVoucher).toEqual([{ gross: 20_000, net: 16_972, vat: 3_028, byRate: [{ ratePercent: 21, gross: 13_341 }, { ratePercent: 12, gross: 6_659 }] }]);
  });

  it('czech.md vector: 10 % of 121 Kč at 21 % and 112 Kč at 12 % is 12,10 Kč (10 + 2,10) and 11,20 Kč (10 + 1,20)', () => {
    const split = splitDiscounts(
      [
        { ratePercent: 21, gross: 12_100 },
        { ratePercent: 12, gross: 11_200 },
      ],
      [2_330],
    );
    expect(split.byRate).toEqual([
      { ratePercent: 21, gross: 1_210, net: 1_000, vat: 210 },
      { ratePercent: 12, gross: 1_120, net: 1_000, vat: 120 },
    ]);
  });

  it('several vouchers share the per-rate amounts, so their VAT adds up to the discount’s', () => {
    const goods = [
      { ratePercent: 21, gross: 59_900 },
      { ratePercent: 12, gross: 29_900 },
    ];
    const split = splitDiscounts(goods, [10_000, 13_470, 0]);
    expect(split.total).toEqual(splitDiscounts(goods, [23_470]).total);
    expect(split.perVoucher.map((v) => v.gross)).toEqual([10_000, 13_470, 0]);
    expect(sum(split.perVoucher.map((v) => v.vat))).toBe(split.total.vat);
    expect(split.perVoucher[2]).toEqual({ gross: 0, net: 0, vat: 0, byRate: [] });
  });

  it('vouchers split one by one would pass a rate’s goods; sharing the per-rate amounts does not', () => {
    const goods = [
      { ratePercent: 21, gross: 1 },
      { ratePercent: 12, gross: 2 },
    ];
    // on its own, each 1-haléř voucher goes to the 12 % goods (2/3 > 1/3): 3 haléře on goods of 2
    expect(splitInProportion(1, [1, 2])).toEqual([0, 1]);
    const split = splitDiscounts(goods, [1, 1, 1]);
    expect(split.byRate.map((row) => [row.ratePercent, row.gross])).toEqual([
      [21, 1],
      [12, 2],
    ]);
    expect(split.perVoucher.map((voucher) => voucher.byRate)).toEqual([[{ ratePercent: 12, gross: 1 }], [{ ratePercent: 21, gross: 1 }], [{ ratePercent: 12, gross: 1 }]]);
  });

  it('never takes more than the goods: a voucher past them gives only what is left', () => {
    const split = splitDiscounts([{ ratePercent: 21, gross: 50_000 }], [30_000, 30_000, 5_000]);
    expect(split.perVoucher.map((v) => v.gross)).toEqual([30_000, 20_000, 0]);
    expect(split.total).toEqual({ ...vatSplit(50_000, 21) });
    expect(splitDiscounts([], [10_000]).total).toEqual({ gross: 0, net: 0, vat: 0 });
  });

  it('parts add up, none negative or above its base, VAT per rate as the rate gives, vouchers add up to the whole', () => {
    const goodsRow = fc.record({ ratePercent: fc.constantFrom(...RATES), gross: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 100_000_000 })) });
    fc.assert(
      fc.property(
        fc.uniqueArray(goodsRow, { selector: (row) => row.ratePercent, maxLength: 5 }).map((rows) => rows.sort((a, b) => b.ratePercent - a.ratePercent)),
        fc.array(discount, { maxLength: 3 }),
        (goods, discounts) => {
          const split = splitDiscounts(goods, discounts);
          const goodsTotal = sum(goods.map((row) => row.gross));

          // the whole discount: what the vouchers ask, never more than the goods
          expect(split.total.gross).toBe(Math.min(sum(discounts), goodsTotal));
          expect(split.total.net + split.total.vat).toBe(split.total.gross);
          expect(sum(split.byRate.map((row) => row.gross))).toBe(split.total.gross);
          expect(sum(split.byRate.map((row) => row.net))).toBe(split.total.net);

          for (const row of split.byRate) {
            const base = goods.find((g) => g.ratePercent === row.ratePercent)!;
            expect(row.gross).toBeGreaterThan(0);
            expect(row.gross).toBeLessThanOrEqual(base.gross);
            const [floor, ceiling] = exactShareBounds(split.total.gross, base.gross, goodsTotal);
            expect(row.gross === floor || row.gross === ceiling).toBe(true);
            // VAT consistent with the rate: the rate's share split like a line
            expect(row).toEqual({ ratePercent: row.ratePercent, ...vatSplit(row.gross, row.ratePercent) });
            expect(netIsNearest(row.gross, row.net, row.ratePercent)).toBe(true);
            expect(row.vat).toBeGreaterThanOrEqual(0);
          }

          // the vouchers: each within what it asked, none negative, adding up to the whole per rate
          expect(split.perVoucher).toHaveLength(discounts.length);
          split.perVoucher.forEach((voucher, index) => {
            expect(voucher.gross).toBeLessThanOrEqual(discounts[index]);
            expect(voucher.net).toBeGreaterThanOrEqual(0);
            expect(voucher.vat).toBeGreaterThanOrEqual(0);
            expect(voucher.net + voucher.vat).toBe(voucher.gross);
            expect(sum(voucher.byRate.map((part) => part.gross))).toBe(voucher.gross);
            for (const part of voucher.byRate) expect(part.gross).toBeGreaterThan(0);
          });
          expect(sum(split.perVoucher.map((v) => v.gross))).toBe(split.total.gross);
          expect(sum(split.perVoucher.map((v) => v.net))).toBe(split.total.net);
          expect(sum(split.perVoucher.map((v) => v.vat))).toBe(split.total.vat);
          for (const row of split.byRate) {
            const parts = split.perVoucher.flatMap((v) => v.byRate.filter((part) => part.ratePercent === row.ratePercent));
            expect(sum(parts.map((part) => part.gross))).toBe(row.gross);
          }
        },
      ),
    );
  });

  it('the whole discount does not depend on the order of the vouchers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(discount, { minLength: 1, maxLength: 3 }),
        (at21, at12, discounts) => {
          const goods = [
            { ratePercent: 21, gross: at21 },
            { ratePercent: 12, gross: at12 },
          ];
          const forward = splitDiscounts(goods, discounts);
          const backward = splitDiscounts(goods, [...discounts].reverse());
          expect(backward.byRate).toEqual(forward.byRate);
          expect(backward.total).toEqual(forward.total);
        },
      ),
    );
  });
});

describe('cartMoney', () => {
  it('totals a cart with mixed rates, two vouchers, delivery and cash-on-delivery rounding', () => {
    const money = cartMoney({
      lines: [
        { unitGross: 59_900, quantity: 1, ratePercent: 21 },
        { unitGross: 29_900, quantity: 1, ratePercent: 12 },
      ],
      discounts: [20_000, 13_470],
      charges: [
        { grossMinor: 12_900, ratePercent: 21 },
        { grossMinor: 3_900, ratePercent: 21 },
      ],
      roundToWholeUnits: true,
    });
    expect(money.goods.total).toEqual({ gross: 89_800, net: 76_200, vat: 13_600 });
    expect(money.discount.total.gross).toBe(33_470);
    // 898 − 334,70 + 129 + 39 = 731,30, rounded to 731 Kč
    expect(money.recap.total.gross).toBe(73_130);
    expect(money.rounding).toBe(-30);
    expect(money.toPay).toBe(73_100);
    expect(money.recap.byRate.map((row) => row.ratePercent)).toEqual([21, 12]);
  });

  it('an empty cart costs nothing; a zero fee is no recap line', () => {
    expect(cartMoney({ lines: [], charges: [{ grossMinor: 0, ratePercent: 21 }] })).toEqual({
      goods: { byRate: [], total: { gross: 0, net: 0, vat: 0 } },
      discount: { perVoucher: [], byRate: [], total: { gross: 0, net: 0, vat: 0 } },
      recap: { byRate: [], total: { gross: 0, net: 0, vat: 0 } },
      rounding: 0,
      toPay: 0,
    });
  });

  it('total = goods − discounts + fees (+ rounding), per rate and in all; stored orders read back the same discount', () => {
    fc.assert(
      fc.property(
        fc.array(goodsLine, { maxLength: 8 }),
        fc.array(discount, { maxLength: 3 }),
        fc.array(charge, { maxLength: 2 }),
        fc.boolean(),
        (lines: GoodsLine[], discounts, charges, roundToWholeUnits) => {
          const money = cartMoney({ lines, discounts, charges, roundToWholeUnits });
          const goodsGross = sum(lines.map((line) => line.unitGross * line.quantity));
          const chargesGross = sum(charges.map((c) => c.grossMinor));
          expect(money.goods.total.gross).toBe(goodsGross);
          expect(money.goods).toEqual(goodsByRate(lines));
          expect(money.recap.total.gross).toBe(goodsGross - money.discount.total.gross + chargesGross);
          expect(money.recap.total.net + money.recap.total.vat).toBe(money.recap.total.gross);
          expect(money.recap.total.net).toBe(money.goods.total.net - money.discount.total.net + sum(charges.map((c) => vatSplit(c.grossMinor, c.ratePercent).net)));
          expect(money.toPay).toBe(money.recap.total.gross + money.rounding);
          if (roundToWholeUnits) {
            expect(money.toPay % 100).toBe(0);
            expect(Math.abs(money.rounding)).toBeLessThanOrEqual(50);
          } else expect(money.rounding).toBe(0);

          // per rate: the goods at the rate, less the discount at the rate, plus the fees at the rate
          for (const row of money.recap.byRate) {
            const goods = money.goods.byRate.find((g) => g.ratePercent === row.ratePercent);
            const off = money.discount.byRate.find((d) => d.ratePercent === row.ratePercent);
            const fees = charges.filter((c) => c.ratePercent === row.ratePercent && c.grossMinor > 0);
            expect(row.gross).toBe((goods?.gross ?? 0) - (off?.gross ?? 0) + sum(fees.map((c) => c.grossMinor)));
            expect(row.net).toBe((goods?.net ?? 0) - (off?.net ?? 0) + sum(fees.map((c) => vatSplit(c.grossMinor, c.ratePercent).net)));
            expect(row.gross).toBeGreaterThanOrEqual(0);
          }

          // what the invoice and the order summary read back from the stored order
          const stored = {
            lines: lines.map((line) => ({ grossMinor: line.unitGross * line.quantity, ratePercent: line.ratePercent })),
            charges,
            recap: money.recap.byRate,
          };
          expect(discountFromRecap(stored)).toEqual(money.discount.byRate);
          expect(discountFromTotals({ discountGross: money.discount.total.gross, goodsNet: money.goods.total.net, charges, totalNet: money.recap.total.net })).toEqual(
            money.discount.total,
          );
        },
      ),
    );
  });
});
