// Draws a credit note (opravný daňový doklad, VAT Act § 42; docs/decisions/0062) in the invoice's style:
// the same page frame, parties, facts, lines table and VAT recap in CZK, with what § 45 asks of it: its
// own number, the number of the invoice it corrects, the reason, and the differences (negative amounts)
// per line and per rate. Pure: the same note always gives the same bytes (the creation date is its
// issue date). A euro note converts its recap at the invoice's rate, kept with the note.
import { formatDate } from '../../../schema/rules/dates.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { formatMoney } from '../../../schema/rules/money.ts';
import { toCzk } from '../../../schema/rules/credit-note.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';
import { formatPhone } from '../../../schema/rules/phone.ts';
import { piecesText } from '../../../schema/rules/plural.ts';
import { formatPercent } from '../../../schema/rules/percent.ts';
import { variantText } from '../../../schema/rules/variant.ts';
import { A4, openPdfFrame, PDF_COLOURS } from './page-frame.ts';
import { addressLines } from './invoice-pdf.ts';
import type { CreditNoteDocument, CreditNoteReason } from '../services/credit-notes.ts';

const LABELS = {
  cs: {
    title: 'Opravný daňový doklad',
    numberPrefix: 'č.',
    supplier: 'Dodavatel',
    customer: 'Odběratel',
    ico: 'IČO',
    dic: 'DIČ',
    number: 'Číslo dokladu',
    invoiceNumber: 'Opravuje fakturu č.',
    invoiceIssuedAt: 'Datum vystavení faktury',
    orderNumber: 'Číslo objednávky',
    issuedAt: 'Datum vystavení',
    taxableSupplyAt: 'Datum uskutečnění zdanitelného plnění',
    reason: 'Důvod opravy',
    note: 'Poznámka',
    item: 'Položka',
    quantity: 'Množství',
    unitPrice: 'Cena/ks s DPH',
    vatRate: 'DPH',
    net: 'Bez DPH',
    gross: 'S DPH',
    discount: 'Sleva',
    rounding: 'Zaokrouhlení',
    recap: 'Rekapitulace DPH v Kč',
    rate: 'Sazba',
    base: 'Základ daně',
    vat: 'DPH',
    total: 'Celkem',
    totalNet: 'Celkem bez DPH',
    totalVat: 'DPH celkem',
    totalToRefund: 'Celkem k vrácení',
    exchangeRate: 'Částky v Kč přepočteny kurzem faktury 1 EUR = {rate} Kč.',
    refund: 'Částku {amount} vám vrátíme na váš účet.',
    email: 'E-mail',
    phone: 'Telefon',
    issuedBy: 'Vystavil',
    reasons: { WITHDRAWAL: 'Odstoupení od smlouvy', COMPLAINT: 'Uznaná reklamace', CANCELLATION: 'Zrušení objednávky' },
  },
  en: {
    title: 'Credit note – corrective tax document',
    numberPrefix: 'No.',
    supplier: 'Supplier',
    customer: 'Customer',
    ico: 'Company ID',
    dic: 'VAT ID',
    number: 'Document number',
    invoiceNumber: 'Corrects invoice No.',
    invoiceIssuedAt: 'Invoice date',
    orderNumber: 'Order number',
    issuedAt: 'Date of issue',
    taxableSupplyAt: 'Date of taxable supply',
    reason: 'Reason for the correction',
    note: 'Note',
    item: 'Item',
    quantity: 'Quantity',
    unitPrice: 'Unit price incl. VAT',
    vatRate: 'VAT',
    net: 'Excl. VAT',
    gross: 'Incl. VAT',
    discount: 'Discount',
    rounding: 'Rounding',
    recap: 'VAT summary in CZK',
    rate: 'Rate',
    base: 'Tax base',
    vat: 'VAT',
    total: 'Total',
    totalNet: 'Total excl. VAT',
    totalVat: 'VAT total',
    totalToRefund: 'Total to refund',
    exchangeRate: 'CZK amounts converted at the invoice’s rate 1 EUR = {rate} CZK.',
    refund: 'We will refund {amount} to your account.',
    email: 'E-mail',
    phone: 'Phone',
    issuedBy: 'Issued by',
    reasons: { WITHDRAWAL: 'Withdrawal from the contract', COMPLAINT: 'Accepted complaint', CANCELLATION: 'Order cancelled' },
  },
} as const;

/** The reason of a credit note in words, in the document's language. */
export function creditNoteReasonText(reason: CreditNoteReason, language: Locale): string {
  return LABELS[language].reasons[reason];
}

const MARGIN = 40;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const { accent: ACCENT, grey: GREY } = PDF_COLOURS;
const LINE = '#bbbbbb';

type TableRow = { text: string; detail: string; quantity: string; unit: string; rate: string; net: string; gross: string };

// the invoice's columns
const COLUMNS = {
  text: { x: 0, width: 205 },
  quantity: { x: 205, width: 50 },
  unit: { x: 255, width: 75 },
  rate: { x: 330, width: 35 },
  net: { x: 365, width: 75 },
  gross: { x: 440, width: CONTENT_WIDTH - 440 },
};

/** Renders the credit note; resolves with the PDF's bytes. */
export function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  const { order } = note;
  const language = order.language;
  const labels = LABELS[language];
  const money = (amount: number) => formatMoney(amount, note.currency, language);
  const czk = (amount: number) => formatMoney(amount, 'CZK', language);
  const date = (value: Date) => formatDate(value, language);
  const title = `${labels.title} ${labels.numberPrefix} ${note.number}`;
  const { doc, bottom, finish } = openPdfFrame({ language, title, margin: MARGIN, createdAt: note.issuedAt });

  const left = MARGIN;
  let y = MARGIN;
  const ensureSpace = (height: number) => {
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
    }
  };

  // --- heading
  doc.font('bold').fontSize(18).fillColor(ACCENT).text(labels.title, left, y, { width: CONTENT_WIDTH * 0.65 });
  // the English title takes two lines: the rule goes below the second
  const titleHeight = doc.heightOfString(labels.title, { width: CONTENT_WIDTH * 0.65 });
  doc.font('bold').fontSize(12).fillColor('black').text(`${labels.numberPrefix} ${note.number}`, left + CONTENT_WIDTH * 0.65, y + 5, {
    width: CONTENT_WIDTH * 0.35,
    align: 'right',
  });
  y += Math.max(34, titleHeight + 12);
  doc.moveTo(left, y).lineTo(left + CONTENT_WIDTH, y).lineWidth(1).strokeColor(ACCENT).stroke();
  y += 12;

  // --- supplier and customer side by side
  const half = CONTENT_WIDTH / 2 - 10;
  const party = (heading: string, lines: string[], x: number) => {
    let lineY = y;
    doc.font('bold').fontSize(9).fillColor(GREY).text(heading.toUpperCase(), x, lineY, { width: half });
    lineY += 14;
    lines.forEach((line, index) => {
      doc.font(index === 0 ? 'bold' : 'regular').fontSize(10).fillColor('black');
      doc.text(line, x, lineY, { width: half });
      lineY += doc.heightOfString(line, { width: half }) + 1;
    });
    return lineY;
  };
  const supplierLines = [
    SUPPLIER.company,
    SUPPLIER.street,
    `${SUPPLIER.postcode} ${SUPPLIER.city}`,
    SUPPLIER.country[language],
    `${labels.ico}: ${SUPPLIER.ico}`,
    `${labels.dic}: ${SUPPLIER.dic}`,
  ];
  const customer = order.invoiceAddress;
  const customerLines = [
    ...addressLines(customer, labels, language),
    customer.email ? `${labels.email}: ${customer.email}` : '',
    customer.phone ? `${labels.phone}: ${formatPhone(customer.phone)}` : '',
  ].filter(Boolean);
  const supplierEnd = party(labels.supplier, supplierLines, left);
  doc.font('regular').fontSize(7.5).fillColor(GREY).text(SUPPLIER.register[language], left, supplierEnd + 2, { width: half });
  const registerEnd = supplierEnd + 2 + doc.heightOfString(SUPPLIER.register[language], { width: half });
  const customerEnd = party(labels.customer, customerLines, left + CONTENT_WIDTH / 2 + 10);
  y = Math.max(registerEnd, customerEnd) + 14;

  // --- the document's facts (left) and what it corrects (right)
  const factColumn = (rows: [string, string][], x: number, labelWidth: number) => {
    let rowY = y;
    for (const [label, value] of rows) {
      doc.font('regular').fontSize(9).fillColor(GREY).text(label, x, rowY, { width: labelWidth });
      doc.font('bold').fontSize(9).fillColor('black').text(value, x + labelWidth, rowY, { width: half - labelWidth });
      rowY += Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value, { width: half - labelWidth })) + 3;
    }
    return rowY;
  };
  const factsEnd = factColumn(
    [
      [labels.number, note.number],
      [labels.issuedAt, date(note.issuedAt)],
      // the correction's taxable supply is the day it is made (§ 42(2))
      [labels.taxableSupplyAt, date(note.issuedAt)],
      [labels.reason, labels.reasons[note.reason]],
    ],
    left,
    150,
  );
  const correctsEnd = factColumn(
    [
      [labels.invoiceNumber, note.invoiceNumber],
      [labels.invoiceIssuedAt, date(note.invoiceIssuedAt)],
      [labels.orderNumber, order.number],
      ...(note.note ? [[labels.note, note.note] as [string, string]] : []),
    ],
    left + CONTENT_WIDTH / 2 + 10,
    110,
  );
  y = Math.max(factsEnd, correctsEnd) + 8;

  // --- lines: what is credited, with minus signs
  const rows: TableRow[] = note.lines.map((line) => {
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
  const drawRow = (row: TableRow, head: boolean) => {
    doc.fontSize(head ? 8 : 9);
    const textHeight =
      doc.font(head ? 'bold' : 'regular').heightOfString(row.text, { width: COLUMNS.text.width - 4 }) +
      (row.detail ? doc.fontSize(7.5).heightOfString(row.detail, { width: COLUMNS.text.width - 4 }) : 0);
    const height = Math.max(textHeight, 11) + 6;
    ensureSpace(height);
    doc.font(head ? 'bold' : 'regular').fontSize(head ? 8 : 9).fillColor(head ? GREY : 'black');
    doc.text(row.text, left + COLUMNS.text.x, y + 3, { width: COLUMNS.text.width - 4 });
    if (row.detail) {
      doc.font('regular').fontSize(7.5).fillColor(GREY).text(row.detail, left + COLUMNS.text.x, doc.y, { width: COLUMNS.text.width - 4 });
      doc.font(head ? 'bold' : 'regular').fontSize(head ? 8 : 9).fillColor('black');
    }
    for (const key of ['quantity', 'unit', 'rate', 'net', 'gross'] as const) {
      doc.text(row[key], left + COLUMNS[key].x, y + 3, { width: COLUMNS[key].width, align: 'right' });
    }
    y += height;
    doc.moveTo(left, y).lineTo(left + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(LINE).stroke();
  };
  drawRow({ text: labels.item, detail: '', quantity: labels.quantity, unit: labels.unitPrice, rate: labels.vatRate, net: labels.net, gross: labels.gross }, true);
  for (const row of rows) drawRow(row, false);
  y += 12;

  // --- VAT recap in CZK at the invoice's rate (left) and totals (right)
  ensureSpace(40 + note.vatRecap.length * 14 + 60);
  const recapX = left;
  const recapColumns = [0, 50, 130, 195];
  const recapWidths = [45, 75, 60, 75];
  doc.font('bold').fontSize(9).fillColor(GREY).text(labels.recap.toUpperCase(), recapX, y, { width: 270 });
  let recapY = y + 14;
  const recapRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(8.5).fillColor(bold ? GREY : 'black');
    cells.forEach((cell, index) => doc.text(cell, recapX + recapColumns[index], recapY, { width: recapWidths[index], align: index === 0 ? 'left' : 'right' }));
    recapY += 13;
  };
  recapRow([labels.rate, labels.base, labels.vat, labels.total], true);
  let czkNet = 0;
  let czkVat = 0;
  for (const row of note.vatRecap) {
    const net = toCzk(row.net, note.currency, note.eurRate);
    const vat = toCzk(row.vat, note.currency, note.eurRate);
    czkNet += net;
    czkVat += vat;
    recapRow([formatPercent(row.ratePercent, language), czk(net), czk(vat), czk(net + vat)], false);
  }
  doc.moveTo(recapX, recapY).lineTo(recapX + 270, recapY).lineWidth(0.5).strokeColor(LINE).stroke();
  recapY += 3;
  recapRow([labels.total, czk(czkNet), czk(czkVat), czk(czkNet + czkVat)], true);
  if (note.currency !== 'CZK') {
    const rate = new Intl.NumberFormat(language === 'cs' ? 'cs-CZ' : 'en-US', { minimumFractionDigits: 3, maximumFractionDigits: 6 }).format(note.eurRate);
    const text = labels.exchangeRate.replace('{rate}', rate);
    doc.font('regular').fontSize(7.5).fillColor(GREY).text(text, recapX, recapY + 2, { width: 270 });
    recapY += doc.heightOfString(text, { width: 270 }) + 4;
  }

  const totalsX = left + 300;
  const totalsWidth = CONTENT_WIDTH - 300;
  let totalsY = y;
  const totalRow = (label: string, value: string, strong = false) => {
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 12 : 9).fillColor(strong ? ACCENT : 'black');
    doc.text(label, totalsX, totalsY, { width: totalsWidth * 0.55 });
    doc.text(value, totalsX + totalsWidth * 0.45, totalsY, { width: totalsWidth * 0.55, align: 'right' });
    totalsY += strong ? 20 : 14;
  };
  totalRow(labels.totalNet, money(note.totalNet));
  totalRow(labels.totalVat, money(note.totalVat));
  if (note.roundingGross !== 0) totalRow(labels.rounding, money(note.roundingGross));
  totalsY += 4;
  doc.moveTo(totalsX, totalsY - 3).lineTo(totalsX + totalsWidth, totalsY - 3).lineWidth(1).strokeColor(ACCENT).stroke();
  totalRow(labels.totalToRefund, money(note.totalGross), true);
  y = Math.max(recapY, totalsY) + 14;

  if (note.totalGross < 0) {
    const text = labels.refund.replace('{amount}', money(-note.totalGross));
    ensureSpace(20);
    doc.font('bold').fontSize(9).fillColor('black').text(text, left, y, { width: CONTENT_WIDTH });
    y += doc.heightOfString(text, { width: CONTENT_WIDTH }) + 10;
  }

  // --- footer
  ensureSpace(30);
  const footer = `${labels.issuedBy}: ${SUPPLIER.company} · ${SUPPLIER.web} · ${SUPPLIER.email} · ${SUPPLIER.phone}.`;
  doc.font('regular').fontSize(8).fillColor(GREY).text(footer, left, y, { width: CONTENT_WIDTH, align: 'center' });

  return finish();
}
