// Draws the invoice of an order: a Czech tax document (faktura – daňový doklad) with what § 29 of the
// VAT act asks of one: supplier and customer with their IČO/DIČ, the document's number, the dates of
// issue and of the taxable supply, the lines with their VAT rates, the tax per rate in CZK and the total.
// Pure: the same data always gives the same bytes (the creation date is the order's, not the clock's).
// Drawn in the page frame of every shop PDF (page-frame.ts: A4, DejaVu, colours), with the blocks it
// shares with the credit note (tax-document-blocks.ts).
import { formatDate } from '../../../schema/rules/dates.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { formatMoney } from '../../../schema/rules/money.ts';
import { toCzk } from '../../../schema/rules/credit-note.ts';
import { supplierBankAccount } from '../../../schema/rules/supplier.ts';
import { paymentWay } from '../../../schema/rules/constants.ts';
import { piecesText } from '../../../schema/rules/plural.ts';
import { formatPercent } from '../../../schema/rules/percent.ts';
import { variantText } from '../../../schema/rules/variant.ts';
import { PDF_COLOURS, roomFor } from './page-frame.ts';
import { addressLines, drawFacts, drawFooter, drawHeading, drawLinesTable, drawParties, drawRecapAndTotals, openTaxDocument, TAX_DOCUMENT_LABELS, type LinesTableRow } from './tax-document-blocks.ts';
import { qrModules } from '../services/qr.ts';
import { invoiceRows } from '../services/order-documents.ts';
import type { InvoiceData } from '../services/invoices.ts';

const LABELS = {
  cs: {
    ...TAX_DOCUMENT_LABELS.cs,
    title: 'Faktura – daňový doklad',
    invoiceNumber: 'Číslo faktury',
    dueAt: 'Datum splatnosti',
    variableSymbol: 'Variabilní symbol',
    payment: 'Forma úhrady',
    delivery: 'Způsob dopravy',
    pickupStore: 'Odběrné místo',
    deliveryAddress: 'Doručovací adresa',
    bankAccount: 'Bankovní účet',
    iban: 'IBAN',
    bic: 'SWIFT/BIC',
    totalToPay: 'Celkem k úhradě',
    exchangeRate: 'Částky v Kč přepočteny kurzem 1 EUR = {rate} Kč.',
    qr: 'QR Platba',
    qrHint: 'Naskenujte v aplikaci své banky.',
    payOnDelivery: 'Úhrada při převzetí zásilky (dobírka) hotově nebo kartou. Neplaťte převodem.',
    payInStore: 'Úhrada při vyzvednutí na prodejně hotově nebo kartou. Neplaťte převodem.',
    thanks: 'Děkujeme za váš nákup.',
  },
  en: {
    ...TAX_DOCUMENT_LABELS.en,
    title: 'Invoice – tax document',
    invoiceNumber: 'Invoice number',
    dueAt: 'Due date',
    variableSymbol: 'Variable symbol',
    payment: 'Payment method',
    delivery: 'Delivery method',
    pickupStore: 'Pickup store',
    deliveryAddress: 'Delivery address',
    bankAccount: 'Bank account',
    iban: 'IBAN',
    bic: 'SWIFT/BIC',
    totalToPay: 'Total to pay',
    exchangeRate: 'CZK amounts converted at 1 EUR = {rate} CZK.',
    qr: 'QR payment',
    qrHint: 'Scan it in your banking app.',
    payOnDelivery: 'Paid in cash or by card when the parcel is handed over (cash on delivery). Do not pay by transfer.',
    payInStore: 'Paid in cash or by card when the order is collected at the store. Do not pay by transfer.',
    thanks: 'Thank you for your purchase.',
  },
} as const;

type Labels = (typeof LABELS)[Locale];

const { grey: GREY } = PDF_COLOURS;

/** The rows of the lines table: the shop's goods, delivery, payment fee, discount per rate, rounding. */
function tableRows(data: InvoiceData, labels: Labels): LinesTableRow[] {
  const { order } = data;
  const language = order.language;
  const money = (amount: number) => formatMoney(amount, order.currency, language);
  // the numbers are invoiceRows' (services/order-documents.ts), the ones the ISDOC states too
  const rows: LinesTableRow[] = invoiceRows(order).map((row) => ({
    text: row.kind === 'DISCOUNT' ? labels.discount : row.name,
    detail: row.line ? [variantText(row.line, language), row.line.variantCode].filter(Boolean).join(', ') : '',
    quantity: row.quantity === null ? '' : row.kind === 'GOODS' ? piecesText(row.quantity, language) : String(row.quantity),
    unit: row.unitGross === null ? '' : money(row.unitGross),
    rate: formatPercent(row.ratePercent, language),
    net: money(row.net),
    gross: money(row.gross),
  }));
  if (order.roundingGross !== 0) {
    rows.push({ text: labels.rounding, detail: '', quantity: '', unit: '', rate: '', net: '', gross: money(order.roundingGross) });
  }
  return rows;
}

/** Renders the invoice; resolves with the PDF's bytes. */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { order } = data;
  const language = order.language;
  const labels = LABELS[language];
  const money = (amount: number) => formatMoney(amount, order.currency, language);
  const date = (value: Date) => formatDate(value, language);
  const title = `${labels.title} ${labels.numberPrefix} ${data.number}`;
  const frame = openTaxDocument({ language, title, issuedAt: data.issuedAt });
  const { doc, margin: left, contentWidth } = frame;

  let y = drawHeading(frame, frame.margin, { title: labels.title, number: `${labels.numberPrefix} ${data.number}` });
  y = drawParties(frame, y, language, order.invoiceAddress);

  // --- the document's facts (left) and payment (right)
  const account = supplierBankAccount(order.currency);
  // bank details only where the customer pays by transfer; otherwise what is paid when
  const way = paymentWay(order.paymentCode);
  const payLater = way === 'CASH_ON_DELIVERY' ? labels.payOnDelivery : way === 'IN_STORE' ? labels.payInStore : null;
  const facts: [string, string][] = [
    [labels.invoiceNumber, data.number],
    [labels.orderNumber, order.number],
    [labels.issuedAt, date(data.issuedAt)],
    [labels.taxableSupplyAt, date(data.taxableSupplyAt)],
    [labels.dueAt, date(data.dueAt)],
    [labels.variableSymbol, order.variableSymbol],
  ];
  const paymentFacts: [string, string][] = [
    [labels.payment, order.paymentName],
    // an order of tickets only has nothing delivered
    ...(order.deliveryName ? [[labels.delivery, order.deliveryName] as [string, string]] : []),
    ...(order.store ? [[labels.pickupStore, `${order.store.name}, ${order.store.street}, ${order.store.city}`] as [string, string]] : []),
    ...(way === 'BANK_TRANSFER'
      ? [
          ...(order.currency === 'CZK' ? [[labels.bankAccount, account.accountNumber] as [string, string]] : []),
          [labels.iban, account.iban] as [string, string],
          [labels.bic, account.bic] as [string, string],
        ]
      : []),
  ];
  y = drawFacts(frame, y, { rows: facts, labelWidth: 150 }, { rows: paymentFacts, labelWidth: 80 });

  if (payLater) {
    doc.font('bold').fontSize(9).fillColor('black').text(payLater, left, y, { width: contentWidth });
    y += doc.heightOfString(payLater, { width: contentWidth }) + 8;
  }

  if (order.deliveryAddress && !order.store) {
    const text = `${labels.deliveryAddress}: ${addressLines(order.deliveryAddress, language).slice(0, 5).join(', ')}`;
    doc.font('regular').fontSize(9).fillColor('black').text(text, left, y, { width: contentWidth });
    y += doc.heightOfString(text, { width: contentWidth }) + 8;
  }

  y = drawLinesTable(frame, y, language, tableRows(data, labels));

  y = drawRecapAndTotals(frame, y, language, {
    currency: order.currency,
    czkRecap: order.vatRecap.map((row) => ({
      ratePercent: row.ratePercent,
      net: toCzk(row.net, order.currency, data.eurRate),
      vat: toCzk(row.vat, order.currency, data.eurRate),
    })),
    eurRate: data.eurRate,
    exchangeRateNote: labels.exchangeRate,
    totalNet: order.totalNet,
    totalVat: order.totalVat,
    roundingGross: order.roundingGross,
    finalLabel: labels.totalToPay,
    totalGross: order.totalGross,
  });

  // --- QR payment
  if (data.spayd) {
    const modules = qrModules(data.spayd);
    const size = 110;
    y = roomFor(frame, y, size + 30);
    const cell = size / modules.length;
    const qrX = left + contentWidth - size;
    doc.font('bold').fontSize(9).fillColor('black').text(labels.qr, left, y, { width: contentWidth - size - 20 });
    const hint = `${labels.qrHint} ${labels.variableSymbol}: ${order.variableSymbol}, ${labels.totalToPay.toLowerCase()}: ${money(order.totalGross)}.`;
    doc.font('regular').fontSize(9).fillColor(GREY).text(hint, left, y + 14, { width: contentWidth - size - 20 });
    modules.forEach((row, rowIndex) =>
      row.forEach((dark, columnIndex) => {
        if (dark) doc.rect(qrX + columnIndex * cell, y + rowIndex * cell, cell, cell);
      }),
    );
    doc.fillColor('black').fill();
    y += size + 14;
  }

  drawFooter(frame, y, language, labels.thanks);
  return frame.finish();
}
