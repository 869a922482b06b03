// Credit notes (opravný daňový doklad, VAT Act § 42; docs/decisions/0062). A refund after a withdrawal,
// an accepted complaint or a cancellation changes the taxable supply of an invoiced order: the note
// refers to the invoice, has its own gapless yearly number series (D + year + 6 digits), credits the
// pieces asked for with minus signs and recapitulates the VAT per rate, in the order's currency at the
// invoice's exchange rate. Its amounts come from schema/rules/credit-note.ts, so that the notes of an
// invoice together negate it to the haléř. The PDF is drawn on the first download or e-mail by the
// caller's renderer (pdf/credit-note-pdf.ts) and kept with the note, as the invoice's is.
// Knows nothing of GraphQL; refusals are CreditNoteErrors (ShopError).
import type { Db } from '../db/client.ts';
import type { Tx, ChangeRecorder } from '../events/record.ts';
import { inTransaction } from '../events/record.ts';
import type { Prisma, CreditNoteReason } from '../generated/prisma/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import type { Currency, VatRecapRow } from '../../../schema/rules/money.ts';
import { creditNoteMoney } from '../../../schema/rules/credit-note.ts';
import { ShopError } from './errors.ts';
import { enqueueMail } from './mail-outbox.ts';
import { discountByRate, loadOrderDocument, type OrderDocument } from './order-documents.ts';
import { SERVICE_VAT_RATE_PERCENT } from '../../../schema/rules/constants.ts';
import { pragueYear } from './orders.ts';

export type { CreditNoteReason };

export type CreditNoteRequest = {
  orderId: number;
  /** Pieces to credit per invoiced order line. */
  lines: { orderLineId: number; quantity: number }[];
  reason: CreditNoteReason;
  /** Printed on the note (e.g. the withdrawal's or the complaint's number). */
  note?: string;
};

/** Digits after the year in a credit note's number. */
export const CREDIT_NOTE_NUMBER_DIGITS = 6;

/** A credit note was refused; nothing was written. The message says why, in English (the shop owner's tools). */
export class CreditNoteError extends ShopError {
  constructor(code: string, text: string) {
    super(code, text);
  }
}

/** The next credit note number of the year: D + year + 6 digits; the counter row stays locked until commit, so the series has no gaps. */
async function nextCreditNoteNumber(tx: Tx, now: Date): Promise<string> {
  const year = pragueYear(now);
  const rows = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "CreditNoteNumberCounter" ("year", "last") VALUES (${year}::int, 1)
    ON CONFLICT ("year") DO UPDATE SET "last" = "CreditNoteNumberCounter"."last" + 1
    RETURNING "last"`;
  return `D${year}${String(rows[0].last).padStart(CREDIT_NOTE_NUMBER_DIGITS, '0')}`;
}

/** What the order's earlier credit notes credited, as positive amounts. */
async function creditedBefore(tx: Tx, orderId: number) {
  const lines = await tx.creditNoteLine.findMany({
    where: { creditNote: { orderId } },
    select: { kind: true, orderLineId: true, quantity: true, vatRate: true, totalGross: true, totalNet: true },
  });
  return {
    lines: lines.flatMap((line) =>
      line.kind === 'GOODS' && line.orderLineId !== null ? [{ orderLineId: line.orderLineId, quantity: line.quantity, gross: -line.totalGross, net: -line.totalNet }] : [],
    ),
    discount: lines.flatMap((line) =>
      line.kind === 'DISCOUNT' && line.vatRate !== null ? [{ ratePercent: line.vatRate, gross: line.totalGross, net: line.totalNet }] : [],
    ),
    chargesCredited: lines.some((line) => line.kind === 'DELIVERY' || line.kind === 'PAYMENT' || line.kind === 'ROUNDING'),
  };
}

/**
 * Issues a credit note to the order's invoice for the pieces asked for, inside the caller's transaction
 * (`inTransaction(db, (tx, changes) => …)`), and enqueues its e-mail to the order's address with the PDF.
 * Refused (CreditNoteError, nothing written) for an order that does not exist or has no invoice yet, a
 * line not in the order, a quantity that is not a positive whole number or more than was invoiced less
 * what earlier notes credited, and an empty or repeated line. The note that credits the order's last
 * pieces also credits delivery, the payment fee and the rounding (docs/decisions/0062).
 */
export async function issueCreditNote(tx: Tx, changes: ChangeRecorder, request: CreditNoteRequest): Promise<{ id: number; number: string }> {
  // the order's row lock: two notes for one order at once are issued one after the other, each seeing the other's pieces
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Order" WHERE "id" = ${request.orderId} FOR UPDATE`;
  if (locked.length === 0) throw new CreditNoteError('CREDIT_NOTE_ORDER_NOT_FOUND', `There is no order with id ${request.orderId}.`);
  const invoice = await tx.invoice.findUnique({ where: { orderId: request.orderId }, select: { id: true, number: true, eurRate: true } });
  const order = await loadOrderDocument(tx, request.orderId);
  if (!order) throw new CreditNoteError('CREDIT_NOTE_ORDER_NOT_FOUND', `There is no order with id ${request.orderId}.`);
  if (!invoice) throw new CreditNoteError('CREDIT_NOTE_NO_INVOICE', `Order ${order.number} has no invoice yet: a credit note corrects an invoice, so issue the invoice first.`);
  if (order.currency !== 'CZK' && invoice.eurRate === null) {
    throw new CreditNoteError('CREDIT_NOTE_NO_RATE', `The exchange rate of invoice ${invoice.number} was not recorded, so no credit note can be issued in ${order.currency} for it.`);
  }
  if (request.lines.length === 0) throw new CreditNoteError('CREDIT_NOTE_NO_LINES', 'A credit note needs at least one line to credit.');

  const invoiced = order.lines;
  const byId = new Map(invoiced.map((line) => [line.id, line]));
  const before = await creditedBefore(tx, request.orderId);
  const seen = new Set<number>();
  for (const { orderLineId, quantity } of request.lines) {
    const line = byId.get(orderLineId);
    if (!line) throw new CreditNoteError('CREDIT_NOTE_LINE_NOT_IN_ORDER', `Line ${orderLineId} is not a line of order ${order.number}.`);
    if (seen.has(orderLineId)) throw new CreditNoteError('CREDIT_NOTE_LINE_TWICE', `Line ${orderLineId} (${line.name}) is given twice; give each line once with its pieces.`);
    seen.add(orderLineId);
    if (!Number.isSafeInteger(quantity) || quantity <= 0) {
      throw new CreditNoteError('CREDIT_NOTE_BAD_QUANTITY', `The pieces to credit of line ${orderLineId} (${line.name}) must be a whole number above zero, got ${quantity}.`);
    }
    const credited = before.lines.filter((row) => row.orderLineId === orderLineId).reduce((sum, row) => sum + row.quantity, 0);
    if (quantity > line.quantity - credited) {
      throw new CreditNoteError(
        'CREDIT_NOTE_TOO_MANY',
        `Line ${orderLineId} (${line.name}) of order ${order.number}: ${quantity} pieces asked, but ${line.quantity} were invoiced and ${credited} credited already, so at most ${line.quantity - credited} can be.`,
      );
    }
  }

  const money = creditNoteMoney(
    {
      lines: invoiced.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        unitGross: line.unitPriceGross,
        totalGross: line.totalGross,
        totalNet: line.totalNet,
        ratePercent: line.vatRate,
      })),
      discountByRate: discountByRate(order),
      charges: [
        { kind: 'DELIVERY', gross: order.deliveryPrice, ratePercent: SERVICE_VAT_RATE_PERCENT },
        { kind: 'PAYMENT', gross: order.paymentPrice, ratePercent: SERVICE_VAT_RATE_PERCENT },
      ],
      rounding: order.roundingGross,
    },
    before,
    request.lines,
  );

  const now = new Date();
  const number = await nextCreditNoteNumber(tx, now);
  const lines: Omit<Prisma.CreditNoteLineCreateManyInput, 'creditNoteId'>[] = [
    ...money.goods.map((row) => {
      const line = byId.get(row.orderLineId)!;
      return {
        kind: 'GOODS' as const,
        orderLineId: row.orderLineId,
        name: line.name,
        size: line.size,
        colour: line.colour,
        variantCode: line.variantCode,
        quantity: row.quantity,
        vatRate: row.ratePercent,
        unitPriceGross: row.unitGross,
        totalGross: row.gross,
        totalNet: row.net,
      };
    }),
    ...money.discount.map((row) => ({ kind: 'DISCOUNT' as const, name: '', quantity: 0, vatRate: row.ratePercent, unitPriceGross: 0, totalGross: row.gross, totalNet: row.net })),
    ...money.charges.map((charge) => ({
      kind: charge.kind,
      name: charge.kind === 'DELIVERY' ? order.deliveryName : order.paymentName,
      quantity: 1,
      vatRate: charge.ratePercent,
      unitPriceGross: -charge.gross,
      totalGross: charge.gross,
      totalNet: charge.net,
    })),
    ...(money.rounding !== 0 ? [{ kind: 'ROUNDING' as const, name: '', quantity: 0, vatRate: null, unitPriceGross: 0, totalGross: money.rounding, totalNet: 0 }] : []),
  ];
  const created = await tx.creditNote.create({
    data: {
      number,
      order: { connect: { id: order.id } },
      invoice: { connect: { id: invoice.id } },
      reason: request.reason,
      note: (request.note ?? '').trim().slice(0, 500),
      currency: order.currency,
      eurRate: invoice.eurRate ?? 1,
      issuedAt: now,
      totalNet: money.total.net,
      totalVat: money.total.vat,
      totalGross: money.total.gross,
      roundingGross: money.rounding,
      vatRecap: money.recap as unknown as Prisma.InputJsonValue,
    },
    select: { id: true, number: true },
  });
  // one INSERT in the document's order: goods, discount, fees, rounding (the PDF prints them by id)
  await tx.creditNoteLine.createMany({ data: lines.map((line) => ({ ...line, creditNoteId: created.id })) });
  await enqueueMail(tx, {
    kind: 'creditNote',
    recipient: order.email,
    language: order.language,
    payload: { creditNoteId: created.id },
    dedupeKey: `creditNote:${created.id}`,
  });
  changes.record({ kind: 'MailEnqueued' });
  return created;
}

// ------------------------------------------------------------------ reading

export type CreditNoteDocumentLine = {
  kind: 'GOODS' | 'DISCOUNT' | 'DELIVERY' | 'PAYMENT' | 'ROUNDING';
  name: string;
  size: string | null;
  colour: string | null;
  variantCode: string;
  quantity: number;
  vatRate: number | null;
  unitPriceGross: number;
  totalGross: number;
  totalNet: number;
};

/** A credit note as its PDF and e-mail show it: the note and the order (with its invoice's number and date). */
export type CreditNoteDocument = {
  id: number;
  number: string;
  reason: CreditNoteReason;
  note: string;
  currency: Currency;
  eurRate: number;
  issuedAt: Date;
  invoiceNumber: string;
  invoiceIssuedAt: Date;
  totalNet: number;
  totalVat: number;
  totalGross: number;
  roundingGross: number;
  vatRecap: VatRecapRow[];
  lines: CreditNoteDocumentLine[];
  order: OrderDocument;
};

export type CreditNoteFile = { fileName: string; bytes: Buffer };

/** Draws a credit note (pdf/credit-note-pdf.ts renderCreditNotePdf): the same data always gives the same bytes. */
export type CreditNoteRenderer = (document: CreditNoteDocument) => Promise<Buffer>;

/** A stored credit note's VAT recap (negative amounts). */
export function readCreditNoteRecap(value: Prisma.JsonValue): VatRecapRow[] {
  if (!Array.isArray(value)) return [];
  return (value as Prisma.JsonObject[]).map((row) => ({ ratePercent: Number(row.ratePercent), gross: Number(row.gross), net: Number(row.net), vat: Number(row.vat) }));
}

/** The credit note as its documents show it; null when there is none with this id. */
export async function loadCreditNoteDocument(db: Db, creditNoteId: number): Promise<CreditNoteDocument | null> {
  const note = await db.creditNote.findUnique({
    where: { id: creditNoteId },
    include: { lines: { orderBy: { id: 'asc' } }, invoice: { select: { number: true, issuedAt: true } } },
  });
  if (!note) return null;
  const order = await loadOrderDocument(db, note.orderId);
  if (!order) return null;
  return {
    id: note.id,
    number: note.number,
    reason: note.reason,
    note: note.note,
    currency: note.currency,
    eurRate: note.eurRate,
    issuedAt: note.issuedAt,
    invoiceNumber: note.invoice.number,
    invoiceIssuedAt: note.invoice.issuedAt,
    totalNet: note.totalNet,
    totalVat: note.totalVat,
    totalGross: note.totalGross,
    roundingGross: note.roundingGross,
    vatRecap: readCreditNoteRecap(note.vatRecap),
    lines: note.lines.map(({ kind, name, size, colour, variantCode, quantity, vatRate, unitPriceGross, totalGross, totalNet }) => ({
      kind,
      name,
      size,
      colour,
      variantCode,
      quantity,
      vatRate,
      unitPriceGross,
      totalGross,
      totalNet,
    })),
    order,
  };
}

/** dobropis-D2026000001.pdf; credit-note-D2026000001.pdf for an order placed in English. */
export function creditNoteFileName(number: string, language: Locale): string {
  return `${language === 'en' ? 'credit-note' : 'dobropis'}-${number}.pdf`;
}

/**
 * The credit note's PDF, drawn on first request and kept (like the invoice, services/invoices.ts): every
 * later download and the e-mail serve the same bytes. Null when there is no such note. Two first
 * requests at once both draw it; the first to store wins and both answer with the stored bytes.
 */
export async function creditNotePdf(db: Db, creditNoteId: number, render: CreditNoteRenderer): Promise<CreditNoteFile | null> {
  const stored = await db.creditNote.findUnique({ where: { id: creditNoteId }, select: { number: true, pdf: true, order: { select: { language: true } } } });
  if (!stored) return null;
  if (stored.pdf) return { fileName: creditNoteFileName(stored.number, stored.order.language), bytes: Buffer.from(stored.pdf) };
  const document = await loadCreditNoteDocument(db, creditNoteId);
  if (!document) return null;
  const bytes = await render(document);
  await db.creditNote.updateMany({ where: { id: creditNoteId, pdf: null }, data: { pdf: new Uint8Array(bytes) } });
  const saved = await db.creditNote.findUniqueOrThrow({ where: { id: creditNoteId }, select: { pdf: true } });
  return { fileName: creditNoteFileName(stored.number, stored.order.language), bytes: Buffer.from(saved.pdf ?? bytes) };
}

/** A credit note in a list (the order's page, the owner's command, the API). */
export type CreditNoteSummary = {
  id: number;
  number: string;
  orderId: number;
  reason: CreditNoteReason;
  note: string;
  issuedAt: Date;
  currency: Currency;
  totalGross: number;
  totalNet: number;
  totalVat: number;
};

const SUMMARY_SELECT = {
  id: true,
  number: true,
  orderId: true,
  reason: true,
  note: true,
  issuedAt: true,
  currency: true,
  totalGross: true,
  totalNet: true,
  totalVat: true,
} as const;

/** The order's credit notes, oldest first. */
export function orderCreditNotes(db: Db, orderId: number): Promise<CreditNoteSummary[]> {
  return db.creditNote.findMany({ where: { orderId }, orderBy: { id: 'asc' }, select: SUMMARY_SELECT });
}

/** The credit notes of the order with this number, oldest first; null when there is no such order. */
export async function creditNotesOfOrderNumber(db: Db, orderNumber: string): Promise<{ orderNumber: string; notes: CreditNoteSummary[] } | null> {
  const order = await db.order.findUnique({ where: { number: orderNumber.trim() }, select: { id: true, number: true } });
  return order && { orderNumber: order.number, notes: await orderCreditNotes(db, order.id) };
}

/** The note of this number of the order, for its download; null when the order has none such. */
export async function orderCreditNoteId(db: Db, orderId: number, number: string): Promise<number | null> {
  const note = await db.creditNote.findFirst({ where: { orderId, number }, select: { id: true } });
  return note?.id ?? null;
}

// ------------------------------------------------------------------ accepted complaints

export type ComplaintAcceptance =
  | { result: 'ACCEPTED'; protocolNumber: string; orderNumber: string; creditNote: { id: number; number: string } | null }
  | { result: 'ALREADY_ACCEPTED'; protocolNumber: string; orderNumber: string; creditNote: { id: number; number: string } | null };

/** Normalises a product code for matching: letters and digits only, upper-case ("dr 1001-red-xl" = "DR1001REDXL"). */
function codeKey(code: string): string {
  return code.normalize('NFKC').replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
}

/**
 * The order lines a return protocol's goods rows are: a row matches the line whose variant code (SKU)
 * is the code the customer wrote, or else the only line of that product code (docs/decisions/0062).
 * Throws a CreditNoteError naming the row that matches no line or several.
 */
export function matchProtocolLines(
  protocolLines: readonly { productTitle: string; productCode: string; quantity: number }[],
  orderLines: readonly { id: number; productCode: string; variantCode: string; name: string }[],
  protocolNumber: string,
): { orderLineId: number; quantity: number }[] {
  const pieces = new Map<number, number>();
  for (const [index, row] of protocolLines.entries()) {
    const key = codeKey(row.productCode);
    const byVariant = orderLines.filter((line) => key !== '' && codeKey(line.variantCode) === key);
    const byProduct = orderLines.filter((line) => key !== '' && codeKey(line.productCode) === key);
    const matches = byVariant.length > 0 ? byVariant : byProduct;
    const what = `row ${index + 1} of protocol ${protocolNumber} ("${row.productTitle}", code "${row.productCode}")`;
    if (matches.length === 0) throw new CreditNoteError('COMPLAINT_LINE_UNMATCHED', `No line of the order has the code of ${what}; correct the protocol's code to the ordered SKU.`);
    if (matches.length > 1) {
      throw new CreditNoteError(
        'COMPLAINT_LINE_AMBIGUOUS',
        `Several lines of the order have the code of ${what} (${matches.map((line) => line.variantCode).join(', ')}); correct the protocol's code to one SKU.`,
      );
    }
    pieces.set(matches[0].id, (pieces.get(matches[0].id) ?? 0) + row.quantity);
  }
  return [...pieces].map(([orderLineId, quantity]) => ({ orderLineId, quantity }));
}

/**
 * The shop accepts a complaint (return protocol): its status becomes ACCEPTED, and with `refund` a
 * credit note (reason COMPLAINT) credits the protocol's goods, matched to the order's lines. Accepting
 * again changes nothing (its result says so). Throws a CreditNoteError for an unknown protocol, one
 * without its order, a row that matches no order line, and every refusal of issueCreditNote.
 */
export async function acceptComplaint(db: Db, protocolNumber: string, options: { refund: boolean }): Promise<ComplaintAcceptance> {
  return inTransaction(db, async (tx, changes) => {
    const found = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Complaint" WHERE "number" = ${protocolNumber.trim().toUpperCase()} FOR UPDATE`;
    if (found.length === 0) throw new CreditNoteError('COMPLAINT_NOT_FOUND', `There is no return protocol ${protocolNumber}.`);
    const complaint = await tx.complaint.findUniqueOrThrow({
      where: { id: found[0].id },
      include: { lines: { orderBy: { id: 'asc' } }, creditNote: { select: { id: true, number: true } } },
    });
    const base = { protocolNumber: complaint.number, orderNumber: complaint.orderNumber };
    if (complaint.status === 'ACCEPTED' && (!options.refund || complaint.creditNote)) return { result: 'ALREADY_ACCEPTED', ...base, creditNote: complaint.creditNote };
    let creditNote: { id: number; number: string } | null = null;
    if (options.refund) {
      if (complaint.orderId === null) throw new CreditNoteError('COMPLAINT_WITHOUT_ORDER', `Return protocol ${complaint.number} has no order (it was deleted), so nothing can be credited.`);
      const orderLines = await tx.orderLine.findMany({ where: { orderId: complaint.orderId }, orderBy: { id: 'asc' }, select: { id: true, productCode: true, variantCode: true, name: true } });
      creditNote = await issueCreditNote(tx, changes, {
        orderId: complaint.orderId,
        lines: matchProtocolLines(complaint.lines, orderLines, complaint.number),
        reason: 'COMPLAINT',
        note: complaint.number,
      });
    }
    await tx.complaint.update({
      where: { id: complaint.id },
      data: { status: 'ACCEPTED', acceptedAt: complaint.acceptedAt ?? new Date(), ...(creditNote ? { creditNoteId: creditNote.id } : {}) },
    });
    return { result: 'ACCEPTED', ...base, creditNote };
  });
}
