// Draws a credit note (opravný daňový doklad, VAT Act § 42; docs/decisions/0062) in the invoice's style:
// the same page frame, parties, facts, lines table and VAT recap in CZK (tax-document-blocks.ts), with
// what § 45 asks of it: its own number, the number of the invoice it corrects, the reason, and the
// differences (negative amounts) per line and per rate. Pure: the same note always gives the same bytes
// (the creation date is its issue date). A euro note converts its recap at the invoice's rate, kept
// with the note.
import { formatDate } from '../../../schema/rules/dates.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { formatMoney } from '../../../schema/rules/money.ts';
import { toCzk } from '../../../schema/rules/credit-note.ts';
import { piecesText } from '../../../schema/rules/plural.ts';
import { formatPercent } from '../../../schema/rules/percent.ts';
import { variantText } from '../../../schema/rules/variant.ts';
import { roomFor } from './page-frame.ts';
import { drawFacts, drawFooter, drawHeading, drawLinesTable, drawParties, drawRecapAndTotals, openTaxDocument, TAX_DOCUMENT_LABELS, type LinesTableRow } from './tax-document-blocks.ts';
import type { CreditNoteDocument, CreditNoteReason } from '../services/credit-notes.ts';

const LABELS = {
  cs: {
    ...TAX_DOCUMENT_LABELS.cs,
    title: 'Opravný daňový doklad',
    number: 'Číslo dokladu',
    invoiceNumber: 'Opravuje fakturu č.',
    invoiceIssuedAt: 'Datum vystavení faktury',
    reason: 'Důvod opravy',
    note: 'Poznámka',
    totalToRefund: 'Celkem k vrácení',
    exchangeRate: 'Částky v Kč přepočteny kurzem faktury 1 EUR = {rate} Kč.',
    refund: 'Částku {amount} vám vrátíme na váš účet.',
    reasons: { WITHDRAWAL: 'Odstoupení od smlouvy', COMPLAINT: 'Uznaná reklamace', CANCELLATION: 'Zrušení objednávky' },
  },
  en: {
    ...TAX_DOCUMENT_LABELS.en,
    title: 'Credit note – corrective tax document',
    number: 'Document number',
    invoiceNumber: 'Corrects invoice No.',
    invoiceIssuedAt: 'Invoice date',
    reason: 'Reason for the correction',
    note: 'Note',
    totalToRefund: 'Total to refund',
    exchangeRate: 'CZK amounts converted at the invoice’s rate 1 EUR = {rate} CZK.',
    refund: 'We will refund {amount} to your account.',
    reasons: { WITHDRAWAL: 'Withdrawal from the contract', COMPLAINT: 'Accepted complaint', CANCELLATION: 'Order cancelled' },
  },
} as const;

type Labels = (typeof LABELS)[Locale];

/** The reason of a credit note in words, in the document's language. */
export function creditNoteReasonText(reason: CreditNoteReason, language: Locale): string {
  return LABELS[language].reasons[reason];
}

/** The rows of the lines table: what is credited, with minus signs. */
function tableRows(note: CreditNoteDocument, labels: Labels): LinesTableRow[] {
  const language = note.order.language;
  const money = (amount: number) => formatMoney(amount, note.currency, language);
  return note.lines.map((line) => {
    switch (line.kind) {
      case 'GOODS':
        return {
          text: line.name,
          detail: [variantText(line, language), line.variantCode].filter(Boolean).join(', '),
          quantity: `−${piecesText(line.quantity, language)}`,
          unit: money(line.unitPriceGross),
          rate: formatPercent(line.vatRate ?? 0, language),
          net: money(line.totalNet),
          gross: money(line.totalGross),
        };
      case 'DELIVERY':
      case 'PAYMENT':
        return {
          text: line.name,
          detail: '',
          quantity: '−1',
          unit: money(line.unitPriceGross),
          rate: formatPercent(line.vatRate ?? 0, language),
          net: money(line.totalNet),
          gross: money(line.totalGross),
        };
      case 'DISCOUNT':
        return { text: labels.discount, detail: '', quantity: '', unit: '', rate: formatPercent(line.vatRate ?? 0, language), net: money(line.totalNet), gross: money(line.totalGross) };
      default:
        return { text: labels.rounding, detail: '', quantity: '', unit: '', rate: '', net: '', gross: money(line.totalGross) };
    }
  });
}

/** Renders the credit note; resolves with the PDF's bytes. */
export function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  const { order } = note;
  const language = order.language;
  const labels = LABELS[language];
  const money = (amount: number) => formatMoney(amount, note.currency, language);
  const date = (value: Date) => formatDate(value, language);
  const title = `${labels.title} ${labels.numberPrefix} ${note.number}`;
  const frame = openTaxDocument({ language, title, issuedAt: note.issuedAt });
  const { doc, margin: left, contentWidth } = frame;

  let y = drawHeading(frame, frame.margin, { title: labels.title, number: `${labels.numberPrefix} ${note.number}` });
  y = drawParties(frame, y, language, order.invoiceAddress);

  // --- the document's facts (left) and what it corrects (right)
  y = drawFacts(
    frame,
    y,
    {
      rows: [
        [labels.number, note.number],
        [labels.issuedAt, date(note.issuedAt)],
        // the correction's taxable supply is the day it is made (§ 42(2))
        [labels.taxableSupplyAt, date(note.issuedAt)],
        [labels.reason, labels.reasons[note.reason]],
      ],
      labelWidth: 150,
    },
    {
      rows: [
        [labels.invoiceNumber, note.invoiceNumber],
        [labels.invoiceIssuedAt, date(note.invoiceIssuedAt)],
        [labels.orderNumber, order.number],
        ...(note.note ? [[labels.note, note.note] as [string, string]] : []),
      ],
      labelWidth: 110,
    },
  );

  y = drawLinesTable(frame, y, language, tableRows(note, labels));

  // the recap in CZK at the invoice's rate
  y = drawRecapAndTotals(frame, y, language, {
    currency: note.currency,
    czkRecap: note.vatRecap.map((row) => ({
      ratePercent: row.ratePercent,
      net: toCzk(row.net, note.currency, note.eurRate),
      vat: toCzk(row.vat, note.currency, note.eurRate),
    })),
    eurRate: note.eurRate,
    exchangeRateNote: labels.exchangeRate,
    totalNet: note.totalNet,
    totalVat: note.totalVat,
    roundingGross: note.roundingGross,
    finalLabel: labels.totalToRefund,
    totalGross: note.totalGross,
  });

  if (note.totalGross < 0) {
    const text = labels.refund.replace('{amount}', money(-note.totalGross));
    y = roomFor(frame, y, 20);
    doc.font('bold').fontSize(9).fillColor('black').text(text, left, y, { width: contentWidth });
    y += doc.heightOfString(text, { width: contentWidth }) + 10;
  }

  drawFooter(frame, y, language);
  return frame.finish();
}
