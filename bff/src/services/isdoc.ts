// ISDOC 6.0.2 (isdoc.cz), the Czech e-invoice XML that accounting programs import, beside each invoice
// and credit note PDF (docs/decisions/0071). It is written from the very data the PDF is drawn from (the
// invoice's InvoiceData, a credit note's CreditNoteDocument) and the same rows (invoiceRows), so the two
// agree to the haléř. Not stored: the data is the order as placed and the stored document's dates and
// rate, so every download writes the same bytes. Amounts are in CZK (LocalCurrencyCode); a euro document
// also states each in EUR (the *Curr elements) at the invoice's rate, as its PDF's CZK recap converts.
// A credit note is in positive amounts (DocumentType 2 says they are subtracted), as ISDOC asks.
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { decimalAmount, type Currency, type VatRecapRow } from '../../../schema/rules/money.ts';
import { toCzk } from '../../../schema/rules/credit-note.ts';
import { pragueDay } from '../../../schema/rules/dates.ts';
import { countryName } from '../../../schema/rules/checkout.ts';
import { paymentWay } from '../../../schema/rules/constants.ts';
import { SUPPLIER, supplierBankAccount } from '../../../schema/rules/supplier.ts';
import { variantText } from '../../../schema/rules/variant.ts';
import { addressName, invoiceRows, type DocumentAddress, type OrderDocument } from './order-documents.ts';
import { issuedInvoiceData, orderInvoice, type InvoiceData, type InvoiceOptions } from './invoices.ts';
import { loadCreditNoteDocument, type CreditNoteDocument } from './credit-notes.ts';

export const ISDOC_NAMESPACE = 'http://isdoc.cz/namespace/2013';
export const ISDOC_VERSION = '6.0.2';
/** The attachment's and the download's content type: plain XML, which every mail client and browser knows. */
export const ISDOC_CONTENT_TYPE = 'application/xml';

export type IsdocFile = { fileName: string; bytes: Buffer };

/** faktura-2026000123.isdoc / invoice-2026000123.isdoc: the PDF's name with the ISDOC extension. */
export function invoiceIsdocFileName(number: string, language: Locale): string {
  return `${language === 'en' ? 'invoice' : 'faktura'}-${number}.isdoc`;
}

/** dobropis-D2026000001.isdoc / credit-note-D2026000001.isdoc. */
export function creditNoteIsdocFileName(number: string, language: Locale): string {
  return `${language === 'en' ? 'credit-note' : 'dobropis'}-${number}.isdoc`;
}

// ------------------------------------------------------------------ identity

// A fixed namespace for the shop's document UUIDs (a random UUID chosen once; never change it).
const UUID_NAMESPACE = Buffer.from('5b0c9a1e7d4f4e2a9c3b8f6d2e1a7c40', 'hex');

/**
 * The document's UUID: a name-based UUID (RFC 9562 version 5) of the supplier's IČO, the kind and the
 * number. A tax document's number is unique per supplier (VAT Act § 29), so the UUID is unique in the
 * world and stable: every download, and the credit note's reference to its invoice, say the same.
 */
export function isdocUuid(kind: 'invoice' | 'credit-note', number: string): string {
  const hash = createHash('sha1').update(UUID_NAMESPACE).update(`${SUPPLIER.ico}/${kind}/${number}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ------------------------------------------------------------------ XML writing

// characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF)
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value: the five special characters escaped, characters XML cannot hold dropped. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

type Attributes = Record<string, string>;

function attributeText(attributes: Attributes): string {
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${xmlText(value)}"`)
    .join('');
}

/** An element with text content (escaped). */
function leaf(name: string, value: string, attributes: Attributes = {}): string {
  return `<${name}${attributeText(attributes)}>${xmlText(value)}</${name}>`;
}

/** An element holding other elements (already written); null children are left out. */
function node(name: string, children: (string | null)[], attributes: Attributes = {}): string {
  const inner = children.filter((child): child is string => child !== null);
  return `<${name}${attributeText(attributes)}>\n${inner.map((child) => child.replace(/^/gm, '  ')).join('\n')}\n</${name}>`;
}

/** A line's amount (minor units) over its pieces, as a decimal with two to four places: a unit price without VAT. */
function unitDecimal(totalMinor: number, quantity: number): string {
  // in ten-thousandths of the main unit, rounded half away from zero
  const scaled = Math.round((Math.abs(totalMinor) * 100) / quantity);
  const whole = Math.floor(scaled / 10_000);
  const fraction = String(scaled % 10_000).padStart(4, '0').replace(/0{1,2}$/, '');
  return `${totalMinor < 0 && scaled !== 0 ? '-' : ''}${whole}.${fraction}`;
}

// ------------------------------------------------------------------ the document

/** One row of the document, in minor units of its currency, as ISDOC states it (credit notes already positive). */
export type IsdocLine = {
  description: string;
  /** The seller's code of the goods (SKU); '' for none. */
  sellersCode: string;
  quantity: number;
  unitGross: number;
  ratePercent: number;
  net: number;
  gross: number;
};

/** Everything an ISDOC states, in minor units of the document's currency. */
export type IsdocDocument = {
  /** 1: invoice (faktura – daňový doklad); 2: credit note (opravný daňový doklad, dobropis). */
  documentType: 1 | 2;
  number: string;
  uuid: string;
  issuedAt: Date;
  taxableSupplyAt: Date;
  note: string;
  language: Locale;
  currency: Currency;
  /** CZK per EUR; 1 for a CZK document. */
  eurRate: number;
  customer: DocumentAddress;
  order: { number: string; placedAt: Date };
  /** The invoice a credit note corrects. */
  original: { number: string; issuedAt: Date; uuid: string } | null;
  lines: IsdocLine[];
  recap: VatRecapRow[];
  totalNet: number;
  totalVat: number;
  roundingGross: number;
  totalGross: number;
  /** How the invoice is paid; null: no payment means (a credit note is refunded). */
  payment: { paymentCode: string; dueAt: Date; variableSymbol: string } | null;
};

// ISDOC's payment means codes: 42 transfer to an account, 50 cash on delivery (dobírka), 10 cash, 48 card
const PAYMENT_MEANS = { BANK_TRANSFER: 42, CASH_ON_DELIVERY: 50, IN_STORE: 10, OTHER: 48 } as const;

/** "Vinohradská 112" → street "Vinohradská", number "112"; an address without a trailing number keeps it all as the street. */
function splitStreet(street: string): { street: string; number: string } {
  const match = /^(.*\S)\s+(\d[\p{L}\p{N}/-]*)$/u.exec(street.trim());
  return match ? { street: match[1], number: match[2] } : { street: street.trim(), number: '' };
}

function party(
  who: { ico: string; dic: string; name: string; street: string; city: string; postcode: string; country: string; countryName: string; contactName: string; phone: string; email: string },
): string {
  const { street, number } = splitStreet(who.street);
  const contact = [who.contactName ? leaf('Name', who.contactName) : null, who.phone ? leaf('Telephone', who.phone) : null, who.email ? leaf('ElectronicMail', who.email) : null];
  return node('Party', [
    // a consumer has no IČO: ISDOC needs the element, empty
    node('PartyIdentification', [leaf('ID', who.ico)]),
    node('PartyName', [leaf('Name', who.name)]),
    node('PostalAddress', [
      leaf('StreetName', street),
      leaf('BuildingNumber', number),
      leaf('CityName', who.city),
      leaf('PostalZone', who.postcode),
      node('Country', [leaf('IdentificationCode', who.country), leaf('Name', who.countryName)]),
    ]),
    who.dic ? node('PartyTaxScheme', [leaf('CompanyID', who.dic), leaf('TaxScheme', 'VAT')]) : null,
    contact.some(Boolean) ? node('Contact', contact) : null,
  ]);
}

/** The ISDOC XML of a document (UTF-8 bytes). Pure: the same document always gives the same bytes. */
export function writeIsdoc(doc: IsdocDocument): Buffer {
  const foreign = doc.currency !== 'CZK';
  const czk = (minor: number) => toCzk(minor, doc.currency, doc.eurRate);
  const amount = (name: string, minor: number) => leaf(name, decimalAmount(minor));
  // a local amount and, on a euro document, its EUR twin; `currFirst`: the schema's order of the pair
  const pair = (name: string, minor: number, local: number = czk(minor), currFirst = true): string[] => {
    if (!foreign) return [amount(name, local)];
    return currFirst ? [amount(`${name}Curr`, minor), amount(name, local)] : [amount(name, local), amount(`${name}Curr`, minor)];
  };
  const date = (value: Date) => leaf('IssueDate', pragueDay(value));

  const lines = doc.lines.map((line, index) => {
    const net = czk(line.net);
    const gross = czk(line.gross);
    return node('InvoiceLine', [
      leaf('ID', String(index + 1)),
      leaf('InvoicedQuantity', String(line.quantity), { unitCode: 'ks' }),
      ...pair('LineExtensionAmount', line.net, net),
      ...pair('LineExtensionAmountTaxInclusive', line.gross, gross),
      amount('LineExtensionTaxAmount', gross - net),
      leaf('UnitPrice', unitDecimal(net, line.quantity)),
      amount('UnitPriceTaxInclusive', czk(line.unitGross)),
      node('ClassifiedTaxCategory', [
        leaf('Percent', String(line.ratePercent)),
        // the shop's prices include VAT and the VAT is split out of them: "shora" (from the top)
        leaf('VATCalculationMethod', '1'),
        leaf('VATApplicable', 'true'),
      ]),
      node('Item', [leaf('Description', line.description), line.sellersCode ? node('SellersItemIdentification', [leaf('ID', line.sellersCode)]) : null]),
    ]);
  });

  // the recap per rate in CZK, converted row by row as the PDF's recap does
  let czkNet = 0;
  let czkVat = 0;
  const subTotals = doc.recap.map((row) => {
    const net = czk(row.net);
    const vat = czk(row.vat);
    czkNet += net;
    czkVat += vat;
    return node('TaxSubTotal', [
      ...pair('TaxableAmount', row.net, net),
      ...pair('TaxAmount', row.vat, vat),
      ...pair('TaxInclusiveAmount', row.net + row.vat, net + vat),
      ...pair('AlreadyClaimedTaxableAmount', 0),
      ...pair('AlreadyClaimedTaxAmount', 0),
      ...pair('AlreadyClaimedTaxInclusiveAmount', 0),
      ...pair('DifferenceTaxableAmount', row.net, net),
      ...pair('DifferenceTaxAmount', row.vat, vat),
      ...pair('DifferenceTaxInclusiveAmount', row.net + row.vat, net + vat),
      node('TaxCategory', [leaf('Percent', String(row.ratePercent)), leaf('VATApplicable', 'true')]),
    ]);
  });
  const rounding = czk(doc.roundingGross);
  const inclusive = doc.totalNet + doc.totalVat;
  const totals = node('LegalMonetaryTotal', [
    ...pair('TaxExclusiveAmount', doc.totalNet, czkNet, false),
    ...pair('TaxInclusiveAmount', inclusive, czkNet + czkVat, false),
    ...pair('AlreadyClaimedTaxExclusiveAmount', 0, 0, false),
    ...pair('AlreadyClaimedTaxInclusiveAmount', 0, 0, false),
    ...pair('DifferenceTaxExclusiveAmount', doc.totalNet, czkNet, false),
    ...pair('DifferenceTaxInclusiveAmount', inclusive, czkNet + czkVat, false),
    ...pair('PayableRoundingAmount', doc.roundingGross, rounding, false),
    ...pair('PaidDepositsAmount', 0, 0, false),
    ...pair('PayableAmount', doc.totalGross, czkNet + czkVat + rounding, false),
  ]);

  let payment: string | null = null;
  if (doc.payment) {
    const way = paymentWay(doc.payment.paymentCode);
    const account = supplierBankAccount(doc.currency);
    const [accountId, bankCode] = account.accountNumber.split('/');
    payment = node('PaymentMeans', [
      node('Payment', [
        // what the customer pays, in the document's currency
        amount('PaidAmount', doc.totalGross),
        leaf('PaymentMeansCode', String(PAYMENT_MEANS[way])),
        way === 'BANK_TRANSFER'
          ? node('Details', [
              leaf('PaymentDueDate', pragueDay(doc.payment.dueAt)),
              leaf('ID', accountId),
              leaf('BankCode', bankCode ?? ''),
              leaf('Name', ''),
              leaf('IBAN', account.iban.replace(/\s/g, '')),
              leaf('BIC', account.bic),
              leaf('VariableSymbol', doc.payment.variableSymbol),
            ])
          : null,
      ]),
    ]);
  }

  const supplier = party({
    ico: SUPPLIER.ico,
    dic: SUPPLIER.dic,
    name: SUPPLIER.company,
    street: SUPPLIER.street,
    city: SUPPLIER.city,
    postcode: SUPPLIER.postcode,
    country: 'CZ',
    countryName: SUPPLIER.country[doc.language],
    contactName: '',
    phone: SUPPLIER.phone,
    email: SUPPLIER.email,
  });
  const customer = doc.customer;
  const personName = addressName(customer);
  const buyer = party({
    ico: customer.ico,
    dic: customer.dic,
    name: customer.company || personName,
    street: customer.street,
    city: customer.city,
    postcode: customer.postcode,
    country: customer.country,
    countryName: customer.country ? countryName(customer.country, doc.language) : '',
    contactName: customer.company ? personName : '',
    phone: customer.phone,
    email: customer.email,
  });

  const root = node(
    'Invoice',
    [
      leaf('DocumentType', String(doc.documentType)),
      leaf('ID', doc.number),
      leaf('UUID', doc.uuid),
      leaf('IssuingSystem', SUPPLIER.shopName),
      leaf('IssueDate', pragueDay(doc.issuedAt)),
      leaf('TaxPointDate', pragueDay(doc.taxableSupplyAt)),
      leaf('VATApplicable', 'true'),
      leaf('ElectronicPossibilityAgreementReference', ''),
      doc.note ? leaf('Note', doc.note) : null,
      leaf('LocalCurrencyCode', 'CZK'),
      foreign ? leaf('ForeignCurrencyCode', doc.currency) : null,
      leaf('CurrRate', foreign ? String(doc.eurRate) : '1'),
      leaf('RefCurrRate', '1'),
      node('AccountingSupplierParty', [supplier]),
      node('AccountingCustomerParty', [buyer]),
      node('OrderReferences', [node('OrderReference', [leaf('SalesOrderID', doc.order.number), date(doc.order.placedAt)], { id: 'order' })]),
      doc.original
        ? node('OriginalDocumentReferences', [
            node('OriginalDocumentReference', [leaf('ID', doc.original.number), date(doc.original.issuedAt), leaf('UUID', doc.original.uuid)], { id: 'invoice' }),
          ])
        : null,
      node('InvoiceLines', lines),
      node('TaxTotal', [...subTotals, ...pair('TaxAmount', doc.totalVat, czkVat)]),
      totals,
      payment,
    ],
    { xmlns: ISDOC_NAMESPACE, version: ISDOC_VERSION },
  );
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`, 'utf8');
}

// ------------------------------------------------------------------ invoices and credit notes

const DISCOUNT_TEXT = { cs: 'Sleva', en: 'Discount' } as const;

/** The ISDOC document of an issued invoice: its PDF's data and rows. */
export function invoiceIsdocDocument(data: InvoiceData): IsdocDocument {
  const { order } = data;
  return {
    documentType: 1,
    number: data.number,
    uuid: isdocUuid('invoice', data.number),
    issuedAt: data.issuedAt,
    taxableSupplyAt: data.taxableSupplyAt,
    note: '',
    language: order.language,
    currency: order.currency,
    eurRate: order.currency === 'CZK' ? 1 : data.eurRate,
    customer: order.invoiceAddress,
    order: { number: order.number, placedAt: order.createdAt },
    original: null,
    lines: invoiceRows(order).map((row) => ({
      description:
        row.kind === 'DISCOUNT'
          ? DISCOUNT_TEXT[order.language]
          : [row.name, row.line ? variantText(row.line, order.language) : ''].filter(Boolean).join(', '),
      sellersCode: row.line?.variantCode ?? '',
      quantity: row.quantity ?? 1,
      // a discount row is one "piece" of its amount
      unitGross: row.unitGross ?? row.gross,
      ratePercent: row.ratePercent,
      net: row.net,
      gross: row.gross,
    })),
    recap: order.vatRecap,
    totalNet: order.totalNet,
    totalVat: order.totalVat,
    roundingGross: order.roundingGross,
    totalGross: order.totalGross,
    payment: { paymentCode: order.paymentCode, dueAt: data.dueAt, variableSymbol: order.variableSymbol },
  };
}

/** The ISDOC document of a credit note: its PDF's lines and recap with the signs turned (ISDOC credit notes are positive). */
export function creditNoteIsdocDocument(note: CreditNoteDocument): IsdocDocument {
  const { order } = note;
  return {
    documentType: 2,
    number: note.number,
    uuid: isdocUuid('credit-note', note.number),
    issuedAt: note.issuedAt,
    // the PDF states the correction's taxable supply as its issue day (VAT Act § 42(2))
    taxableSupplyAt: note.issuedAt,
    note: note.note,
    language: order.language,
    currency: note.currency,
    eurRate: note.currency === 'CZK' ? 1 : note.eurRate,
    customer: order.invoiceAddress,
    order: { number: order.number, placedAt: order.createdAt },
    original: { number: note.invoiceNumber, issuedAt: note.invoiceIssuedAt, uuid: isdocUuid('invoice', note.invoiceNumber) },
    lines: note.lines
      .filter((line) => line.kind !== 'ROUNDING')
      .map((line) => ({
        description:
          line.kind === 'DISCOUNT'
            ? DISCOUNT_TEXT[order.language]
            : [line.name, line.kind === 'GOODS' ? variantText(line, order.language) : ''].filter(Boolean).join(', '),
        sellersCode: line.kind === 'GOODS' ? line.variantCode : '',
        quantity: line.kind === 'DISCOUNT' ? 1 : line.quantity,
        // a note's unit prices are kept positive (its PDF prints the pieces with the minus sign)
        unitGross: line.kind === 'DISCOUNT' ? -line.totalGross : line.unitPriceGross,
        ratePercent: line.vatRate ?? 0,
        net: -line.totalNet,
        gross: -line.totalGross,
      })),
    recap: note.vatRecap.map((row) => ({ ratePercent: row.ratePercent, gross: -row.gross, net: -row.net, vat: -row.vat })),
    totalNet: -note.totalNet,
    totalVat: -note.totalVat,
    roundingGross: -note.roundingGross,
    totalGross: -note.totalGross,
    payment: null,
  };
}

/**
 * The ISDOC of the order's invoice; null when there is no such order. Issues the invoice first when it
 * has not been (orderInvoice, with the caller's PDF renderer), then writes the ISDOC from what was issued.
 * `loaded`: the order's document when the caller has just read it (the confirmation e-mail).
 */
export async function orderInvoiceIsdoc(db: Db, orderId: number, options: InvoiceOptions, loaded?: OrderDocument): Promise<IsdocFile | null> {
  let data = await issuedInvoiceData(db, orderId, options.eurRate, loaded);
  if (!data) {
    if (!(await orderInvoice(db, orderId, options))) return null;
    data = await issuedInvoiceData(db, orderId, options.eurRate, loaded);
  }
  return data && invoiceIsdoc(data);
}

/** The ISDOC of an issued invoice, from what its PDF shows. */
export function invoiceIsdoc(data: InvoiceData): IsdocFile {
  return { fileName: invoiceIsdocFileName(data.number, data.order.language), bytes: writeIsdoc(invoiceIsdocDocument(data)) };
}

/** The ISDOC of a credit note; null when there is no such note. */
export async function creditNoteIsdoc(db: Db, creditNoteId: number): Promise<IsdocFile | null> {
  const note = await loadCreditNoteDocument(db, creditNoteId);
  return note && { fileName: creditNoteIsdocFileName(note.number, note.order.language), bytes: writeIsdoc(creditNoteIsdocDocument(note)) };
}
