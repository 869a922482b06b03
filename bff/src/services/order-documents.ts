// What the documents about an order (the invoice PDF, the confirmation e-mail) show: the order as it
// was placed, read in one query, with its addresses and VAT recapitulation in plain shapes.
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { vatSplit, type Currency, type VatRecapRow } from '../../../schema/rules/money.ts';
import { discountFromRecap } from '../../../schema/rules/cart-money.ts';
import { SERVICE_VAT_RATE_PERCENT } from '../../../schema/rules/constants.ts';
import { isTicketLine } from '../../../schema/rules/seat-plan.ts';

export type DocumentAddress = {
  firstName: string;
  lastName: string;
  company: string;
  ico: string;
  dic: string;
  street: string;
  city: string;
  postcode: string;
  country: string;
  email: string;
  phone: string;
};

export type DocumentLine = {
  /** The order line's id (a credit note names the line it credits). */
  id: number;
  name: string;
  /** The product's code (a match ticket's is ticket-{event id}). */
  productCode: string;
  size: string | null;
  colour: string | null;
  variantCode: string;
  quantity: number;
  vatRate: number;
  unitPriceGross: number;
  totalGross: number;
  totalNet: number;
};

export type OrderDocument = {
  id: number;
  number: string;
  hash: string;
  language: Locale;
  currency: Currency;
  createdAt: Date;
  /** A bank-transfer order's payment deadline; null for other payments. */
  paymentDueAt: Date | null;
  email: string;
  deliveryCode: string;
  deliveryName: string;
  deliveryPrice: number;
  paymentCode: string;
  paymentName: string;
  paymentPrice: number;
  store: { name: string; street: string; city: string; postcode: string } | null;
  invoiceAddress: DocumentAddress;
  deliveryAddress: DocumentAddress | null;
  note: string;
  lines: DocumentLine[];
  productsNet: number;
  productsGross: number;
  discountGross: number;
  roundingGross: number;
  totalNet: number;
  totalVat: number;
  totalGross: number;
  variableSymbol: string;
  /** Per VAT rate (highest first), in the order's currency: goods, discount, delivery and payment fee. */
  vatRecap: VatRecapRow[];
  /** The codes of the vouchers the order used. */
  vouchers: string[];
};

const ADDRESS_FIELDS = ['firstName', 'lastName', 'company', 'ico', 'dic', 'street', 'city', 'postcode', 'country', 'email', 'phone'] as const;

function readAddress(value: Prisma.JsonValue | null): DocumentAddress | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const address = {} as DocumentAddress;
  for (const field of ADDRESS_FIELDS) address[field] = typeof record[field] === 'string' ? (record[field] as string).trim() : '';
  return address;
}

/** The first name on an order's invoice address, for an e-mail's greeting; null when it has none. */
export function invoiceFirstName(invoiceAddress: Prisma.JsonValue | null): string | null {
  return readAddress(invoiceAddress)?.firstName || null;
}

function readRecap(value: Prisma.JsonValue): VatRecapRow[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((row): row is Prisma.JsonObject => row !== null && typeof row === 'object' && !Array.isArray(row))
    .map((row) => ({
      ratePercent: Number(row.ratePercent),
      gross: Number(row.gross),
      net: Number(row.net),
      vat: Number(row.vat),
    }))
    .filter((row) => [row.ratePercent, row.gross, row.net, row.vat].every(Number.isFinite))
    .sort((a, b) => b.ratePercent - a.ratePercent);
}

/** The order as its documents show it; null when there is no such order. */
export async function loadOrderDocument(db: Db | Prisma.TransactionClient, orderId: number): Promise<OrderDocument | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    include: {
      lines: { orderBy: { id: 'asc' } },
      store: { select: { name: true, street: true, city: true, postcode: true } },
      voucherUses: { orderBy: { id: 'asc' }, select: { voucher: { select: { code: true } } } },
    },
  });
  if (!order) return null;
  const empty: DocumentAddress = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as DocumentAddress;
  return {
    id: order.id,
    number: order.number,
    hash: order.hash,
    language: order.language,
    currency: order.currency,
    createdAt: order.createdAt,
    paymentDueAt: order.paymentDueAt,
    email: order.email,
    deliveryCode: order.deliveryCode,
    deliveryName: order.deliveryName,
    deliveryPrice: order.deliveryPrice,
    paymentCode: order.paymentCode,
    paymentName: order.paymentName,
    paymentPrice: order.paymentPrice,
    store: order.store,
    invoiceAddress: readAddress(order.invoiceAddress) ?? { ...empty, email: order.email },
    deliveryAddress: readAddress(order.deliveryAddress),
    note: order.note,
    lines: order.lines.map((line) => ({
      id: line.id,
      name: line.name,
      productCode: line.productCode,
      size: line.size,
      colour: line.colour,
      // a seat's line names its section, row and seat; its code is the shop's own seat index
      variantCode: isTicketLine(line) ? '' : line.variantCode,
      quantity: line.quantity,
      vatRate: line.vatRate,
      unitPriceGross: line.unitPriceGross,
      totalGross: line.totalGross,
      totalNet: line.totalNet,
    })),
    productsNet: order.productsNet,
    productsGross: order.productsGross,
    discountGross: order.discountGross,
    roundingGross: order.roundingGross,
    totalNet: order.totalNet,
    totalVat: order.totalVat,
    totalGross: order.totalGross,
    variableSymbol: order.variableSymbol,
    vatRecap: readRecap(order.vatRecap),
    vouchers: order.voucherUses.map((use) => use.voucher.code),
  };
}

/**
 * The discount per VAT rate, with and without VAT: what the goods and fees at a rate add up to, less
 * what the recap kept (the split the checkout made, read back by schema/rules/cart-money.ts).
 */
export function discountByRate(order: OrderDocument): VatRecapRow[] {
  return discountFromRecap({
    lines: order.lines.map((line) => ({ grossMinor: line.totalGross, ratePercent: line.vatRate })),
    charges: [
      { grossMinor: order.deliveryPrice, ratePercent: SERVICE_VAT_RATE_PERCENT },
      { grossMinor: order.paymentPrice, ratePercent: SERVICE_VAT_RATE_PERCENT },
    ],
    recap: order.vatRecap,
  });
}

/** The person or company an address names, as one line. */
export function addressName(address: DocumentAddress): string {
  return [address.firstName, address.lastName].filter(Boolean).join(' ');
}

/**
 * A row of an invoice's lines table, in minor units of the order's currency: a line of goods, delivery,
 * the payment fee, or the discount at one VAT rate (negative). The PDF prints these rows and the ISDOC
 * (services/isdoc.ts) states them, so the two agree to the haléř. The rounding is not a row of either:
 * the order's roundingGross.
 */
export type InvoiceRow = {
  kind: 'GOODS' | 'DELIVERY' | 'PAYMENT' | 'DISCOUNT';
  /** The order line of a GOODS row; null for the others. */
  line: DocumentLine | null;
  /** The goods' or the method's name; '' for a discount (each document names it in its language). */
  name: string;
  /** Pieces; 1 for delivery and the payment fee; null for a discount. */
  quantity: number | null;
  /** One piece with VAT; null for a discount. */
  unitGross: number | null;
  ratePercent: number;
  net: number;
  gross: number;
};

/** The rows of the order's invoice, in the order the PDF prints them. */
export function invoiceRows(order: OrderDocument): InvoiceRow[] {
  const rows: InvoiceRow[] = order.lines.map((line) => ({
    kind: 'GOODS',
    line,
    name: line.name,
    quantity: line.quantity,
    unitGross: line.unitPriceGross,
    ratePercent: line.vatRate,
    net: line.totalNet,
    gross: line.totalGross,
  }));
  const service = (kind: 'DELIVERY' | 'PAYMENT', name: string, gross: number): InvoiceRow => ({
    kind,
    line: null,
    name,
    quantity: 1,
    unitGross: gross,
    ratePercent: SERVICE_VAT_RATE_PERCENT,
    net: vatSplit(gross, SERVICE_VAT_RATE_PERCENT).net,
    gross,
  });
  // an order of tickets only has nothing delivered; a free payment method is not a row
  if (order.deliveryName) rows.push(service('DELIVERY', order.deliveryName, order.deliveryPrice));
  if (order.paymentName && order.paymentPrice !== 0) rows.push(service('PAYMENT', order.paymentName, order.paymentPrice));
  for (const share of discountByRate(order)) {
    rows.push({ kind: 'DISCOUNT', line: null, name: '', quantity: null, unitGross: null, ratePercent: share.ratePercent, net: -share.net, gross: -share.gross });
  }
  return rows;
}
