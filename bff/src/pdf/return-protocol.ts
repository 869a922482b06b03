// The return protocol (reklamační protokol) as a PDF: what the shopper sent, for her records and to
// put in the parcel. Drawn in the page frame of every shop PDF (page-frame.ts: A4, DejaVu, colours);
// pure: the same protocol always gives the same bytes (its creation date is the protocol's).
import { countryName } from '../../../schema/rules/checkout.ts';
import { formatDateTime } from '../../../schema/rules/dates.ts';
import { formatIban } from '../../../schema/rules/iban.ts';
import { refundAccountIban } from '../../../schema/rules/return-protocol.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';
import { formatPhone } from '../../../schema/rules/phone.ts';
import { piecesText } from '../../../schema/rules/plural.ts';
import { openPdfFrame, PDF_COLOURS } from './page-frame.ts';
import type { ReturnProtocolDocument } from '../services/returns.ts';

const LABELS = {
  cs: {
    title: 'Reklamační protokol',
    numberPrefix: 'č.',
    seller: 'Prodávající',
    customer: 'Kupující',
    orderNumber: 'Číslo objednávky',
    createdAt: 'Datum podání',
    bankAccount: 'Účet pro vrácení peněz',
    iban: 'IBAN',
    goods: 'Reklamované zboží',
    product: 'Produkt',
    code: 'Kód produktu',
    quantity: 'Množství',
    reason: 'Popis vady',
    note: 'Poznámka',
    email: 'E-mail',
    phone: 'Telefon',
    instructions:
      'Zboží zašlete spolu s tímto protokolem na adresu prodávajícího. Reklamaci vyřídíme bez zbytečného odkladu, nejpozději do 30 dnů od jejího uplatnění.',
  },
  en: {
    title: 'Return protocol',
    numberPrefix: 'No.',
    seller: 'Seller',
    customer: 'Customer',
    orderNumber: 'Order number',
    createdAt: 'Submitted on',
    bankAccount: 'Account for the refund',
    iban: 'IBAN',
    goods: 'Returned goods',
    product: 'Product',
    code: 'Product code',
    quantity: 'Quantity',
    reason: 'Description of the fault',
    note: 'Note',
    email: 'E-mail',
    phone: 'Phone',
    instructions:
      'Please send the goods with this protocol to the seller’s address. We will settle the complaint without undue delay, within 30 days at the latest.',
  },
} as const;

const MARGIN = 48;
const { accent: ACCENT, grey: GREY } = PDF_COLOURS;

/** faktura-like name: reklamace-R2026000001.pdf */
export function returnProtocolFileName(number: string): string {
  return `reklamace-${number}.pdf`;
}

export function renderReturnProtocolPdf(protocol: ReturnProtocolDocument): Promise<Buffer> {
  const labels = LABELS[protocol.language];
  const title = `${labels.title} ${labels.numberPrefix} ${protocol.number}`;
  const { doc, contentWidth: width, finish } = openPdfFrame({ language: protocol.language, title, margin: MARGIN, createdAt: protocol.createdAt });

  doc.font('bold').fontSize(18).fillColor(ACCENT).text(title, MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.moveDown(0.8);

  const half = width / 2 - 10;
  const top = doc.y;
  const party = (heading: string, lines: string[], x: number): number => {
    doc.font('bold').fontSize(9).fillColor(GREY).text(heading.toUpperCase(), x, top, { width: half });
    lines.forEach((line, index) => doc.font(index === 0 ? 'bold' : 'regular').fontSize(10).fillColor('black').text(line, x, undefined, { width: half }));
    return doc.y;
  };
  const sellerEnd = party(labels.seller, [SUPPLIER.company, SUPPLIER.street, `${SUPPLIER.postcode} ${SUPPLIER.city}`, SUPPLIER.complaintsEmail, SUPPLIER.phone], MARGIN);
  const customerEnd = party(
    labels.customer,
    [
      `${protocol.firstName} ${protocol.lastName}`,
      protocol.street,
      `${protocol.postcode} ${protocol.city}`,
      countryName(protocol.country, protocol.language),
      `${labels.email}: ${protocol.email}`,
      `${labels.phone}: ${formatPhone(protocol.phone)}`,
    ],
    MARGIN + width / 2 + 10,
  );
  doc.y = Math.max(sellerEnd, customerEnd) + 14;

  const iban = refundAccountIban(protocol.bankAccount);
  const facts: [string, string][] = [
    [labels.orderNumber, protocol.orderNumber],
    [labels.createdAt, formatDateTime(protocol.createdAt, protocol.language)],
    [labels.bankAccount, protocol.bankAccount],
    ...(iban && iban !== protocol.bankAccount ? [[labels.iban, formatIban(iban)] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor(GREY).text(label, MARGIN, y, { width: 170 });
    doc.font('bold').fillColor('black').text(value, MARGIN + 175, y, { width: width - 175 });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.8);

  doc.font('bold').fontSize(12).fillColor(ACCENT).text(labels.goods, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  const columns = [
    { label: labels.product, x: MARGIN, width: 200 },
    { label: labels.code, x: MARGIN + 205, width: 95 },
    { label: labels.quantity, x: MARGIN + 305, width: 55 },
    { label: labels.reason, x: MARGIN + 365, width: width - 365 },
  ];
  const headerY = doc.y;
  for (const column of columns) doc.font('bold').fontSize(9).fillColor(GREY).text(column.label, column.x, headerY, { width: column.width });
  doc.y = headerY + 14;
  for (const line of protocol.lines) {
    if (doc.y > 760) doc.addPage();
    const rowY = doc.y;
    const cells = [line.productTitle, line.productCode, piecesText(line.quantity, protocol.language), line.reason];
    let rowEnd = rowY;
    cells.forEach((cell, index) => {
      doc.font('regular').fontSize(10).fillColor('black').text(cell, columns[index].x, rowY, { width: columns[index].width });
      rowEnd = Math.max(rowEnd, doc.y);
    });
    doc.y = rowEnd + 4;
    doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + width, doc.y - 2).lineWidth(0.5).strokeColor('#dddddd').stroke();
  }
  if (protocol.note) {
    doc.moveDown(0.8);
    doc.font('bold').fontSize(10).fillColor(GREY).text(labels.note, MARGIN, doc.y, { width });
    doc.font('regular').fillColor('black').text(protocol.note, { width });
  }
  doc.moveDown(1.2);
  doc.font('regular').fontSize(9).fillColor(GREY).text(labels.instructions, MARGIN, doc.y, { width });
  return finish();
}
