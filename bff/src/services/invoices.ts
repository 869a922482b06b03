// The invoice of an order, issued on first request and stored with its Invoice row, so that every
// download (on any instance, in any year) and the confirmation e-mail serve the very same document.
// The rules of issuing live here; drawing the PDF is the caller's renderer (pdf/invoice-pdf.ts), so
// this service receives the layout instead of reaching up to it.
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { INVOICE_DUE_DAYS } from '../../../schema/rules/supplier.ts';
import { BANK_TRANSFER_PAYMENT_CODE } from '../../../schema/rules/constants.ts';
import { loadOrderDocument, type OrderDocument } from './order-documents.ts';
import { orderSpayd } from './qr.ts';

const DAY_MS = 24 * 3600 * 1000;

export type InvoiceFile = { fileName: string; bytes: Buffer };

/** What an invoice shows: the order as placed, and the invoice's own number and dates. */
export type InvoiceData = {
  order: OrderDocument;
  /** The invoice's number (the order's: one invoice per order, numbered in the same yearly sequence). */
  number: string;
  issuedAt: Date;
  /** Datum uskutečnění zdanitelného plnění. */
  taxableSupplyAt: Date;
  dueAt: Date;
  /** The QR payment string, for orders paid by bank transfer; null: no QR code. */
  spayd: string | null;
  /** CZK per EUR, to state the VAT of a euro invoice in CZK as the law asks. */
  eurRate: number;
};

/** Draws an invoice (pdf/invoice-pdf.ts renderInvoicePdf): the same data always gives the same bytes. */
export type InvoiceRenderer = (data: InvoiceData) => Promise<Buffer>;

export type InvoiceOptions = {
  /** CZK per EUR (EUR_RATE), for the CZK VAT summary of a euro invoice; kept with it (its credit notes use it), fixed once it exists. */
  eurRate: number;
  render: InvoiceRenderer;
};

/** The download's path in each language: the order's id and its secret hash, like the order summary's. */
export const INVOICE_PATHS = { cs: '/objednavka/faktura/:id/:hash.pdf', en: '/en/order/invoice/:id/:hash.pdf' } as const;

export function invoicePath(language: Locale, orderId: number, hash: string): string {
  return INVOICE_PATHS[language].replace(':id', String(orderId)).replace(':hash', encodeURIComponent(hash));
}

/** faktura-2026000123.pdf; invoice-2026000123.pdf for an order placed in English, whose invoice is in English. */
export function invoiceFileName(number: string, language: Locale): string {
  return `${language === 'en' ? 'invoice' : 'faktura'}-${number}.pdf`;
}

/** What an order's invoice shows before it is issued: issued, and taxable, on the day the order was placed. */
function newInvoiceData(order: OrderDocument, eurRate: number): InvoiceData {
  const issuedAt = order.createdAt;
  // a bank-transfer order is due when its payment deadline says (unpaid, it is cancelled then)
  const dueAt = order.paymentDueAt ?? new Date(issuedAt.getTime() + INVOICE_DUE_DAYS * DAY_MS);
  return {
    order,
    number: order.number,
    issuedAt,
    taxableSupplyAt: issuedAt,
    dueAt,
    spayd: order.paymentCode === BANK_TRANSFER_PAYMENT_CODE ? orderSpayd(order) : null,
    eurRate,
  };
}

/** The invoice's columns that, with the order as placed, say what its PDF shows. */
const ISSUED = { number: true, issuedAt: true, dueAt: true, eurRate: true } as const;

/** What an issued invoice shows, from its Invoice row and the order as placed. */
function issuedData(stored: { number: string; issuedAt: Date; dueAt: Date; eurRate: number | null }, order: OrderDocument, fallbackEurRate: number): InvoiceData {
  return {
    order,
    number: stored.number,
    issuedAt: stored.issuedAt,
    taxableSupplyAt: stored.issuedAt,
    dueAt: stored.dueAt,
    spayd: order.paymentCode === BANK_TRANSFER_PAYMENT_CODE ? orderSpayd(order) : null,
    eurRate: stored.eurRate ?? fallbackEurRate,
  };
}

/**
 * What the order's issued invoice shows, read back from its Invoice row (number, dates, exchange rate)
 * and the order as placed: the very data its stored PDF was drawn from, so that the ISDOC
 * (services/isdoc.ts) states the PDF's numbers. Null when the order has no invoice yet. An invoice kept
 * before its rate was (eurRate null) is read at `fallbackEurRate`, the rate its PDF was drawn with then.
 */
export async function issuedInvoiceData(db: Db, orderId: number, fallbackEurRate: number, loaded?: OrderDocument): Promise<InvoiceData | null> {
  const stored = await db.invoice.findUnique({ where: { orderId }, select: ISSUED });
  // the order as placed does not change: a caller that has just read it passes it in
  const order = stored && (loaded?.id === orderId ? loaded : await loadOrderDocument(db, orderId));
  return stored && order && issuedData(stored, order, fallbackEurRate);
}

/** An invoice as issued: its PDF and what the PDF shows (the ISDOC beside it is written from `data`). */
export type IssuedInvoice = { file: InvoiceFile; data: InvoiceData };

/** The invoice read back as kept, with what its PDF shows; null when the order has none yet. */
async function keptInvoice(db: Db, order: OrderDocument, fallbackEurRate: number): Promise<IssuedInvoice | null> {
  const stored = await db.invoice.findUnique({ where: { orderId: order.id }, select: { ...ISSUED, pdf: true } });
  return stored && { file: { fileName: invoiceFileName(stored.number, order.language), bytes: Buffer.from(stored.pdf) }, data: issuedData(stored, order, fallbackEurRate) };
}

/**
 * Issues the invoice of an order that had none: issued, and taxable, on the day the order was placed,
 * due on the order's payment deadline (bank transfer) or INVOICE_DUE_DAYS later; numbered with the
 * order's number (its yearly sequence has no gaps). Two first issues at once both draw it, the
 * database keeps one (the unique orderId) and both answer with the kept one.
 */
async function issueNew(db: Db, order: OrderDocument, options: InvoiceOptions): Promise<IssuedInvoice> {
  const data = newInvoiceData(order, options.eurRate);
  const bytes = await options.render(data);
  // ON CONFLICT DO NOTHING: a parallel first issue may have kept its copy already; then that one is the invoice
  const created = await db.invoice.createManyAndReturn({
    data: [{ orderId: order.id, number: data.number, issuedAt: data.issuedAt, dueAt: data.dueAt, eurRate: data.eurRate, pdf: new Uint8Array(bytes) }],
    skipDuplicates: true,
    select: { orderId: true },
  });
  if (created.length > 0) return { file: { fileName: invoiceFileName(data.number, order.language), bytes }, data };
  return (await keptInvoice(db, order, options.eurRate))!;
}

/** The order's invoice, issued now unless it was (the confirmation e-mail: its PDF, and its ISDOC written from `data`). */
export async function issueOrderInvoice(db: Db, order: OrderDocument, options: InvoiceOptions): Promise<IssuedInvoice> {
  return (await keptInvoice(db, order, options.eurRate)) ?? (await issueNew(db, order, options));
}

/**
 * The order's invoice PDF; null when there is no such order. A kept one is read without the order
 * (downloads); else it is issued now.
 */
export async function orderInvoice(db: Db, orderId: number, options: InvoiceOptions): Promise<InvoiceFile | null> {
  const stored = await db.invoice.findUnique({ where: { orderId }, select: { number: true, pdf: true, order: { select: { language: true } } } });
  if (stored) return { fileName: invoiceFileName(stored.number, stored.order.language), bytes: Buffer.from(stored.pdf) };
  // the order as placed does not change
  const order = await loadOrderDocument(db, orderId);
  return order && (await issueNew(db, order, options)).file;
}
