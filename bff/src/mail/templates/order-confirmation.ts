// The order confirmation: what was ordered, what it costs, how to pay (account, variable symbol and
// the QR code for bank transfers, and the payment deadline; for cash on delivery and payment at the
// store only that it is paid on collection), a link to the order summary, and the invoice attached. The shopper's free-text note is not in it: the address may be anyone's (docs/decisions/0012).
import { href } from '../../../../schema/routes.ts';
import { countryName } from '../../../../schema/rules/checkout.ts';
import { formatDate } from '../../../../schema/rules/dates.ts';
import { formatMoney } from '../../../../schema/rules/money.ts';
import { piecesText } from '../../../../schema/rules/plural.ts';
import { variantText } from '../../../../schema/rules/variant.ts';
import { DEFAULT_WITHDRAWAL_PERIOD_DAYS, isWithdrawalExcluded } from '../../../../schema/rules/withdrawal.ts';
import { SUPPLIER, supplierBankAccount } from '../../../../schema/rules/supplier.ts';
import { invoicePath, type InvoiceFile } from '../../services/invoices.ts';
import { ISDOC_CONTENT_TYPE, type IsdocFile } from '../../services/isdoc.ts';
import { paymentWay } from '../../../../schema/rules/constants.ts';
import { addressName, type DocumentAddress, type OrderDocument } from '../../services/order-documents.ts';
import { orderSpayd, qrPng } from '../../services/qr.ts';
import { html, htmlDocument, textFooter, type SafeHtml, fill, greeting } from './layout.ts';
import type { MailAttachment, MailLanguage, MailTemplate } from './types.ts';

/**
 * The order as placed, its invoice (issued when the e-mail is sent, the same one the download serves)
 * and, when it bought seats, its match tickets as one PDF.
 */
export type OrderConfirmationDocument = {
  order: OrderDocument;
  invoice: InvoiceFile | null;
  /** The invoice as ISDOC XML (services/isdoc.ts), attached beside its PDF for the buyer's accounting program. */
  invoiceIsdoc?: IsdocFile | null;
  tickets?: { fileName: string; bytes: Buffer } | null;
};

const TEXTS = {
  cs: {
    subject: 'Potvrzení objednávky č. {number}',
    intro: 'děkujeme za vaši objednávku č. {number} ze dne {date}. Přijali jsme ji a pustíme se do ní.',
    viewOrder: 'Zobrazit objednávku',
    items: 'Objednané zboží',
    goods: 'Zboží celkem',
    discount: 'Sleva',
    delivery: 'Doprava',
    payment: 'Platba',
    free: 'zdarma',
    rounding: 'Zaokrouhlení',
    total: 'Celkem k úhradě',
    vatIncluded: 'z toho DPH {vat}',
    paymentDetails: 'Platební údaje',
    accountNumber: 'Číslo účtu',
    iban: 'IBAN',
    bic: 'BIC (SWIFT)',
    variableSymbol: 'Variabilní symbol',
    amount: 'Částka',
    dueAt: 'Datum splatnosti',
    qrHint: 'Nejrychleji zaplatíte naskenováním QR kódu v aplikaci své banky.',
    shipAfterPayment: 'Zboží odešleme, jakmile platba dorazí na náš účet. Nezaplacenou objednávku po datu splatnosti zrušíme.',
    cancelUnpaid: 'Nezaplacenou objednávku po datu splatnosti zrušíme.',
    payOnDelivery: 'Na dobírku: částku {amount} zaplatíte hotově nebo kartou až při převzetí zásilky, kurýrovi nebo na výdejním místě. Předem nic neplaťte.',
    payInStore: 'Částku {amount} zaplatíte hotově nebo kartou až při vyzvednutí na prodejně. Předem nic neplaťte.',
    vouchers: 'Uplatněné vouchery',
    pickup: 'Objednávku si vyzvednete na prodejně {store}. Dáme vám vědět, až bude připravená.',
    deliveryAddress: 'Doručovací adresa',
    invoice: 'Fakturu (daňový doklad) najdete v příloze, v PDF i ve formátu ISDOC pro účetní programy. Stáhnout si ji můžete i zde:',
    tickets: 'Vstupenky na zápas najdete v příloze ({file}); při vstupu ukažte jejich QR kódy, vytištěné nebo v telefonu.',
    ticketsUnpaid: 'Vstupenky platí až po připsání platby za objednávku na náš účet.',
    withdrawal: 'Od smlouvy můžete odstoupit do {days} dnů od převzetí zboží, tlačítkem „Odstoupit od smlouvy zde“ na stránce objednávky nebo vzorovým formulářem:',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Order confirmation No. {number}',
    intro: 'thank you for your order No. {number} of {date}. We have received it and are getting started on it.',
    viewOrder: 'View your order',
    items: 'Your items',
    goods: 'Goods',
    discount: 'Discount',
    delivery: 'Delivery',
    payment: 'Payment',
    free: 'free',
    rounding: 'Rounding',
    total: 'Total to pay',
    vatIncluded: 'including VAT {vat}',
    paymentDetails: 'Payment details',
    accountNumber: 'Account number',
    iban: 'IBAN',
    bic: 'BIC (SWIFT)',
    variableSymbol: 'Variable symbol',
    amount: 'Amount',
    dueAt: 'Due date',
    qrHint: 'The quickest way to pay is to scan the QR code in your banking app.',
    shipAfterPayment: 'We ship your order as soon as the payment reaches our account. An order unpaid after the due date is cancelled.',
    cancelUnpaid: 'An order unpaid after the due date is cancelled.',
    payOnDelivery: 'Cash on delivery: you pay {amount} in cash or by card when you collect the parcel, to the courier or at the pick-up point. Do not pay anything in advance.',
    payInStore: 'You pay {amount} in cash or by card when you collect your order at the store. Do not pay anything in advance.',
    vouchers: 'Vouchers used',
    pickup: 'You will collect your order at our store {store}. We will let you know when it is ready.',
    deliveryAddress: 'Delivery address',
    invoice: 'Your invoice (tax document) is attached, as a PDF and as ISDOC for accounting software. You can also download it here:',
    tickets: 'Your match tickets are attached ({file}); show their QR codes at the entrance, printed or on your phone.',
    ticketsUnpaid: 'The tickets are valid only once the payment for the order has reached our account.',
    withdrawal: 'You may withdraw from the contract within {days} days of receiving the goods, with “Withdraw from contract here” on the order’s page or the model form:',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

function addressText(address: DocumentAddress, language: MailLanguage): string {
  return [address.company, addressName(address), address.street, `${address.postcode} ${address.city}`.trim(), countryName(address.country, language)]
    .filter((part) => part !== '')
    .join(', ');
}

export const orderConfirmation: MailTemplate<OrderConfirmationDocument> = {
  async render(context, { order, invoice, invoiceIsdoc, tickets }, language) {
    const t = TEXTS[language];
    const money = (amount: number) => formatMoney(amount, order.currency, language);
    const priceOrFree = (amount: number) => (amount === 0 ? t.free : money(amount));
    const summaryUrl = context.publicUrl + href('orderSummary', language, { id: order.id, hash: order.hash });
    const invoiceUrl = context.publicUrl + invoicePath(language, order.id, order.hash);
    const values = { number: order.number, date: formatDate(order.createdAt, language), shop: SUPPLIER.shopName };
    const subject = fill(t.subject, values);
    const way = paymentWay(order.paymentCode);
    const bankTransfer = way === 'BANK_TRANSFER';
    // an order of tickets only has nothing to ship: its tickets note says they are valid once paid
    const afterPayment = order.deliveryName !== '' ? t.shipAfterPayment : t.cancelUnpaid;
    // cash on delivery and payment at the store: what is paid when, so nobody pays twice
    const payLater =
      way === 'CASH_ON_DELIVERY' ? fill(t.payOnDelivery, { amount: money(order.totalGross) }) : way === 'IN_STORE' ? fill(t.payInStore, { amount: money(order.totalGross) }) : null;
    const account = supplierBankAccount(order.currency);

    const attachments: MailAttachment[] = [];
    if (invoice) attachments.push({ filename: invoice.fileName, content: invoice.bytes, contentType: 'application/pdf' });
    if (invoiceIsdoc) attachments.push({ filename: invoiceIsdoc.fileName, content: invoiceIsdoc.bytes, contentType: ISDOC_CONTENT_TYPE });
    if (tickets) attachments.push({ filename: tickets.fileName, content: tickets.bytes, contentType: 'application/pdf' });
    if (bankTransfer) {
      attachments.push({ filename: 'qr-platba.png', content: await qrPng(orderSpayd(order)), contentType: 'image/png', cid: 'qr-platba' });
    }

    const totals: [string, string][] = [
      [t.goods, money(order.productsGross)],
      ...(order.vouchers.length > 0 ? [[t.vouchers, order.vouchers.join(', ')] as [string, string]] : []),
      ...(order.discountGross > 0 ? [[t.discount, money(-order.discountGross)] as [string, string]] : []),
      // an order of tickets only has nothing delivered (its tickets are attached);
      // 'Doprava – Výdejní místo nebo box', not a second colon before the price in the text part
      ...(order.deliveryName !== '' ? [[`${t.delivery} – ${order.deliveryName}`, priceOrFree(order.deliveryPrice)] as [string, string]] : []),
      [`${t.payment} – ${order.paymentName}`, priceOrFree(order.paymentPrice)],
      ...(order.roundingGross !== 0 ? [[t.rounding, money(order.roundingGross)] as [string, string]] : []),
    ];
    const paymentRows: [string, string][] = bankTransfer
      ? [
          ...(order.currency === 'CZK' ? [[t.accountNumber, account.accountNumber] as [string, string]] : []),
          [t.iban, account.iban],
          [t.bic, account.bic],
          [t.variableSymbol, order.variableSymbol],
          [t.amount, money(order.totalGross)],
          ...(order.paymentDueAt ? [[t.dueAt, formatDate(order.paymentDueAt, language)] as [string, string]] : []),
        ]
      : [];
    const pickup = order.store ? fill(t.pickup, { store: `${order.store.name}, ${order.store.street}, ${order.store.city}` }) : null;
    const vat = fill(t.vatIncluded, { vat: money(order.totalVat) });
    const ticketsText = tickets ? [fill(t.tickets, { file: tickets.fileName }), ...(bankTransfer ? [t.ticketsUnpaid] : [])].join(' ') : null;
    const lineText = (line: (typeof order.lines)[number]) => [line.name, variantText(line, language)].filter(Boolean).join(' – ');

    // the model withdrawal form (docs/decisions/0061); an order of match tickets only has nothing to withdraw from
    const withdrawalText = order.lines.every((line) => isWithdrawalExcluded(line)) ? null : fill(t.withdrawal, { days: String(context.withdrawalPeriodDays ?? DEFAULT_WITHDRAWAL_PERIOD_DAYS) });
    const modelFormUrl = context.publicUrl + href('withdrawalModelForm', language);
    const cell = 'padding:6px 0;border-bottom:1px solid #e4e7ec;';
    const body: SafeHtml = html`
<p style="margin:0 0 12px;">${greeting(language, order.invoiceAddress.firstName)}</p>
<p style="margin:0 0 16px;">${fill(t.intro, values)}</p>
<p style="margin:0 0 24px;"><a href="${summaryUrl}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${t.viewOrder}</a></p>
<h2 style="font-size:17px;margin:0 0 8px;">${t.items}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;">
${order.lines.map((line) => html`<tr><td style="${cell}">${lineText(line)}</td><td style="${cell}text-align:right;white-space:nowrap;">${piecesText(line.quantity, language)}</td><td style="${cell}text-align:right;white-space:nowrap;">${money(line.totalGross)}</td></tr>`)}
${totals.map(([label, value]) => html`<tr><td colspan="2" style="padding:4px 0;">${label}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;">${value}</td></tr>`)}
<tr><td colspan="2" style="padding:8px 0;font-weight:bold;font-size:16px;">${t.total}</td><td style="padding:8px 0;text-align:right;font-weight:bold;font-size:16px;white-space:nowrap;">${money(order.totalGross)}</td></tr>
<tr><td colspan="3" style="padding:0 0 8px;text-align:right;color:#667085;font-size:12px;">${vat}</td></tr>
</table>
${bankTransfer && html`
<h2 style="font-size:17px;margin:20px 0 8px;">${t.paymentDetails}</h2>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;">
${paymentRows.map(([label, value]) => html`<tr><td style="padding:3px 16px 3px 0;color:#667085;">${label}</td><td style="padding:3px 0;font-weight:bold;">${value}</td></tr>`)}
</table>
<p style="margin:12px 0 4px;">${t.qrHint}</p>
<p style="margin:0 0 8px;"><img src="cid:qr-platba" width="180" height="180" alt="QR Platba"></p>
<p style="margin:0 0 16px;">${afterPayment}</p>`}
${payLater && html`<p style="margin:16px 0;font-weight:bold;">${payLater}</p>`}
${pickup && html`<p style="margin:16px 0;">${pickup}</p>`}
${order.deliveryAddress && !order.store && html`<p style="margin:16px 0;"><strong>${t.deliveryAddress}:</strong> ${addressText(order.deliveryAddress, language)}</p>`}
${ticketsText && html`<p style="margin:16px 0;font-weight:bold;">${ticketsText}</p>`}
<p style="margin:16px 0;">${t.invoice} <a href="${invoiceUrl}">${invoice?.fileName ?? invoiceUrl}</a></p>
${withdrawalText && html`<p style="margin:16px 0;">${withdrawalText} <a href="${modelFormUrl}">${modelFormUrl}</a></p>`}
<p style="margin:24px 0 0;white-space:pre-line;">${fill(t.signature, values)}</p>`;

    const text = [
      greeting(language, order.invoiceAddress.firstName),
      '',
      fill(t.intro, values),
      '',
      `${t.viewOrder}: ${summaryUrl}`,
      '',
      `${t.items}:`,
      ...order.lines.map((line) => `- ${lineText(line)}: ${piecesText(line.quantity, language)}, ${money(line.totalGross)}`),
      '',
      ...totals.map(([label, value]) => `${label}: ${value}`),
      `${t.total}: ${money(order.totalGross)} (${vat})`,
      ...(bankTransfer ? ['', `${t.paymentDetails}:`, ...paymentRows.map(([label, value]) => `${label}: ${value}`), afterPayment] : []),
      ...(payLater ? ['', payLater] : []),
      ...(pickup ? ['', pickup] : []),
      ...(order.deliveryAddress && !order.store ? ['', `${t.deliveryAddress}: ${addressText(order.deliveryAddress, language)}`] : []),
      ...(ticketsText ? ['', ticketsText] : []),
      '',
      `${t.invoice} ${invoiceUrl}`,
      ...(withdrawalText ? ['', `${withdrawalText} ${modelFormUrl}`] : []),
      '',
      fill(t.signature, values),
      '',
      textFooter(language),
    ].join('\n');

    return { subject, html: htmlDocument(language, subject, body), text, attachments };
  },
};
