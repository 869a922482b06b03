// Credit notes in Chromium against the production build (issue 42 §2, decision 0062): the customer
// finds her order's credit note on the account's order detail and the guest on the order summary (its
// secret link), in Czech and in English, and downloads the PDF, whose text is the credit note in the
// order's language, and beside it the ISDOC of the note and of the invoice (decision 0071). On today's
// main the order pages list no credit notes: every test here fails there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { downloadedBytes, launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { createCustomer, createOrder, DEFAULT_PASSWORD } from '../support/factories.ts';
import { pdfText } from '../support/pdf-text.ts';
import { signIn } from '../support/sign-in.ts';
import { href } from '../../schema/routes.ts';
import { inTransaction } from '../../bff/src/events/record.ts';
import { issueCreditNote } from '../../bff/src/services/credit-notes.ts';
import { orderInvoice } from '../../bff/src/services/invoices.ts';
import { renderInvoicePdf } from '../../bff/src/pdf/invoice-pdf.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

type Language = 'cs' | 'en';

/** An invoiced order with one credit note for one of its two pieces. */
async function creditedOrder(language: Language, customer?: Awaited<ReturnType<typeof createCustomer>>) {
  const order = await createOrder(shop.prisma, { language, customer, lines: [{ name: language === 'cs' ? 'Dres Bohemians domácí' : 'Bohemians home shirt', quantity: 2, unitPriceGross: 149_900 }] });
  await orderInvoice(shop.prisma, order.id, { eurRate: 25, render: renderInvoicePdf });
  const [line] = await shop.prisma.orderLine.findMany({ where: { orderId: order.id } });
  const note = await inTransaction(shop.prisma, (tx, changes) => issueCreditNote(tx, changes, { orderId: order.id, lines: [{ orderLineId: line.id, quantity: 1 }], reason: 'WITHDRAWAL' }));
  return { order, note };
}

const TEXTS = {
  cs: { link: 'Opravný daňový doklad', file: 'dobropis', heading: 'Opravné daňové doklady', reason: 'odstoupení od smlouvy', pdf: 'Opravný daňový doklad č.', refund: 'Celkem k vrácení' },
  en: { link: 'Credit note', file: 'credit-note', heading: 'Credit notes', reason: 'withdrawal from the contract', pdf: 'Credit note – corrective tax document No.', refund: 'Total to refund' },
} as const;

async function newPage(language: Language) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'cs' ? 'cs-CZ' : 'en-US', acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, context, problems };
}

/** Clicks the credit note's link on the order's page; the downloaded file's name and text. */
async function downloadCreditNote(page: Page, language: Language, number: string) {
  const section = page.getByTestId('credit-notes');
  await expect.poll(() => section.getByRole('heading').textContent()).toBe(TEXTS[language].heading);
  expect(await section.textContent()).toContain(TEXTS[language].reason);
  const link = section.getByRole('link', { name: new RegExp(`^${TEXTS[language].link} ${number}`) });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = (await pdfText(await downloadedBytes(download))).replace(/\s+/g, ' ');
  return { fileName: download.suggestedFilename(), text };
}

/** Clicks a link to an ISDOC (decision 0071) on the order's page; the downloaded file's name and XML. */
async function downloadIsdoc(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).first().click()]);
  return { fileName: download.suggestedFilename(), xml: (await downloadedBytes(download)).toString('utf8') };
}

describe('credit notes in Chromium', () => {
  for (const language of ['cs', 'en'] as const) {
    it(`the guest downloads the credit note from the order summary (${language})`, async () => {
      const { order, note } = await creditedOrder(language);
      const { page, context, problems } = await newPage(language);
      await page.goto(shop.url + href('orderSummary', language, { id: order.id, hash: order.hash }));
      await page.waitForSelector('html[data-hydrated]');
      const { fileName, text } = await downloadCreditNote(page, language, note.number);
      expect(fileName).toBe(`${TEXTS[language].file}-${note.number}.pdf`);
      expect(text).toContain(`${TEXTS[language].pdf} ${note.number}`);
      expect(text).toContain(order.number);
      expect(text).toContain(TEXTS[language].refund);
      // beside each PDF its ISDOC, for the buyer's accounting program
      const noteXml = await downloadIsdoc(page, 'download-credit-note-isdoc');
      expect(noteXml.fileName).toBe(`${TEXTS[language].file}-${note.number}.isdoc`);
      expect(noteXml.xml).toContain(`<ID>${note.number}</ID>`);
      const invoiceXml = await downloadIsdoc(page, 'download-invoice-isdoc');
      expect(invoiceXml.fileName).toBe(`${language === 'en' ? 'invoice' : 'faktura'}-${order.number}.isdoc`);
      expect(invoiceXml.xml).toContain('<DocumentType>1</DocumentType>');
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`the customer downloads the credit note from her order detail (${language})`, async () => {
      const customer = await createCustomer(shop.prisma);
      const { order, note } = await creditedOrder(language, customer);
      const { page, context, problems } = await newPage(language);
      await signIn(page, shop.url, { email: customer.email, password: DEFAULT_PASSWORD, language, next: href('orderDetail', language, { id: order.id }) });
      await page.waitForSelector('html[data-hydrated]');
      const { fileName, text } = await downloadCreditNote(page, language, note.number);
      expect(fileName).toBe(`${TEXTS[language].file}-${note.number}.pdf`);
      expect(text).toContain(`${TEXTS[language].pdf} ${note.number}`);
      const noteXml = await downloadIsdoc(page, 'download-credit-note-isdoc');
      expect(noteXml.fileName).toBe(`${TEXTS[language].file}-${note.number}.isdoc`);
      expect(noteXml.xml).toContain('<DocumentType>2</DocumentType>');
      const invoiceXml = await downloadIsdoc(page, 'download-invoice-isdoc');
      expect(invoiceXml.fileName).toBe(`${language === 'en' ? 'invoice' : 'faktura'}-${order.number}.isdoc`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
