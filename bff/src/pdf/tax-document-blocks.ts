// The blocks the order's tax documents share: the invoice (invoice-pdf.ts) and its credit notes
// (credit-note-pdf.ts) are drawn in one style, so each block is drawn here once: the heading with the
// document's number, supplier and customer side by side, two columns of facts, the lines table, the
// VAT recap in CZK beside the totals, and the footer. Each block draws at `y` and returns where the next
// block starts, so a layout reads top to bottom; the wording they share is TAX_DOCUMENT_LABELS.
import { countryName } from '../../../schema/rules/checkout.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { formatMoney, type Currency } from '../../../schema/rules/money.ts';
import { formatPercent } from '../../../schema/rules/percent.ts';
import { formatPhone } from '../../../schema/rules/phone.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';
import { openPdfFrame, PDF_COLOURS, roomFor, type PdfFrame } from './page-frame.ts';
import { addressName, type DocumentAddress } from '../services/order-documents.ts';

/** The words both documents print the same way. */
export const TAX_DOCUMENT_LABELS = {
  cs: {
    numberPrefix: 'č.',
    supplier: 'Dodavatel',
    customer: 'Odběratel',
    ico: 'IČO',
    dic: 'DIČ',
    orderNumber: 'Číslo objednávky',
    issuedAt: 'Datum vystavení',
    taxableSupplyAt: 'Datum uskutečnění zdanitelného plnění',
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
    email: 'E-mail',
    phone: 'Telefon',
    issuedBy: 'Vystavil',
  },
  en: {
    numberPrefix: 'No.',
    supplier: 'Supplier',
    customer: 'Customer',
    ico: 'Company ID',
    dic: 'VAT ID',
    orderNumber: 'Order number',
    issuedAt: 'Date of issue',
    taxableSupplyAt: 'Date of taxable supply',
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
    email: 'E-mail',
    phone: 'Phone',
    issuedBy: 'Issued by',
  },
} as const;

const MARGIN = 40;
const { accent: ACCENT, grey: GREY } = PDF_COLOURS;
const LINE = '#bbbbbb';
/** The gap between the left and the right column (parties, facts). */
const GUTTER = 20;

/** Opens an A4 page for a tax document; its issue date is the creation date, so drawing it again gives the same bytes. */
export function openTaxDocument(options: { language: Locale; title: string; issuedAt: Date }): PdfFrame {
  return openPdfFrame({ language: options.language, title: options.title, margin: MARGIN, createdAt: options.issuedAt });
}

/** The width of one of two columns side by side. */
function halfWidth(frame: PdfFrame): number {
  return frame.contentWidth / 2 - GUTTER / 2;
}

/** The left edge of the right column. */
function rightColumnX(frame: PdfFrame): number {
  return frame.margin + frame.contentWidth / 2 + GUTTER / 2;
}

/** A party's address as the documents print it, line by line. */
export function addressLines(address: DocumentAddress, language: Locale): string[] {
  const labels = TAX_DOCUMENT_LABELS[language];
  const name = addressName(address);
  return [
    address.company,
    name,
    address.street,
    [address.postcode, address.city].filter(Boolean).join(' '),
    countryName(address.country, language),
    address.ico ? `${labels.ico}: ${address.ico}` : '',
    address.dic ? `${labels.dic}: ${address.dic}` : '',
  ].filter((line) => line !== '');
}

/** The title on the left, the number on the right, and the accent rule under them. */
export function drawHeading(frame: PdfFrame, y: number, heading: { title: string; number: string }): number {
  const { doc, margin: left, contentWidth } = frame;
  doc.font('bold').fontSize(18).fillColor(ACCENT).text(heading.title, left, y, { width: contentWidth * 0.65 });
  // a title of two lines (the English credit note's) puts the rule below the second
  const titleHeight = doc.heightOfString(heading.title, { width: contentWidth * 0.65 });
  doc.font('bold').fontSize(12).fillColor('black').text(heading.number, left + contentWidth * 0.65, y + 5, {
    width: contentWidth * 0.35,
    align: 'right',
  });
  const ruleY = y + Math.max(34, titleHeight + 12);
  doc.moveTo(left, ruleY).lineTo(left + contentWidth, ruleY).lineWidth(1).strokeColor(ACCENT).stroke();
  return ruleY + 12;
}

/** The supplier (with its trade register entry) on the left, the customer of the invoice address on the right. */
export function drawParties(frame: PdfFrame, y: number, language: Locale, customer: DocumentAddress): number {
  const { doc, margin: left } = frame;
  const labels = TAX_DOCUMENT_LABELS[language];
  const half = halfWidth(frame);
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
  const customerLines = [
    ...addressLines(customer, language),
    customer.email ? `${labels.email}: ${customer.email}` : '',
    customer.phone ? `${labels.phone}: ${formatPhone(customer.phone)}` : '',
  ].filter(Boolean);
  const supplierEnd = party(labels.supplier, supplierLines, left);
  doc.font('regular').fontSize(7.5).fillColor(GREY).text(SUPPLIER.register[language], left, supplierEnd + 2, { width: half });
  const registerEnd = supplierEnd + 2 + doc.heightOfString(SUPPLIER.register[language], { width: half });
  const customerEnd = party(labels.customer, customerLines, rightColumnX(frame));
  return Math.max(registerEnd, customerEnd) + 14;
}

/** A column of label and value rows; labelWidth is the labels' share of the column. */
export type FactColumn = { rows: [string, string][]; labelWidth: number };

/** Two columns of facts side by side: the document's own on the left, the order's or payment's on the right. */
export function drawFacts(frame: PdfFrame, y: number, leftColumn: FactColumn, rightColumn: FactColumn): number {
  const { doc } = frame;
  const half = halfWidth(frame);
  const column = ({ rows, labelWidth }: FactColumn, x: number) => {
    let rowY = y;
    for (const [label, value] of rows) {
      doc.font('regular').fontSize(9).fillColor(GREY).text(label, x, rowY, { width: labelWidth });
      doc.font('bold').fontSize(9).fillColor('black').text(value, x + labelWidth, rowY, { width: half - labelWidth });
      rowY += Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value, { width: half - labelWidth })) + 3;
    }
    return rowY;
  };
  return Math.max(column(leftColumn, frame.margin), column(rightColumn, rightColumnX(frame))) + 8;
}

/** A row of the lines table, its cells as printed; detail is the small grey line under the text. */
export type LinesTableRow = { text: string; detail: string; quantity: string; unit: string; rate: string; net: string; gross: string };

const NUMBER_CELLS = ['quantity', 'unit', 'rate', 'net', 'gross'] as const;

/** The lines table under its header row, starting a new page where a row does not fit. */
export function drawLinesTable(frame: PdfFrame, y: number, language: Locale, rows: LinesTableRow[]): number {
  const { doc, margin: left, contentWidth } = frame;
  const labels = TAX_DOCUMENT_LABELS[language];
  // x offset and width of each column
  const columns = {
    text: { x: 0, width: 205 },
    quantity: { x: 205, width: 50 },
    unit: { x: 255, width: 75 },
    rate: { x: 330, width: 35 },
    net: { x: 365, width: 75 },
    gross: { x: 440, width: contentWidth - 440 },
  };
  const drawRow = (row: LinesTableRow, head: boolean) => {
    doc.fontSize(head ? 8 : 9);
    const textHeight =
      doc.font(head ? 'bold' : 'regular').heightOfString(row.text, { width: columns.text.width - 4 }) +
      (row.detail ? doc.fontSize(7.5).heightOfString(row.detail, { width: columns.text.width - 4 }) : 0);
    const height = Math.max(textHeight, 11) + 6;
    y = roomFor(frame, y, height);
    doc.font(head ? 'bold' : 'regular').fontSize(head ? 8 : 9).fillColor(head ? GREY : 'black');
    doc.text(row.text, left + columns.text.x, y + 3, { width: columns.text.width - 4 });
    if (row.detail) {
      doc.font('regular').fontSize(7.5).fillColor(GREY).text(row.detail, left + columns.text.x, doc.y, { width: columns.text.width - 4 });
      doc.font(head ? 'bold' : 'regular').fontSize(head ? 8 : 9).fillColor('black');
    }
    for (const key of NUMBER_CELLS) {
      doc.text(row[key], left + columns[key].x, y + 3, { width: columns[key].width, align: 'right' });
    }
    y += height;
    doc.moveTo(left, y).lineTo(left + contentWidth, y).lineWidth(0.5).strokeColor(LINE).stroke();
  };
  const header = { text: labels.item, detail: '', quantity: labels.quantity, unit: labels.unitPrice, rate: labels.vatRate, net: labels.net, gross: labels.gross };
  drawRow(header, true);
  for (const row of rows) drawRow(row, false);
  return y + 12;
}

/** What the recap and totals block shows, amounts in minor units. */
export type DocumentTotals = {
  currency: Currency;
  /** The base and VAT per rate, already in CZK: the law asks for the tax in CZK whatever the currency. */
  czkRecap: { ratePercent: number; net: number; vat: number }[];
  /** CZK per EUR the recap was converted at; a euro document says so under the recap. */
  eurRate: number;
  /** That note, with {rate} for the rate. */
  exchangeRateNote: string;
  totalNet: number;
  totalVat: number;
  roundingGross: number;
  /** The last, strong row: what is to pay or to refund. */
  finalLabel: string;
  totalGross: number;
};

/** The VAT recap in CZK on the left and the totals in the document's currency on the right. */
export function drawRecapAndTotals(frame: PdfFrame, y: number, language: Locale, totals: DocumentTotals): number {
  const { doc, margin: left, contentWidth } = frame;
  const labels = TAX_DOCUMENT_LABELS[language];
  const money = (amount: number) => formatMoney(amount, totals.currency, language);
  const czk = (amount: number) => formatMoney(amount, 'CZK', language);
  y = roomFor(frame, y, 40 + totals.czkRecap.length * 14 + 60);

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
  for (const row of totals.czkRecap) {
    czkNet += row.net;
    czkVat += row.vat;
    recapRow([formatPercent(row.ratePercent, language), czk(row.net), czk(row.vat), czk(row.net + row.vat)], false);
  }
  doc.moveTo(recapX, recapY).lineTo(recapX + 270, recapY).lineWidth(0.5).strokeColor(LINE).stroke();
  recapY += 3;
  recapRow([labels.total, czk(czkNet), czk(czkVat), czk(czkNet + czkVat)], true);
  if (totals.currency !== 'CZK') {
    const rate = new Intl.NumberFormat(language === 'cs' ? 'cs-CZ' : 'en-US', { minimumFractionDigits: 3, maximumFractionDigits: 6 }).format(totals.eurRate);
    const note = totals.exchangeRateNote.replace('{rate}', rate);
    doc.font('regular').fontSize(7.5).fillColor(GREY).text(note, recapX, recapY + 2, { width: 270 });
    recapY += doc.heightOfString(note, { width: 270 }) + 4;
  }

  const totalsX = left + 300;
  const totalsWidth = contentWidth - 300;
  let totalsY = y;
  const totalRow = (label: string, value: string, strong = false) => {
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 12 : 9).fillColor(strong ? ACCENT : 'black');
    doc.text(label, totalsX, totalsY, { width: totalsWidth * 0.55 });
    doc.text(value, totalsX + totalsWidth * 0.45, totalsY, { width: totalsWidth * 0.55, align: 'right' });
    totalsY += strong ? 20 : 14;
  };
  totalRow(labels.totalNet, money(totals.totalNet));
  totalRow(labels.totalVat, money(totals.totalVat));
  if (totals.roundingGross !== 0) totalRow(labels.rounding, money(totals.roundingGross));
  totalsY += 4;
  doc.moveTo(totalsX, totalsY - 3).lineTo(totalsX + totalsWidth, totalsY - 3).lineWidth(1).strokeColor(ACCENT).stroke();
  totalRow(totals.finalLabel, money(totals.totalGross), true);
  return Math.max(recapY, totalsY) + 14;
}

/** Who issued the document, centred at the end; `closing` follows it (the invoice's thanks). */
export function drawFooter(frame: PdfFrame, y: number, language: Locale, closing = ''): void {
  const { doc, margin: left, contentWidth } = frame;
  y = roomFor(frame, y, 30);
  const issuedBy = `${TAX_DOCUMENT_LABELS[language].issuedBy}: ${SUPPLIER.company} · ${SUPPLIER.web} · ${SUPPLIER.email} · ${SUPPLIER.phone}.`;
  const footer = closing ? `${issuedBy} ${closing}` : issuedBy;
  doc.font('regular').fontSize(8).fillColor(GREY).text(footer, left, y, { width: contentWidth, align: 'center' });
}
