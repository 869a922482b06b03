// The arithmetic of credit notes (schema/rules/credit-note.ts, decision 0062): per line, per rate and in
// total, the notes of an invoice never credit more than it charged, and crediting everything, in one
// note or in many, negates the invoice's VAT recap and total to the haléř.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartMoney, vatSplit } from '../../../schema/rules/index.ts';
import { creditNoteMoney, toCzk, type CreditableInvoice, type CreditedBefore, type CreditNoteMoney } from '../../../schema/rules/credit-note.ts';

/** −x without a −0 (0 − 0 is 0). */
const neg = (value: number) => 0 - value;

type Goods = { unitGross: number; quantity: number; ratePercent: number };

/** An invoice as the checkout writes one (cart-money.ts), in the shape a credit note reads it. */
function invoiceOf(goods: Goods[], options: { discounts?: number[]; delivery?: number; payment?: number; cod?: boolean } = {}) {
  const delivery = options.delivery ?? 0;
  const payment = options.payment ?? 0;
  const money = cartMoney({
    lines: goods,
    discounts: options.discounts ?? [],
    charges: [
      { grossMinor: delivery, ratePercent: 21 },
      { grossMinor: payment, ratePercent: 21 },
    ],
    roundToWholeUnits: options.cod ?? false,
  });
  const invoice: CreditableInvoice = {
    lines: goods.map((line, index) => {
      const totalGross = line.unitGross * line.quantity;
      return { id: index + 1, quantity: line.quantity, unitGross: line.unitGross, totalGross, totalNet: vatSplit(totalGross, line.ratePercent).net, ratePercent: line.ratePercent };
    }),
    discountByRate: money.discount.byRate,
    charges: [
      { kind: 'DELIVERY', gross: delivery, ratePercent: 21 },
      { kind: 'PAYMENT', gross: payment, ratePercent: 21 },
    ],
    rounding: money.rounding,
  };
  return { invoice, money };
}

/** Issues notes one after another, each seeing the ones before, as the service does. */
function issueAll(invoice: CreditableInvoice, requests: { orderLineId: number; quantity: number }[][]): CreditNoteMoney[] {
  const notes: CreditNoteMoney[] = [];
  for (const request of requests) {
    const before: CreditedBefore = {
      lines: notes.flatMap((note) => note.goods.map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity, gross: -line.gross, net: -line.net }))),
      discount: notes.flatMap((note) => note.discount.map((row) => ({ ratePercent: row.ratePercent, gross: row.gross, net: row.net }))),
      chargesCredited: notes.some((note) => note.charges.length > 0 || note.rounding !== 0),
    };
    notes.push(creditNoteMoney(invoice, before, request));
  }
  return notes;
}

function recapSum(notes: CreditNoteMoney[]) {
  const rows = new Map<number, { gross: number; net: number; vat: number }>();
  for (const row of notes.flatMap((note) => note.recap)) {
    const sum = rows.get(row.ratePercent) ?? { gross: 0, net: 0, vat: 0 };
    rows.set(row.ratePercent, { gross: sum.gross + row.gross, net: sum.net + row.net, vat: sum.vat + row.vat });
  }
  return rows;
}

describe('a credit note', () => {
  it('crediting a whole order negates its invoice: lines, discount per rate, fees, rounding and the VAT recap', () => {
    const { invoice, money } = invoiceOf(
      [
        { unitGross: 219_900, quantity: 2, ratePercent: 21 },
        { unitGross: 49_900, quantity: 1, ratePercent: 12 },
      ],
      { discounts: [10_000], delivery: 6_900, payment: 3_900, cod: true },
    );
    const [note] = issueAll(invoice, [
      [
        { orderLineId: 1, quantity: 2 },
        { orderLineId: 2, quantity: 1 },
      ],
    ]);
    expect(note.completes).toBe(true);
    expect(note.goods.map((line) => [line.gross, line.net])).toEqual([
      [-439_800, -363_471],
      [-49_900, -44_554],
    ]);
    // the discount 100 Kč shared 4398 : 499 over the rates, given back
    expect(note.discount.map((row) => [row.ratePercent, row.gross])).toEqual([
      [21, 8_981],
      [12, 1_019],
    ]);
    expect(note.charges.map((charge) => [charge.kind, charge.gross, charge.net])).toEqual([
      ['DELIVERY', -6_900, -5_702],
      ['PAYMENT', -3_900, -3_223],
    ]);
    expect(note.recap).toEqual(money.recap.byRate.map((row) => ({ ratePercent: row.ratePercent, gross: neg(row.gross), net: neg(row.net), vat: neg(row.vat) })));
    expect(note.rounding).toBe(-money.rounding);
    expect(note.total).toEqual({ net: -money.recap.total.net, vat: -money.recap.total.vat, gross: -money.toPay });
  });

  it('a partial credit takes pieces at their price, the discount in proportion, and no fees', () => {
    const { invoice } = invoiceOf([{ unitGross: 100_000, quantity: 3, ratePercent: 21 }], { discounts: [30_000], delivery: 6_900 });
    const [first, second] = issueAll(invoice, [[{ orderLineId: 1, quantity: 1 }], [{ orderLineId: 1, quantity: 2 }]]);
    expect(first.goods[0]).toMatchObject({ quantity: 1, gross: -100_000, net: -82_645 });
    // a third of the goods: a third of the 300 Kč discount back
    expect(first.discount).toEqual([{ ratePercent: 21, gross: 10_000, net: 8_264, vat: 1_736 }]);
    expect(first.charges).toEqual([]);
    expect(first.total).toEqual({ net: -74_381, vat: -15_619, gross: -90_000 });
    expect(first.completes).toBe(false);
    // the rest: the line's remaining totals, the rest of the discount and the delivery
    expect(second.goods[0]).toMatchObject({ quantity: 2, gross: -200_000, net: -165_289 });
    expect(second.discount).toEqual([{ ratePercent: 21, gross: 20_000, net: 16_529, vat: 3_471 }]);
    expect(second.charges.map((charge) => charge.gross)).toEqual([-6_900]);
    expect(second.completes).toBe(true);
    expect(first.total.gross + second.total.gross).toBe(-(300_000 - 30_000 + 6_900));
  });

  it('refuses a request the service should have refused first', () => {
    const { invoice } = invoiceOf([{ unitGross: 1_000, quantity: 1, ratePercent: 21 }]);
    expect(() => creditNoteMoney(invoice, { lines: [], discount: [], chargesCredited: false }, [{ orderLineId: 9, quantity: 1 }])).toThrow(RangeError);
    expect(() => creditNoteMoney(invoice, { lines: [], discount: [], chargesCredited: false }, [{ orderLineId: 1, quantity: 2 }])).toThrow(RangeError);
    expect(() => creditNoteMoney(invoice, { lines: [], discount: [], chargesCredited: false }, [{ orderLineId: 1, quantity: 0 }])).toThrow(RangeError);
  });

  it('converts to CZK at the invoice’s rate, a negative amount to exactly the negated positive', () => {
    expect(toCzk(-12_345, 'CZK', 25)).toBe(-12_345);
    expect(toCzk(9_280, 'EUR', 25)).toBe(232_000);
    // 0.5 haléř rounds away from zero both ways (Math.round alone would give −1 234 and +1 235)
    expect(toCzk(-50, 'EUR', 24.69)).toBe(-toCzk(50, 'EUR', 24.69));
    expect(toCzk(-50, 'EUR', 24.69)).toBe(-1_235);
  });

  it('however the pieces are split over notes, the notes never credit more than the invoice and together negate it', () => {
    const goods = fc.array(
      fc.record({ unitGross: fc.integer({ min: 1, max: 500_000 }), quantity: fc.integer({ min: 1, max: 5 }), ratePercent: fc.constantFrom(0, 12, 21) }),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(
        goods,
        fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 2 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 12 }),
        (lines, discounts, delivery, cod, steps) => {
          const { invoice, money } = invoiceOf(lines, { discounts, delivery, cod });
          // every piece once, in pieces of `steps` sizes, line after line
          const left = invoice.lines.map((line) => line.quantity);
          const requests: { orderLineId: number; quantity: number }[][] = [];
          let step = 0;
          while (left.some((pieces) => pieces > 0)) {
            const index = left.findIndex((pieces) => pieces > 0);
            const quantity = Math.min(left[index], steps[step++ % steps.length]);
            left[index] -= quantity;
            requests.push([{ orderLineId: index + 1, quantity }]);
          }
          const notes = issueAll(invoice, requests);
          // only the last note completes the order and carries the fees and the rounding
          expect(notes.map((note) => note.completes)).toEqual(notes.map((_, index) => index === notes.length - 1));
          const totals = recapSum(notes);
          for (const row of money.recap.byRate) {
            expect(totals.get(row.ratePercent) ?? { gross: 0, net: 0, vat: 0 }).toEqual({ gross: neg(row.gross), net: neg(row.net), vat: neg(row.vat) });
          }
          expect(notes.reduce((sum, note) => sum + note.total.gross, 0)).toBe(neg(money.toPay));
          // on the way, no rate is ever credited beyond what the invoice charged at it
          const running = new Map<number, number>();
          for (const note of notes) {
            for (const row of note.recap) running.set(row.ratePercent, (running.get(row.ratePercent) ?? 0) + row.gross);
            for (const [rate, credited] of running) {
              expect(-credited).toBeLessThanOrEqual(money.recap.byRate.find((row) => row.ratePercent === rate)?.gross ?? 0);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
