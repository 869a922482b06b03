// ISDOC beside the PDF (issue 43 §5, decision 0071): every invoice and credit note also as ISDOC 6.0.2
// XML, attached to its e-mail beside the PDF and downloadable beside it (the guest summary's secret link,
// the account's order detail), behind the PDF's own checks. The test reads both the PDF's text and the
// ISDOC and checks that every amount agrees to the haléř (lines, VAT per rate in CZK, totals, rounding),
// for a CZK order placed through the checkout with goods at two VAT rates, a voucher, delivery and a
// cash-on-delivery fee; a euro order; and a credit note. Each XML is validated against the official
// schema with xmllint. On today's main there is no ISDOC: every test here fails there.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createOrder, createProduct, DEFAULT_PASSWORD, unique } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS, type CheckoutMethods } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';
import { pdfText } from '../support/pdf-text.ts';
import { child, children, minor, parseIsdoc, text, xmllintIsdoc } from '../support/isdoc.ts';
import { inTransaction } from '../../bff/src/events/record.ts';
import { issueCreditNote } from '../../bff/src/services/credit-notes.ts';
import { invoicePath } from '../../bff/src/services/invoices.ts';
import { accountInvoiceIsdocPath, invoiceIsdocPath } from '../../bff/src/http/invoice.ts';
import { accountCreditNoteIsdocPath, creditNoteIsdocPath, creditNotePath } from '../../bff/src/http/credit-note.ts';
import { formatMoney, type Currency } from '../../schema/rules/money.ts';
import { formatPercent } from '../../schema/rules/percent.ts';
import type { Locale } from '../../schema/rules/locale.ts';

const Add = graphql(`
  mutation IsdocAdd($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
    }
  }
`);

const ApplyVoucher = graphql(`
  mutation IsdocApplyVoucher($code: String!) {
    applyVoucher(code: $code) {
      __typename
    }
  }
`);

const UpdateCheckout = graphql(`
  mutation IsdocUpdateCheckout($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
    }
  }
`);

const Checkout = graphql(`
  query IsdocCheckout {
    cart {
      checkout {
        revision
        problems {
          message
        }
      }
    }
  }
`);

const PlaceOrder = graphql(`
  mutation IsdocPlaceOrder($revision: String!) {
    placeOrder(input: { revision: $revision }) {
      __typename
      ... on Order {
        databaseId
        hash
        invoiceUrl
        invoiceIsdocUrl
      }
    }
  }
`);

const Login = graphql(`
  mutation IsdocLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
    }
  }
`);

const AccountOrderDownloads = graphql(`
  query IsdocAccountOrder($databaseId: Int!) {
    accountOrder(databaseId: $databaseId) {
      accountInvoiceUrl
      accountInvoiceIsdocUrl
      creditNotes {
        accountUrl
        accountIsdocUrl
        isdocUrl
      }
    }
  }
`);

let app: TestApp;
let methods: CheckoutMethods;

beforeAll(async () => {
  app = await createTestApp();
  methods = await createCheckoutMethods(app.prisma);
});

afterAll(async () => {
  await app?.close();
});

/** Text with every run of white space (line breaks, no-break spaces) made one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function download(url: string, client?: TestClient) {
  const response = client ? await client.fetch(url) : await fetch(app.url + url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function mailsTo(recipient: string): Promise<ParsedMail[]> {
  await app.mailer.idle();
  await app.mailer.sendNow();
  const files = (await readdir(app.config.mailDir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(app.config.mailDir, file)))));
  return mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(recipient));
}

function expectValid(xml: Uint8Array) {
  const { status, output } = xmllintIsdoc(xml);
  expect(output).toContain('validates');
  expect(status, output).toBe(0);
}

type Labels = { discount: string; rounding: string; totalNet: string; totalVat: string; toPay: string; czkTotal: string };
const LABELS: Record<'invoice' | 'creditNote', Record<Locale, Labels>> = {
  invoice: {
    cs: { discount: 'Sleva', rounding: 'Zaokrouhlení', totalNet: 'Celkem bez DPH', totalVat: 'DPH celkem', toPay: 'Celkem k úhradě', czkTotal: 'Celkem' },
    en: { discount: 'Discount', rounding: 'Rounding', totalNet: 'Total excl. VAT', totalVat: 'VAT total', toPay: 'Total to pay', czkTotal: 'Total' },
  },
  creditNote: {
    cs: { discount: 'Sleva', rounding: 'Zaokrouhlení', totalNet: 'Celkem bez DPH', totalVat: 'DPH celkem', toPay: 'Celkem k vrácení', czkTotal: 'Celkem' },
    en: { discount: 'Discount', rounding: 'Rounding', totalNet: 'Total excl. VAT', totalVat: 'VAT total', toPay: 'Total to refund', czkTotal: 'Total' },
  },
};

/**
 * Every amount of the ISDOC is where the PDF prints it, to the haléř: each line's amounts without and
 * with VAT in the document's currency after its VAT rate, each rate's base, VAT and total in CZK in the
 * recap, the CZK totals, the totals without VAT, the VAT, the rounding and what is paid. A credit note's
 * ISDOC is positive and its PDF negative (`sign` −1). Returns how many amounts were compared.
 */
function expectAgreement(root: Element, pdf: string, kind: 'invoice' | 'creditNote', language: Locale): number {
  const sign = kind === 'creditNote' ? -1 : 1;
  const labels = LABELS[kind][language];
  const foreign = children(root, 'ForeignCurrencyCode').length > 0;
  const currency = (foreign ? text(root, 'ForeignCurrencyCode') : 'CZK') as Currency;
  const money = (amount: number) => flat(formatMoney(sign * amount, currency, language));
  const czk = (amount: number) => flat(formatMoney(sign * amount, 'CZK', language));
  // the document's-currency amount of an element pair: the EUR twin on a euro document
  const own = (parent: Element, name: string) => minor(parent, foreign ? `${name}Curr` : name);
  let compared = 0;
  const contains = (expected: string) => {
    expect(pdf).toContain(expected);
    compared += 1;
  };

  const lines = children(child(root, 'InvoiceLines'), 'InvoiceLine');
  expect(lines.length).toBeGreaterThan(0);
  let netSum = 0;
  for (const line of lines) {
    const rate = flat(formatPercent(Number(text(line, 'ClassifiedTaxCategory/Percent')), language));
    const net = own(line, 'LineExtensionAmount');
    const gross = own(line, 'LineExtensionAmountTaxInclusive');
    contains(`${rate} ${money(net)} ${money(gross)}`);
    if (!foreign) {
      expect(minor(line, 'LineExtensionTaxAmount')).toBe(gross - net);
      // a line of pieces: its unit price with VAT is the PDF's (positive on both documents)
      if (text(line, 'Item/Description') !== labels.discount) contains(`${flat(formatMoney(minor(line, 'UnitPriceTaxInclusive'), currency, language))} ${rate}`);
    }
    netSum += net;
  }

  let czkNet = 0;
  let czkVat = 0;
  let ownVat = 0;
  for (const subTotal of children(child(root, 'TaxTotal'), 'TaxSubTotal')) {
    const rate = flat(formatPercent(Number(text(subTotal, 'TaxCategory/Percent')), language));
    const net = minor(subTotal, 'TaxableAmount');
    const vat = minor(subTotal, 'TaxAmount');
    expect(minor(subTotal, 'TaxInclusiveAmount')).toBe(net + vat);
    contains(`${rate} ${czk(net)} ${czk(vat)} ${czk(net + vat)}`);
    czkNet += net;
    czkVat += vat;
    ownVat += own(subTotal, 'TaxAmount');
  }
  contains(`${labels.czkTotal} ${czk(czkNet)} ${czk(czkVat)} ${czk(czkNet + czkVat)}`);
  expect(minor(root, 'TaxTotal/TaxAmount')).toBe(czkVat);

  const totals = child(root, 'LegalMonetaryTotal');
  const totalNet = own(totals, 'TaxExclusiveAmount');
  const totalVat = own(child(root, 'TaxTotal'), 'TaxAmount');
  expect(totalNet).toBe(netSum);
  expect(totalVat).toBe(ownVat);
  expect(minor(totals, 'TaxExclusiveAmount')).toBe(czkNet);
  expect(minor(totals, 'TaxInclusiveAmount')).toBe(czkNet + czkVat);
  expect(own(totals, 'TaxInclusiveAmount')).toBe(totalNet + totalVat);
  contains(`${labels.totalNet} ${money(totalNet)}`);
  contains(`${labels.totalVat} ${money(totalVat)}`);
  const rounding = own(totals, 'PayableRoundingAmount');
  if (rounding !== 0) contains(`${labels.rounding} ${money(rounding)}`);
  expect(own(totals, 'PayableAmount')).toBe(totalNet + totalVat + rounding);
  contains(`${labels.toPay} ${money(own(totals, 'PayableAmount'))}`);
  return compared;
}

/** A CZK order through the checkout: a jersey at 21 %, two books at 12 %, a 15 % voucher, courier and cash on delivery. */
async function placeCzkOrder(email: string) {
  const n = unique();
  const jersey = (await createProduct(app.prisma, { vatRate: 21, variants: [{ priceCzk: 89_900, stock: 5 }] })).variants[0];
  const book = (await createProduct(app.prisma, { vatRate: 12, variants: [{ priceCzk: 29_900, stock: 5 }] })).variants[0];
  const voucher = await app.prisma.voucher.create({ data: { code: `ISDOC15-${n}`, kind: 'PERCENT', value: 15 } });
  const client = app.newClient({ 'x-forwarded-for': `10.89.${(n >> 8) & 255}.${n & 255}` });
  expect((await client.gql(Add, { variantId: gid('Variant', jersey.id), quantity: 1 })).errors).toBeUndefined();
  expect((await client.gql(Add, { variantId: gid('Variant', book.id), quantity: 2 })).errors).toBeUndefined();
  expect((await client.gql(ApplyVoucher, { code: voucher.code })).data?.applyVoucher.__typename).toBe('Cart');
  const updated = await client.gql(UpdateCheckout, {
    input: {
      deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
      paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']),
      invoiceAddress: { ...INVOICE_ADDRESS, email, company: 'Účetní & <spol> "Nový" s.r.o.', ico: '25596641', dic: 'CZ25596641' },
      termsAccepted: true,
    },
  });
  expect(updated.errors).toBeUndefined();
  const checkout = (await client.gql(Checkout)).data!.cart!.checkout;
  expect(checkout.problems).toEqual([]);
  const placed = (await client.gql(PlaceOrder, { revision: checkout.revision })).data!.placeOrder;
  if (placed.__typename !== 'Order') throw new Error(`no order: ${placed.__typename}`);
  return { client, placed };
}

describe(`ISDOC beside the PDF (${databaseKind})`, () => {
  it('a CZK order with two VAT rates, a voucher, delivery and a COD fee: e-mailed and downloaded beside the PDF, agreeing to the haléř', async () => {
    const email = `isdoc-${unique()}@example.cz`;
    const { placed } = await placeCzkOrder(email);
    const order = await app.prisma.order.findUniqueOrThrow({ where: { id: placed.databaseId } });
    expect(order.discountGross).toBeGreaterThan(0);
    expect(order.roundingGross).not.toBe(0);
    expect(placed.invoiceIsdocUrl).toBe(invoiceIsdocPath('cs', order.id, order.hash));

    // the confirmation e-mail carries the PDF and the ISDOC side by side
    const [confirmation] = await mailsTo(email);
    expect(confirmation).toBeDefined();
    const names = confirmation.attachments.map((attachment) => attachment.filename);
    expect(names).toEqual(expect.arrayContaining([`faktura-${order.number}.pdf`, `faktura-${order.number}.isdoc`]));
    const attached = confirmation.attachments.find((attachment) => attachment.filename === `faktura-${order.number}.isdoc`)!;
    expect(attached.contentType).toBe('application/xml');
    expect(flat(confirmation.text ?? '')).toContain('ISDOC');

    // the download beside the PDF, through the summary's secret link: the very bytes the e-mail carried
    const { response, bytes } = await download(placed.invoiceIsdocUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="faktura-${order.number}.isdoc"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(bytes.equals(attached.content)).toBe(true);
    expectValid(bytes);

    const root = parseIsdoc(bytes);
    expect(root.getAttribute('version')).toBe('6.0.2');
    expect(text(root, 'DocumentType')).toBe('1');
    expect(text(root, 'ID')).toBe(order.number);
    expect(text(root, 'LocalCurrencyCode')).toBe('CZK');
    expect(children(root, 'ForeignCurrencyCode')).toHaveLength(0);
    expect([text(root, 'CurrRate'), text(root, 'RefCurrRate')]).toEqual(['1', '1']);
    // no EUR twin anywhere in a CZK document
    expect(Buffer.from(bytes).toString()).not.toMatch(/Curr>/);
    expect(text(root, 'AccountingSupplierParty/Party/PartyIdentification/ID')).toBe('07412355');
    expect(text(root, 'AccountingSupplierParty/Party/PartyTaxScheme/CompanyID')).toBe('CZ07412355');
    expect(text(root, 'AccountingSupplierParty/Party/PartyTaxScheme/TaxScheme')).toBe('VAT');
    expect(text(root, 'AccountingCustomerParty/Party/PartyIdentification/ID')).toBe('25596641');
    expect(text(root, 'AccountingCustomerParty/Party/PartyTaxScheme/CompanyID')).toBe('CZ25596641');
    // the company's name with its &, < and quotes, escaped in the XML and read back intact
    expect(text(root, 'AccountingCustomerParty/Party/PartyName/Name')).toBe('Účetní & <spol> "Nový" s.r.o.');
    expect(text(root, 'OrderReferences/OrderReference/SalesOrderID')).toBe(order.number);
    // cash on delivery: ISDOC's code 50, and no bank details to pay to
    expect(text(root, 'PaymentMeans/Payment/PaymentMeansCode')).toBe('50');
    expect(minor(root, 'PaymentMeans/Payment/PaidAmount')).toBe(order.totalGross);
    // VAT from prices with VAT: "shora"
    for (const line of children(child(root, 'InvoiceLines'), 'InvoiceLine')) expect(text(line, 'ClassifiedTaxCategory/VATCalculationMethod')).toBe('1');
    expect(children(child(root, 'TaxTotal'), 'TaxSubTotal').map((row) => text(row, 'TaxCategory/Percent'))).toEqual(['21', '12']);

    // the PDF the same e-mail attached: every amount of the ISDOC where the PDF prints it
    const pdfAttachment = confirmation.attachments.find((attachment) => attachment.filename === `faktura-${order.number}.pdf`)!;
    const pdf = flat(await pdfText(pdfAttachment.content));
    const compared = expectAgreement(root, pdf, 'invoice', 'cs');
    // 2 goods, delivery, the fee, a discount per rate; 2 recap rows and the totals
    expect(children(child(root, 'InvoiceLines'), 'InvoiceLine')).toHaveLength(6);
    expect(compared).toBeGreaterThanOrEqual(14);
    expect(minor(root, 'LegalMonetaryTotal/PayableRoundingAmount')).toBe(order.roundingGross);
    expect(minor(root, 'LegalMonetaryTotal/PayableAmount')).toBe(order.totalGross);

    // the same document on every download, with the same UUID
    const again = await download(invoicePath('cs', order.id, order.hash).replace(/\.pdf$/, '.isdoc'));
    expect(again.bytes.equals(bytes)).toBe(true);
  });

  it('a euro invoice states CZK with each amount also in EUR at the invoice’s rate, downloaded from the account', async () => {
    const customer = await createCustomer(app.prisma);
    const order = await createOrder(app.prisma, {
      customer,
      language: 'en',
      currency: 'EUR',
      lines: [
        { name: 'Away shirt', quantity: 2, unitPriceGross: 8_990, vatRate: 21 },
        { name: 'Club history', size: null, quantity: 1, unitPriceGross: 1_990, vatRate: 12 },
      ],
      discountGross: 500,
      deliveryPrice: 290,
    });
    const client = app.newClient();
    expect((await client.gql(Login, { input: { email: customer.email, password: DEFAULT_PASSWORD } })).data?.login.__typename).toBe('Customer');
    const detail = (await client.gql(AccountOrderDownloads, { databaseId: order.id })).data!.accountOrder!;
    // the account's links are in the request's language (Czech here); the document in the order's (English)
    expect(detail.accountInvoiceIsdocUrl).toBe(accountInvoiceIsdocPath('cs', order.id));

    const { response, bytes } = await download(detail.accountInvoiceIsdocUrl, client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${order.number}.isdoc"`);
    expectValid(bytes);
    const root = parseIsdoc(bytes);
    expect(text(root, 'LocalCurrencyCode')).toBe('CZK');
    expect(text(root, 'ForeignCurrencyCode')).toBe('EUR');
    expect(Number(text(root, 'CurrRate'))).toBe(app.config.eurRate);
    expect(text(root, 'RefCurrRate')).toBe('1');
    // every amount that has a EUR twin in ISDOC carries it (the standard's rule for a foreign currency)
    const xml = bytes.toString();
    for (const name of ['LineExtensionAmount', 'LineExtensionAmountTaxInclusive', 'TaxableAmount', 'TaxAmount', 'TaxInclusiveAmount', 'TaxExclusiveAmount', 'PayableRoundingAmount', 'PaidDepositsAmount', 'PayableAmount']) {
      expect(xml.split(`<${name}>`).length, name).toBe(xml.split(`<${name}Curr>`).length);
    }
    expect(minor(root, 'LegalMonetaryTotal/PayableAmountCurr')).toBe(order.totalGross);
    // bank transfer to the EUR account, with the variable symbol
    expect(text(root, 'PaymentMeans/Payment/PaymentMeansCode')).toBe('42');
    expect(text(root, 'PaymentMeans/Payment/Details/IBAN')).toBe('CZ7620100000002500154806');
    expect(text(root, 'PaymentMeans/Payment/Details/VariableSymbol')).toBe(order.variableSymbol);

    const pdf = flat(await pdfText((await download(detail.accountInvoiceUrl, client)).bytes));
    expect(pdf).toContain('1 EUR = 25.000 CZK');
    expectAgreement(root, pdf, 'invoice', 'en');

    // someone else's account, and a guest, get the shop's 404 and no XML
    const stranger = await createCustomer(app.prisma);
    const strangerClient = app.newClient();
    await strangerClient.gql(Login, { input: { email: stranger.email, password: DEFAULT_PASSWORD } });
    for (const [who, fetched] of [
      ['stranger', await download(accountInvoiceIsdocPath('en', order.id), strangerClient)],
      ['guest', await download(accountInvoiceIsdocPath('cs', order.id))],
      ['wrong hash', await download(invoiceIsdocPath('cs', order.id, `${order.hash}x`))],
    ] as const) {
      expect(fetched.response.status, who).toBe(404);
      expect(fetched.bytes.toString(), who).not.toContain('<Invoice');
    }
  });

  it('a credit note: positive amounts referring to the invoice, e-mailed and downloaded beside its PDF, agreeing to the haléř', async () => {
    const email = `isdoc-dobropis-${unique()}@example.cz`;
    const customer = await createCustomer(app.prisma, { email });
    const { placed, client: shopper } = await placeCzkOrder(email);
    await app.prisma.order.update({ where: { id: placed.databaseId }, data: { customerId: customer.id } });
    const order = await app.prisma.order.findUniqueOrThrow({ where: { id: placed.databaseId }, include: { lines: { orderBy: { id: 'asc' } } } });
    // the invoice exists (the confirmation issued it); its ISDOC names its UUID
    const invoiceXml = (await download(placed.invoiceIsdocUrl, shopper)).bytes;
    const invoiceUuid = text(parseIsdoc(invoiceXml), 'UUID');

    // every piece credited: the note also credits delivery, the fee and the rounding
    const note = await inTransaction(app.prisma, (tx, changes) =>
      issueCreditNote(tx, changes, { orderId: order.id, lines: order.lines.map((line) => ({ orderLineId: line.id, quantity: line.quantity })), reason: 'WITHDRAWAL', note: 'O<2026> & "vráceno"' }),
    );
    const mail = (await mailsTo(email)).find((candidate) => candidate.subject?.includes(note.number));
    expect(mail).toBeDefined();
    const attached = mail!.attachments.find((attachment) => attachment.filename === `dobropis-${note.number}.isdoc`);
    expect(attached?.contentType).toBe('application/xml');

    const { response, bytes } = await download(creditNoteIsdocPath('cs', order.id, order.hash, note.number));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="dobropis-${note.number}.isdoc"`);
    expect(bytes.equals(attached!.content)).toBe(true);
    expectValid(bytes);

    const root = parseIsdoc(bytes);
    expect(text(root, 'DocumentType')).toBe('2');
    expect(text(root, 'ID')).toBe(note.number);
    expect(text(root, 'UUID')).not.toBe(invoiceUuid);
    expect(text(root, 'Note')).toBe('O<2026> & "vráceno"');
    expect(text(root, 'OriginalDocumentReferences/OriginalDocumentReference/ID')).toBe(order.number);
    expect(text(root, 'OriginalDocumentReferences/OriginalDocumentReference/UUID')).toBe(invoiceUuid);
    // ISDOC states a credit note in positive amounts: the whole invoice, to the haléř
    expect(minor(root, 'LegalMonetaryTotal/PayableAmount')).toBe(order.totalGross);
    expect(minor(root, 'LegalMonetaryTotal/TaxExclusiveAmount')).toBe(order.totalNet);
    expect(minor(root, 'TaxTotal/TaxAmount')).toBe(order.totalVat);

    const pdf = flat(await pdfText((await download(creditNotePath('cs', order.id, order.hash, note.number))).bytes));
    expectAgreement(root, pdf, 'creditNote', 'cs');

    // in the account, beside the note's PDF; not for someone else
    const client = app.newClient();
    await client.gql(Login, { input: { email, password: DEFAULT_PASSWORD } });
    const detail = (await client.gql(AccountOrderDownloads, { databaseId: order.id })).data!.accountOrder!;
    expect(detail.creditNotes.map((row) => row.accountIsdocUrl)).toEqual([accountCreditNoteIsdocPath('cs', order.id, note.number)]);
    expect(detail.creditNotes[0].isdocUrl).toBe(creditNoteIsdocPath('cs', order.id, order.hash, note.number));
    expect((await download(detail.creditNotes[0].accountIsdocUrl, client)).bytes.equals(bytes)).toBe(true);
    const stranger = await createCustomer(app.prisma);
    const strangerClient = app.newClient();
    await strangerClient.gql(Login, { input: { email: stranger.email, password: DEFAULT_PASSWORD } });
    expect((await download(accountCreditNoteIsdocPath('cs', order.id, note.number), strangerClient)).response.status).toBe(404);
    expect((await download(creditNoteIsdocPath('cs', order.id, `${order.hash}x`, note.number))).response.status).toBe(404);
  });

  it('hostile text is escaped: markup, ampersands, quotes, control characters and very long names stay text in valid XML', async () => {
    const long = 'Ž'.repeat(5_000);
    const order = await createOrder(app.prisma, {
      lines: [{ name: `</Name><Injected>1</Injected> & "dres" 'A' ${long}`, quantity: 1, unitPriceGross: 59_900, vatRate: 21 }],
      invoiceAddress: {
        firstName: '<script>alert(1)</script>',
        lastName: 'O\'Brien & "Syn"\u0007\u001b',
        email: 'a&b@example.cz',
        phone: '+420601234567',
        street: ']]> <!-- Ulice --> 12',
        city: `<![CDATA[Praha]]> ${long}`,
        postcode: '110 00',
        country: 'CZ',
        company: '',
        ico: '',
        dic: '',
      },
    });
    const { response, bytes } = await download(invoiceIsdocPath('cs', order.id, order.hash));
    expect(response.status).toBe(200);
    expectValid(bytes);
    const root = parseIsdoc(bytes);
    const customer = child(root, 'AccountingCustomerParty/Party');
    // the control characters XML cannot carry are dropped; everything else reads back as written
    expect(text(customer, 'PartyName/Name')).toBe('<script>alert(1)</script> O\'Brien & "Syn"');
    expect(text(customer, 'PostalAddress/StreetName')).toBe(']]> <!-- Ulice -->');
    expect(text(customer, 'PostalAddress/BuildingNumber')).toBe('12');
    expect(text(customer, 'PostalAddress/CityName')).toBe(`<![CDATA[Praha]]> ${long}`);
    expect(text(customer, 'Contact/ElectronicMail')).toBe('a&b@example.cz');
    const [line] = children(child(root, 'InvoiceLines'), 'InvoiceLine');
    expect(text(line, 'Item/Description')).toContain(`</Name><Injected>1</Injected> & "dres" 'A' ${long}`);
    expect(root.getElementsByTagName('Injected')).toHaveLength(0);
    expect(root.getElementsByTagName('script')).toHaveLength(0);
  });
});
