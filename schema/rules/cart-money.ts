// The money of a cart, a checkout and an order, computed once (house rule 3): the goods by VAT rate,
// the vouchers' discount split over those rates, delivery and payment fees, the VAT recapitulation and
// what is paid. Every path that shows or stores these amounts calls this module, so the cart page, the
// checkout, the order, its e-mail and its invoice agree to the haléř.
//
// The one split: a discount is shared over the goods' VAT rates in proportion to their value by the
// largest remainder method (each rate gets the floor or the ceiling of its exact share, and the shares
// add up to the discount), and each rate's share is split into without-VAT and VAT like a line
// (vatSplit). That is what the invoice prints: one discount line per rate. Several vouchers share
// those per-rate amounts among themselves, so their own amounts add up to exactly the same figures.
import { sumByVatRate, vatSplit, type VatLine, type VatRecap, type VatRecapRow, type VatSplit } from './money.ts';

/** A goods line: its unit price with VAT (minor units), how many pieces, and its VAT rate. */
export interface GoodsLine {
  unitGross: number;
  quantity: number;
  ratePercent: number;
}

/** An amount with VAT at one rate. */
export interface RateShare {
  ratePercent: number;
  gross: number;
}

function assertNonNegativeMinor(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer of minor units, got ${value}`);
}

/** A line's total with VAT: unit price × quantity. */
export function lineGross(line: Pick<GoodsLine, 'unitGross' | 'quantity'>): number {
  assertNonNegativeMinor(line.unitGross, 'unitGross');
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new RangeError(`quantity must be a non-negative integer, got ${line.quantity}`);
  const total = line.unitGross * line.quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError('A line total is too large');
  return total;
}

const goodsVatLines = (lines: readonly GoodsLine[]): VatLine[] =>
  lines.map((line) => ({ grossMinor: lineGross(line), ratePercent: line.ratePercent }));

/** The goods per VAT rate (highest rate first) and in total; each line is split on its own, as the invoice prints it. */
export function goodsByRate(lines: readonly GoodsLine[]): VatRecap {
  return sumByVatRate(goodsVatLines(lines));
}

/**
 * Splits a non-negative integer amount over non-negative integer weights in their proportion, by the
 * largest remainder: every part is the floor or the ceiling of its exact share, the parts add up to the
 * amount, and a weight of 0 gets nothing. Equal remainders favour the earlier weight. Exact for any size
 * (BigInt), so no floating-point remainder decides a haléř.
 */
export function splitInProportion(amount: number, weights: readonly number[]): number[] {
  assertNonNegativeMinor(amount, 'amount');
  weights.forEach((weight, index) => assertNonNegativeMinor(weight, `weights[${index}]`));
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (amount === 0) return weights.map(() => 0);
  if (total === 0n) throw new RangeError('Cannot split an amount over weights that are all zero');
  const shares = weights.map((weight, index) => {
    const product = BigInt(amount) * BigInt(weight);
    return { index, whole: product / total, remainder: product % total };
  });
  let left = BigInt(amount) - shares.reduce((sum, share) => sum + share.whole, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.whole += 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(share.whole));
}

/** The discount of one voucher: with and without VAT, and its share at each rate. */
export interface VoucherDiscount extends VatSplit {
  byRate: RateShare[];
}

export interface DiscountSplit {
  /** The vouchers' discounts in the order given, each capped to what the goods have left. */
  perVoucher: VoucherDiscount[];
  /** Per goods rate (highest first, rates with no share left out): the discount with VAT, without VAT and its VAT. */
  byRate: VatRecapRow[];
  total: VatSplit;
}

/**
 * Splits the vouchers' discounts over the goods' VAT rates. The whole discount is shared over the rates
 * in proportion to the goods (largest remainder) and each rate's share is split like a line; the
 * vouchers then share each rate's amounts among themselves (again by largest remainder, in the order
 * given), and a voucher's VAT is what its part adds to its rate's VAT, so the vouchers' amounts add up to
 * the whole discount's to the haléř. Discounts together never exceed the goods: one that would pass them
 * gives only what is left.
 */
export function splitDiscounts(goods: readonly RateShare[], discounts: readonly number[]): DiscountSplit {
  goods.forEach((row, index) => assertNonNegativeMinor(row.gross, `goods[${index}].gross`));
  let goodsLeft = goods.reduce((sum, row) => sum + row.gross, 0);
  const capped = discounts.map((discount, index) => {
    assertNonNegativeMinor(discount, `discounts[${index}]`);
    const taken = Math.min(discount, goodsLeft);
    goodsLeft -= taken;
    return taken;
  });
  const totalGross = capped.reduce((sum, discount) => sum + discount, 0);
  const rateShares = splitInProportion(
    totalGross,
    goods.map((row) => row.gross),
  );

  // each voucher takes its part of what is left at every rate; the last one takes the rest
  const remaining = [...rateShares];
  const cumulative = goods.map(() => 0);
  const perVoucher = capped.map((gross): VoucherDiscount => {
    const parts = splitInProportion(gross, remaining);
    let net = 0;
    const byRate: RateShare[] = [];
    parts.forEach((part, index) => {
      if (part === 0) return;
      const rate = goods[index].ratePercent;
      net += vatSplit(cumulative[index] + part, rate).net - vatSplit(cumulative[index], rate).net;
      cumulative[index] += part;
      remaining[index] -= part;
      byRate.push({ ratePercent: rate, gross: part });
    });
    return { gross, net, vat: gross - net, byRate };
  });

  const byRate: VatRecapRow[] = goods
    .map((row, index) => ({ ...vatSplit(rateShares[index], row.ratePercent), ratePercent: row.ratePercent }))
    .filter((row) => row.gross > 0)
    .sort((a, b) => b.ratePercent - a.ratePercent);
  const net = byRate.reduce((sum, row) => sum + row.net, 0);
  return { perVoucher, byRate, total: { gross: totalGross, net, vat: totalGross - net } };
}

export interface CartMoneyInput {
  lines: readonly GoodsLine[];
  /** Each voucher's discount with VAT (minor units), in the order the vouchers were added; 0 for an invalid one. */
  discounts?: readonly number[];
  /** Delivery and payment fees with VAT and their rate; a zero fee is left out of the recap. */
  charges?: readonly VatLine[];
  /** Cash on delivery in CZK: the total is rounded to whole crowns, the rounding kept outside VAT. */
  roundToWholeUnits?: boolean;
}

export interface CartMoney {
  goods: VatRecap;
  discount: DiscountSplit;
  /** Per rate: the goods less their discount plus the fees at that rate; `total` is what is charged before rounding. */
  recap: VatRecap;
  /** Cash-on-delivery rounding (outside VAT); 0 otherwise. */
  rounding: number;
  /** What the shopper pays: goods − discounts + fees + rounding. */
  toPay: number;
}

/** Everything a cart, its checkout and its order charge. */
export function cartMoney(input: CartMoneyInput): CartMoney {
  const goodsLines = goodsVatLines(input.lines);
  const goods = sumByVatRate(goodsLines);
  const discount = splitDiscounts(
    goods.byRate.map((row) => ({ ratePercent: row.ratePercent, gross: row.gross })),
    input.discounts ?? [],
  );
  const charges = (input.charges ?? []).filter((charge) => {
    assertNonNegativeMinor(charge.grossMinor, 'charge');
    return charge.grossMinor > 0;
  });
  const recap = sumByVatRate([
    ...goodsLines,
    ...discount.byRate.map((row) => ({ grossMinor: -row.gross, ratePercent: row.ratePercent })),
    ...charges,
  ]);
  const charged = recap.total.gross;
  // whole crowns, half up (the amount is never negative: discounts never exceed the goods)
  const rounding = input.roundToWholeUnits ? Math.floor((charged + 50) / 100) * 100 - charged : 0;
  return { goods, discount, recap, rounding, toPay: charged + rounding };
}

/**
 * A stored order's discount per rate, read back from what it stores: at each rate, the goods and fees
 * less what its VAT recap kept. The order was written by cartMoney, so this gives its discount lines.
 */
export function discountFromRecap(order: { lines: readonly VatLine[]; charges: readonly VatLine[]; recap: readonly VatRecapRow[] }): VatRecapRow[] {
  const before = new Map<number, number>();
  for (const line of [...order.lines, ...order.charges]) {
    if (line.grossMinor > 0) before.set(line.ratePercent, (before.get(line.ratePercent) ?? 0) + line.grossMinor);
  }
  return order.recap
    .map((row) => ({ ...vatSplit((before.get(row.ratePercent) ?? 0) - row.gross, row.ratePercent), ratePercent: row.ratePercent }))
    .filter((row) => row.gross > 0)
    .sort((a, b) => b.ratePercent - a.ratePercent);
}

/**
 * A stored order's discount without VAT, from its totals: what the goods and fees lack against the
 * total without VAT (the recap split the discount per rate when the order was written).
 */
export function discountFromTotals(order: { discountGross: number; goodsNet: number; charges: readonly VatLine[]; totalNet: number }): VatSplit {
  const chargesNet = order.charges.reduce((sum, charge) => sum + (charge.grossMinor > 0 ? vatSplit(charge.grossMinor, charge.ratePercent).net : 0), 0);
  const net = Math.max(0, order.goodsNet + chargesNet - order.totalNet);
  return { gross: order.discountGross, net, vat: order.discountGross - net };
}
