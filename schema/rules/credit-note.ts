// The money of a credit note (opravný daňový doklad, VAT Act § 42): what it takes off an invoice, per
// line and per VAT rate, so that the credit notes of one invoice together never take more than it
// charged, and all of them crediting everything negate it to the haléř (docs/decisions/0062).
//
// - A goods line credits pieces × its unit price with VAT, split like an invoice line (vatSplit); the
//   note that credits a line's last piece takes what is left of the line's invoiced totals instead, so
//   the pieces of a line, credited in any steps, add up to exactly what the invoice charged for it.
// - The invoice's discount at a rate is credited back in proportion to the goods at that rate credited
//   so far (rounded down; all the rate's goods credited: the whole discount), less what earlier notes
//   gave back: the same proportion the checkout used to share it over the rates (cart-money.ts).
// - Delivery, the payment fee and the cash-on-delivery rounding are credited by the note that credits
//   the order's last goods: the contract is then undone in full, and a withdrawal refunds the delivery
//   cost by law (Civil Code § 1832).
// Amounts in the result are negative where the note takes money off (goods, fees) and positive for a
// discount given back, in minor units of the invoice's currency.
import { vatSplit, type VatRecapRow, type VatSplit } from './money.ts';

/** A goods line of the invoice. */
export type InvoicedLine = { id: number; quantity: number; unitGross: number; totalGross: number; totalNet: number; ratePercent: number };

/** A fee of the invoice (delivery, payment), with VAT. */
export type InvoicedCharge = { kind: 'DELIVERY' | 'PAYMENT'; gross: number; ratePercent: number };

/** What the invoice charged, as its document shows it. */
export type CreditableInvoice = {
  lines: readonly InvoicedLine[];
  /** The invoice's discount per rate, positive (order-documents.ts discountByRate). */
  discountByRate: readonly VatRecapRow[];
  charges: readonly InvoicedCharge[];
  /** The cash-on-delivery rounding of the invoice (outside VAT). */
  rounding: number;
};

/** What earlier credit notes of the invoice credited, as positive amounts. */
export type CreditedBefore = {
  lines: readonly { orderLineId: number; quantity: number; gross: number; net: number }[];
  discount: readonly { ratePercent: number; gross: number; net: number }[];
  /** The fees and the rounding were credited already (the order was credited in full). */
  chargesCredited: boolean;
};

export type CreditNoteGoodsLine = { orderLineId: number; quantity: number; ratePercent: number; unitGross: number; gross: number; net: number };
export type CreditNoteMoney = {
  goods: CreditNoteGoodsLine[];
  /** The discount given back per rate (positive amounts): the goods credited had been sold for less. */
  discount: VatRecapRow[];
  charges: (InvoicedCharge & { net: number })[];
  /** The invoice's rounding, negated, when this note credits the rest of the order; else 0. */
  rounding: number;
  /** Per rate, highest first (negative amounts). */
  recap: VatRecapRow[];
  /** net + vat + rounding = gross. */
  total: VatSplit;
  /** After this note every piece of the invoice is credited. */
  completes: boolean;
};

function sumBy<T>(items: readonly T[], key: (item: T) => number, value: (item: T) => number): Map<number, number> {
  const sums = new Map<number, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return sums;
}

/** floor(amount × part / whole), exactly (no floating point decides a haléř). */
function proportion(amount: number, part: number, whole: number): number {
  if (whole === 0 || part >= whole) return amount;
  return Number((BigInt(amount) * BigInt(part)) / BigInt(whole));
}

/**
 * The amounts of a credit note for `request` (pieces per invoiced line). The request must already be
 * checked (services/credit-notes.ts): every line invoiced, each quantity a positive whole number no
 * more than was invoiced less what earlier notes credited; a RangeError otherwise.
 */
export function creditNoteMoney(invoice: CreditableInvoice, before: CreditedBefore, request: readonly { orderLineId: number; quantity: number }[]): CreditNoteMoney {
  const creditedPieces = sumBy(before.lines, (line) => line.orderLineId, (line) => line.quantity);
  const creditedGross = sumBy(before.lines, (line) => line.orderLineId, (line) => line.gross);
  const creditedNet = sumBy(before.lines, (line) => line.orderLineId, (line) => line.net);
  const byId = new Map(invoice.lines.map((line) => [line.id, line]));

  const goods: CreditNoteGoodsLine[] = request.map(({ orderLineId, quantity }) => {
    const line = byId.get(orderLineId);
    if (!line) throw new RangeError(`Line ${orderLineId} is not on the invoice`);
    const done = creditedPieces.get(orderLineId) ?? 0;
    if (!Number.isSafeInteger(quantity) || quantity <= 0 || done + quantity > line.quantity) throw new RangeError(`Cannot credit ${quantity} of line ${orderLineId}`);
    const last = done + quantity === line.quantity;
    const gross = last ? line.totalGross - (creditedGross.get(orderLineId) ?? 0) : quantity * line.unitGross;
    const net = last ? line.totalNet - (creditedNet.get(orderLineId) ?? 0) : vatSplit(gross, line.ratePercent).net;
    return { orderLineId, quantity, ratePercent: line.ratePercent, unitGross: line.unitGross, gross: -gross, net: -net };
  });

  // the goods credited per rate, all notes together after this one, against what the invoice charged
  const requested = sumBy(request, (line) => line.orderLineId, (line) => line.quantity);
  const invoicedByRate = sumBy(invoice.lines, (line) => line.ratePercent, (line) => line.totalGross);
  const creditedByRate = new Map<number, number>();
  let completes = true;
  for (const line of invoice.lines) {
    const pieces = (creditedPieces.get(line.id) ?? 0) + (requested.get(line.id) ?? 0);
    if (pieces < line.quantity) completes = false;
    const gross = (creditedGross.get(line.id) ?? 0) - goods.filter((row) => row.orderLineId === line.id).reduce((sum, row) => sum + row.gross, 0);
    creditedByRate.set(line.ratePercent, (creditedByRate.get(line.ratePercent) ?? 0) + gross);
  }
  const discountGrossBefore = sumBy(before.discount, (row) => row.ratePercent, (row) => row.gross);
  const discountNetBefore = sumBy(before.discount, (row) => row.ratePercent, (row) => row.net);
  const discount: VatRecapRow[] = [];
  for (const row of invoice.discountByRate) {
    const target = proportion(row.gross, creditedByRate.get(row.ratePercent) ?? 0, invoicedByRate.get(row.ratePercent) ?? 0);
    const gross = target - (discountGrossBefore.get(row.ratePercent) ?? 0);
    const net = vatSplit(target, row.ratePercent).net - (discountNetBefore.get(row.ratePercent) ?? 0);
    if (gross !== 0 || net !== 0) discount.push({ ratePercent: row.ratePercent, gross, net, vat: gross - net });
  }

  const creditCharges = completes && !before.chargesCredited;
  const charges = creditCharges
    ? invoice.charges.filter((charge) => charge.gross > 0).map((charge) => ({ ...charge, gross: -charge.gross, net: -vatSplit(charge.gross, charge.ratePercent).net }))
    : [];
  const rounding = creditCharges ? -invoice.rounding : 0;

  const recapRows = new Map<number, VatRecapRow>();
  const add = (ratePercent: number, gross: number, net: number) => {
    const row = recapRows.get(ratePercent) ?? { ratePercent, gross: 0, net: 0, vat: 0 };
    row.gross += gross;
    row.net += net;
    row.vat = row.gross - row.net;
    recapRows.set(ratePercent, row);
  };
  for (const line of goods) add(line.ratePercent, line.gross, line.net);
  for (const row of discount) add(row.ratePercent, row.gross, row.net);
  for (const charge of charges) add(charge.ratePercent, charge.gross, charge.net);
  const recap = [...recapRows.values()].filter((row) => row.gross !== 0 || row.net !== 0).sort((a, b) => b.ratePercent - a.ratePercent);
  const net = recap.reduce((sum, row) => sum + row.net, 0);
  const vat = recap.reduce((sum, row) => sum + row.vat, 0);
  return { goods, discount, charges, rounding, recap, total: { net, vat, gross: net + vat + rounding }, completes };
}

/**
 * An amount of the invoice's currency in CZK at its rate, rounded half away from zero, so that a
 * negative amount converts to exactly the negation of its positive (the invoice's CZK recap, negated).
 */
export function toCzk(amountMinor: number, currency: 'CZK' | 'EUR', eurRate: number): number {
  if (currency === 'CZK') return amountMinor;
  const czk = Math.round(Math.abs(amountMinor) * eurRate);
  return amountMinor < 0 ? -czk : czk;
}
