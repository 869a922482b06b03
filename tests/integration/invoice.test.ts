// The invoice PDF (issue 6, item 6): a Czech tax document in the order's language, with Czech letters
// that survive copy-and-paste, stored once and served through the order's secret link only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createOrder } from '../support/factories.ts';
import { pdfText } from '../support/pdf-text.ts';
import { formatDate } from '../../schema/rules/dates.ts';
import { invoicePdf } from '../../bff/src/http/invoice.ts';
import { invoicePath } from '../../bff/src/services/invoices.ts';
import { loadMailDocument } from '../../bff/src/mail/documents.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

async function download(path: string) {
  const response = await fetch(app.url + path);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Text with line breaks and runs of spaces made single spaces (the PDF wraps long lines). */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

describe('invoice PDF', () => {
  it('is a Czech tax document with the order number, both parties and Czech letters intact', async () => {
    const order = await createOrder(app.prisma, {
      lines: [
        { name: 'Dres Slavia Praha domácí', size: 'L', quantity: 2, unitPriceGross: 219_900, vatRate: 21 },
        { name: 'Kniha Příběh české kopané', size: null, quantity: 1, unitPriceGross: 49_900, vatRate: 12 },
      ],
      discountGross: 10_000,
      invoiceAddress: {
        firstName: 'Řehoř',
        lastName: 'Čížek',
        email: 'rehor@example.cz',
        phone: '+420601234567',
        street: 'Žižkova 5',
        city: 'České Budějovice',
        postcode: '370 01',
        country: 'CZ',
        company: 'Ďábelské úsilí s.r.o.',
        ico: '25596641',
        dic: 'CZ25596641',
      },
    });
    const { response, bytes } = await download(invoicePath('cs', order.id, order.hash));

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="faktura-${order.number}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const text = flat(await pdfText(bytes));
    expect(text).toContain('Faktura – daňový doklad');
    expect(text).toContain(`č. ${order.number}`);
    expect(text).toContain(`Variabilní symbol ${order.variableSymbol}`);
    // supplier with IČO, DIČ and the register entry; the customer's company with its own
    expect(text).toContain('Tribuna Sport s.r.o.');
    expect(text).toContain('IČO: 07412355');
    expect(text).toContain('DIČ: CZ07412355');
    expect(text).toContain('Městským soudem v Praze, oddíl C, vložka 301245');
    expect(text).toContain('Ďábelské úsilí s.r.o.');
    expect(text).toContain('Řehoř Čížek');
    expect(text).toContain('370 01 České Budějovice');
    // the stored phone grouped for reading
    expect(text).toContain('+420 601 234 567');
    expect(text).toContain('IČO: 25596641');
    // dates in Prague time, lines with their rates, the discount and the recap per rate in CZK
    expect(text).toContain('Datum uskutečnění zdanitelného plnění');
    expect(text).toContain('Datum splatnosti');
    expect(text).toContain('Dres Slavia Praha domácí');
    expect(text).toContain('Kniha Příběh české kopané');
    expect(text).toMatch(/2 ks 2 199,00 Kč 21 % 3 634,71 Kč 4 398,00 Kč/);
    // negative amounts with the minus sign, as the pages write them (issue 24 review)
    expect(text).toMatch(/Sleva 21 % −82,64 Kč −100,00 Kč/);
    expect(text).toContain('Rekapitulace DPH v Kč'.toUpperCase());
    expect(text).toMatch(/12 % 445,54 Kč 53,46 Kč 499,00 Kč/);
    expect(text).toContain(`Celkem k úhradě ${'4 866,00 Kč'}`);
    expect(order.totalGross).toBe(486_600);
    // a bank transfer order carries its QR payment
    expect(text).toContain('QR Platba');
  });

  it('is in English for an English order, with the VAT summary converted to CZK for a euro order', async () => {
    const order = await createOrder(app.prisma, {
      language: 'en',
      currency: 'EUR',
      lines: [{ name: 'Away shirt', quantity: 1, unitPriceGross: 8_990, vatRate: 21 }],
      deliveryPrice: 290,
    });
    const { response, bytes } = await download(invoicePath('en', order.id, order.hash));
    expect(response.status).toBe(200);
    // an English document under an English name, not 'faktura-…' (issue 24, re-tried)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${order.number}.pdf"`);

    const text = flat(await pdfText(bytes));
    expect(text).toContain(`Invoice – tax document No. ${order.number}`);
    expect(text).toContain('Date of taxable supply');
    expect(text).toContain('1 pc ');
    expect(text).not.toContain('1 pcs');
    expect(text).toContain('VAT SUMMARY IN CZK');
    // 92.80 EUR at 25 CZK per EUR, as the test app's default rate
    expect(text).toContain('CZK 2,320.00');
    expect(text).toContain('EUR 92.80');
    expect(text).toContain('1 EUR = 25.000 CZK');
    // the EUR account pays euro orders
    expect(text).toContain('CZ76 2010 0000 0025 0015 4806');
  });

  it('is due on a bank-transfer order’s payment deadline, in both languages (issue 31)', async () => {
    for (const language of ['cs', 'en'] as const) {
      const order = await createOrder(app.prisma, { language });
      // not the INVOICE_DUE_DAYS default: the deadline the order was placed with
      const paymentDueAt = new Date(order.createdAt.getTime() + 3 * 24 * 3600 * 1000);
      await app.prisma.order.update({ where: { id: order.id }, data: { paymentDueAt } });
      const text = flat(await pdfText((await download(invoicePath(language, order.id, order.hash))).bytes));
      expect(text).toContain(`${language === 'cs' ? 'Datum splatnosti' : 'Due date'} ${formatDate(paymentDueAt, language)}`);
      expect((await app.prisma.invoice.findUniqueOrThrow({ where: { orderId: order.id } })).dueAt).toEqual(paymentDueAt);
    }
  });

  it('gives the same bytes on every download, stored once', async () => {
    const order = await createOrder(app.prisma);
    const path = invoicePath('cs', order.id, order.hash);
    // two first downloads at once: both render, one is kept, both answer with it
    const [first, second] = await Promise.all([download(path), download(path)]);
    const third = await download(path);
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect(third.bytes.equals(first.bytes)).toBe(true);
    const rows = await app.prisma.invoice.findMany({ where: { orderId: order.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].number).toBe(order.number);
    expect(Buffer.from(rows[0].pdf).equals(first.bytes)).toBe(true);
    // the English link serves the same stored document
    expect((await download(invoicePath('en', order.id, order.hash))).bytes.equals(first.bytes)).toBe(true);
  });

  it('is issued by the confirmation e-mail from the order it read: the order is read once, the invoice looked for and kept in two statements, and the e-mail attaches the stored PDF', async () => {
    const order = await createOrder(app.prisma);
    const ticketKeys = { ticketSecret: app.config.ticketSecret, sessionSecret: app.config.sessionSecret, dataDir: app.config.dataDir };
    app.queries.length = 0;
    const mail = await loadMailDocument('orderConfirmation', { db: app.prisma, eurRate: 25, ticketKeys }, { orderId: order.id }, 'cs');
    // the order as placed, all of it (its lines, vouchers and VAT recap come with it)
    const orderReads = app.queries.filter((sql) => /"t0"\."hash", "t0"\."cartId"/.test(sql) && sql.includes('FROM "public"."Order"'));
    expect(orderReads).toHaveLength(1);
    // not read back after it is kept (its PDF is ~30 kB), nor again for its ISDOC
    const invoiceStatements = app.queries.filter((sql) => sql.includes('"Invoice"'));
    expect(invoiceStatements).toHaveLength(2);
    const [stored] = await app.prisma.invoice.findMany({ where: { orderId: order.id } });
    expect(mail?.invoice?.bytes.equals(Buffer.from(stored.pdf))).toBe(true);
    expect(mail?.invoiceIsdoc?.bytes.toString()).toContain(`<ID>${order.number}</ID>`);
    expect(flat(await pdfText(mail!.invoice!.bytes))).toContain(order.number);
  });

  it('is not found without the right hash, and the answer tells nothing about the order', async () => {
    const order = await createOrder(app.prisma);
    const other = await createOrder(app.prisma);
    const wrong = [
      invoicePath('cs', order.id, order.hash.slice(0, -1) + (order.hash.endsWith('x') ? 'y' : 'x')),
      invoicePath('cs', order.id, other.hash),
      invoicePath('en', order.id, ''),
      invoicePath('cs', 99_999_999, order.hash),
      `/objednavka/faktura/abc/${order.hash}.pdf`,
      `/objednavka/faktura/${order.id}/${order.hash}`,
    ];
    for (const path of wrong) {
      const { response, bytes } = await download(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type') ?? '', path).not.toContain('pdf');
      expect(bytes.toString(), path).not.toContain(order.number);
    }
    // nothing was generated for the order behind the wrong links
    expect(await app.prisma.invoice.count({ where: { orderId: order.id } })).toBe(0);
  });

  it('is null for an order that does not exist', async () => {
    expect(await invoicePdf(app.prisma, 2_000_000_000, { eurRate: 25 })).toBeNull();
  });
});
