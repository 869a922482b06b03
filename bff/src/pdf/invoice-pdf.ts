// Draws the invoice of an order: a Czech tax document (faktura – daňový doklad) with what § 29 of the
// VAT act asks of one: supplier and customer with their IČO/DIČ, the document's number, the dates of
// issue and of the taxable supply, the lines with their VAT rates, the tax per rate in CZK and the total.
// Pure: the same data always gives the same bytes (the creation date is the order's, not the clock's).
// Drawn in the page frame of every shop PDF (page-frame.ts: A4, DejaVu, colours).
import { countryName } from '../../../schema/rules/checkout.ts';
import { formatDate } from '../../../schema/rules/dates.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { formatMoney } from '../../../schema/rules/money.ts';
import { toCzk } from '../../../schema/rules/credit-note.ts';
import { SUPPLIER, supplierBankAccount } from '../../../schema/rules/supplier.ts';
import { paymentWay } from '../../../schema/rules/constants.ts';
import { formatPhone } from '../../../schema/rules/phone.ts';
import { piecesText } from '../../../schema/rules/plural.ts';
import { formatPercent } from '../../../schema/rules/percent.ts';
import { variantText } from '../../../schema/rules/variant.ts';
import { A4, openPdfFrame, PDF_COLOURS } from './page-frame.ts';
import { qrModules } from '../services/qr.ts';
import { addressName, invoiceRows, type DocumentAddress } from '../services/order-documents.ts';
import type { InvoiceData } from '../services/invoices.ts';

const LABELS = {
  cs: {
    title: 'Faktura – daňový doklad',
    numberPrefix: 'č.',
    supplier: 'Dodavatel',
    customer: 'Odběratel',
    ico: 'IČO',
    dic: 'DIČ',
    invoiceNumber: 'Číslo faktury',
    orderNumber: 'Číslo objednávky',
    issuedAt: 'Datum vystavení',
    taxableSupplyAt: 'Datum uskutečnění zdanitelného plnění',
    dueAt: 'Datum splatnosti',
    variableSymbol: 'Variabilní symbol',
    payment: 'Forma úhrady',
    delivery: 'Způsob dopravy',
    pickupStore: 'Odběrné místo',
    deliveryAddress: 'Doručovací adresa',
    bankAccount: 'Bankovní účet',
    iban: 'IBAN',
    bic: 'SWIFT/BIC',
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
    totalToPay: 'Celkem k úhradě',
    exchangeRate: 'Částky v Kč přepočteny kurzem 1 EUR = {rate} Kč.',
    qr: 'QR Platba',
    qrHint: 'Naskenujte v aplikaci své banky.',
    payOnDelivery: 'Úhrada při převzetí zásilky (dobírka) hotově nebo kartou. Neplaťte převodem.',
    payInStore: 'Úhrada při vyzvednutí na prodejně hotově nebo kartou. Neplaťte převodem.',
    email: 'E-mail',
    phone: 'Telefon',
    issuedBy: 'Vystavil',
    thanks: 'Děkujeme za váš nákup.',
  },
  en: {
    title: 'Invoice – tax document',
    numberPrefix: 'No.',
    supplier: 'Supplier',
    customer: 'Customer',
    ico: 'Company ID',
    dic: 'VAT ID',
    invoiceNumber: 'Invoice number',
    orderNumber: 'Order number',
    issuedAt: 'Date of issue',
    taxableSupplyAt: 'Date of taxable supply',
    dueAt: 'Due date',
    variableSymbol: 'Variable symbol',
    payment: 'Payment method',
    delivery: 'Delivery method',
    pickupStore: 'Pickup store',
    deliveryAddress: 'Delivery address',
    bankAccount: 'Bank account',
    iban: 'IBAN',
    bic: 'SWIFT/BIC',
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
    totalToPay: 'Total to pay',
    exchangeRate: 'CZK amounts converted at 1 EUR = {rate} CZK.',
    qr: 'QR payment',
    qrHint: 'Scan it in your banking app.',
    payOnDelivery: 'Paid in cash or by card when the parcel is handed over (cash on delivery). Do not pay by transfer.',
    payInStore: 'Paid in cash or by card when the order is collected at the store. Do not pay by transfer.',
    email: 'E-mail',
    phone: 'Phone',
    issuedBy: 'Issued by',
    thanks: 'Thank you for your purchase.',
  },
} as const;

type Labels = (typeof LABELS)[Locale];

const MARGIN = 40;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const { accent: ACCENT, grey: GREY } = PDF_COLOURS;
const LINE = '#bbbbbb';

/** A row of the lines table: the shop's goods, delivery, payment fee, discount per rate, rounding. */
type TableRow = { text: string; detail: string; quantity: string; unit: string; rate: string; net: string; gross: string };

// columns of the lines table: x offset and width
const COLUMNS = {
  text: { x: 0, width: 205 },
  quantity: { x: 205, width: 50 },
  unit: { x: 255, width: 75 },
  rate: { x: 330, width: 35 },
  net: { x: 365, width: 75 },
  gross: { x: 440, width: CONTENT_WIDTH - 440 },
};

/** A party's address as the document prints it, line by line (the credit note prints it the same way). */
export function addressLines(address: DocumentAddress, labels: { ico: string; dic: string }, language: Locale): string[] {
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

function tableRows(data: InvoiceData, labels: Labels): TableRow[] {
  const { order } = data;
  const language = order.language;
  const money = (amount: number) => formatMoney(amount, order.currency, language);
  // the numbers are invoiceRows' (services/order-documents.ts), the ones the ISDOC states too
  const rows: TableRow[] = invoiceRows(order).map((row) => ({
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
  // the issue date as the creation date: regenerating the document gives identical bytes
  const { doc, bottom, finish } = openPdfFrame({ language, title, margin: MARGIN, createdAt: data.issuedAt });

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
  doc.font('bold').fontSize(12).fillColor('black').text(`${labels.numberPrefix} ${data.number}`, left + CONTENT_WIDTH * 0.65, y + 5, {
    width: CONTENT_WIDTH * 0.35,
    align: 'right',
  });
  y += 34;
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
  const customerLines = [...addressLines(customer, labels, language), customer.email ? `${labels.email}: ${customer.email}` : '', customer.phone ? `${labels.phone}: ${formatPhone(customer.phone)}` : ''].filter(Boolean);
  const supplierEnd = party(labels.supplier, supplierLines, left);
  doc.font('regular').fontSize(7.5).fillColor(GREY).text(SUPPLIER.register[language], left, supplierEnd + 2, { width: half });
  const registerEnd = supplierEnd + 2 + doc.heightOfString(SUPPLIER.register[language], { width: half });
  const customerEnd = party(labels.customer, customerLines, left + CONTENT_WIDTH / 2 + 10);
  y = Math.max(registerEnd, customerEnd) + 14;

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
  const factColumn = (rows: [string, string][], x: number, labelWidth: number) => {
    let rowY = y;
    for (const [label, value] of rows) {
      doc.font('regular').fontSize(9).fillColor(GREY).text(label, x, rowY, { width: labelWidth });
      doc.font('bold').fontSize(9).fillColor('black').text(value, x + labelWidth, rowY, { width: half - labelWidth });
      rowY += Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value, { width: half - labelWidth })) + 3;
    }
    return rowY;
  };
  const factsEnd = factColumn(facts, left, 150);
  const paymentEnd = factColumn(paymentFacts, left + CONTENT_WIDTH / 2 + 10, 80);
  y = Math.max(factsEnd, paymentEnd) + 8;

  if (payLater) {
    doc.font('bold').fontSize(9).fillColor('black').text(payLater, left, y, { width: CONTENT_WIDTH });
    y += doc.heightOfString(payLater, { width: CONTENT_WIDTH }) + 8;
  }

  if (order.deliveryAddress && !order.store) {
    const text = `${labels.deliveryAddress}: ${addressLines(order.deliveryAddress, labels, language).slice(0, 5).join(', ')}`;
    doc.font('regular').fontSize(9).fillColor('black').text(text, left, y, { width: CONTENT_WIDTH });
    y += doc.heightOfString(text, { width: CONTENT_WIDTH }) + 8;
  }

  // --- lines
  const header: TableRow = {
    text: labels.item,
    detail: '',
    quantity: labels.quantity,
    unit: labels.unitPrice,
    rate: labels.vatRate,
    net: labels.net,
    gross: labels.gross,
  };
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
  drawRow(header, true);
  for (const row of tableRows(data, labels)) drawRow(row, false);
  y += 12;

  // --- VAT recap in CZK (left) and totals (right)
  ensureSpace(40 + order.vatRecap.length * 14 + 60);
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
  for (const row of order.vatRecap) {
    const net = toCzk(row.net, order.currency, data.eurRate);
    const vat = toCzk(row.vat, order.currency, data.eurRate);
    czkNet += net;
    czkVat += vat;
    recapRow([formatPercent(row.ratePercent, language), formatMoney(net, 'CZK', language), formatMoney(vat, 'CZK', language), formatMoney(net + vat, 'CZK', language)], false);
  }
  doc.moveTo(recapX, recapY).lineTo(recapX + 270, recapY).lineWidth(0.5).strokeColor(LINE).stroke();
  recapY += 3;
  recapRow([labels.total, formatMoney(czkNet, 'CZK', language), formatMoney(czkVat, 'CZK', language), formatMoney(czkNet + czkVat, 'CZK', language)], true);
  if (order.currency !== 'CZK') {
    const rate = new Intl.NumberFormat(language === 'cs' ? 'cs-CZ' : 'en-US', { minimumFractionDigits: 3, maximumFractionDigits: 6 }).format(data.eurRate);
    const note = labels.exchangeRate.replace('{rate}', rate);
    doc.font('regular').fontSize(7.5).fillColor(GREY).text(note, recapX, recapY + 2, { width: 270 });
    recapY += doc.heightOfString(note, { width: 270 }) + 4;
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
  totalRow(labels.totalNet, money(order.totalNet));
  totalRow(labels.totalVat, money(order.totalVat));
  if (order.roundingGross !== 0) totalRow(labels.rounding, money(order.roundingGross));
  totalsY += 4;
  doc.moveTo(totalsX, totalsY - 3).lineTo(totalsX + totalsWidth, totalsY - 3).lineWidth(1).strokeColor(ACCENT).stroke();
  totalRow(labels.totalToPay, money(order.totalGross), true);
  y = Math.max(recapY, totalsY) + 14;

  // --- QR payment
  if (data.spayd) {
    const modules = qrModules(data.spayd);
    const size = 110;
    ensureSpace(size + 30);
    const cell = size / modules.length;
    const qrX = left + CONTENT_WIDTH - size;
    doc.font('bold').fontSize(9).fillColor('black').text(labels.qr, left, y, { width: CONTENT_WIDTH - size - 20 });
    const hint = `${labels.qrHint} ${labels.variableSymbol}: ${order.variableSymbol}, ${labels.totalToPay.toLowerCase()}: ${money(order.totalGross)}.`;
    doc.font('regular').fontSize(9).fillColor(GREY).text(hint, left, y + 14, { width: CONTENT_WIDTH - size - 20 });
    modules.forEach((row, rowIndex) =>
      row.forEach((dark, columnIndex) => {
        if (dark) doc.rect(qrX + columnIndex * cell, y + rowIndex * cell, cell, cell);
      }),
    );
    doc.fillColor('black').fill();
    y += size + 14;
  }

  // --- footer
  ensureSpace(30);
  const footer = `${labels.issuedBy}: ${SUPPLIER.company} · ${SUPPLIER.web} · ${SUPPLIER.email} · ${SUPPLIER.phone}. ${labels.thanks}`;
  doc.font('regular').fontSize(8).fillColor(GREY).text(footer, left, y, { width: CONTENT_WIDTH, align: 'center' });

  return finish();
}
