// What an order tells the shopper to pay, and how (issue 24, item 2): bank details, the variable symbol
// and the QR code belong to a bank transfer only; an order paid on delivery or at the store says that it
// is paid then, in the summary's API, the confirmation e-mail and the invoice alike, so nobody pays twice.
// The vouchers an order used are named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createOrder, type OrderInput } from '../support/factories.ts';
import { pdfText } from '../support/pdf-text.ts';
import { loadOrderDocument } from '../../bff/src/services/order-documents.ts';
import { orderConfirmation } from '../../bff/src/mail/templates/order-confirmation.ts';
import { invoicePdf } from '../../bff/src/http/invoice.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

const PaymentOfOrder = graphql(`
  query OrderPaymentOfOrder($id: Int!, $hash: String!) {
    order(databaseId: $id, hash: $hash) {
      paymentWay
      accountNumber
      iban
      variableSymbol
      qrPayment
      qrSvg
      vouchers
    }
  }
`);

const WAYS = {
  bank: { paymentCode: 'bank-transfer', paymentName: 'Bankovní převod' },
  cod: { paymentCode: 'cash-on-delivery', paymentName: 'Dobírka', paymentPrice: 3_900, deliveryCode: 'courier', deliveryName: 'Kurýr na adresu' },
  store: { paymentCode: 'cash-in-store', paymentName: 'Hotově nebo kartou na prodejně', deliveryCode: 'store-pickup', deliveryName: 'Osobní odběr na prodejně', deliveryPrice: 0 },
} satisfies Record<string, OrderInput>;

async function orderWith(input: OrderInput) {
  return createOrder(app.prisma, { lines: [{ unitPriceGross: 120_000 }], ...input });
}

async function mailOf(orderId: number, language: 'cs' | 'en' = 'cs') {
  const order = await loadOrderDocument(app.prisma, orderId);
  const mail = await orderConfirmation.render({ publicUrl: 'https://shop.example' }, { order: order!, invoice: null }, language);
  // amounts are formatted with no-break spaces
  return { ...mail, text: mail.text.replace(/[\u00a0\u202f]/g, ' ') };
}

async function invoiceText(orderId: number) {
  const file = await invoicePdf(app.prisma, orderId, { eurRate: 25 });
  return (await pdfText(file!.bytes)).replace(/[\s\u00a0\u202f]+/g, ' ');
}

describe(`payment instructions by the way an order is paid (${databaseKind})`, () => {
  it('a bank-transfer order has the account, IBAN and QR code', async () => {
    const order = await orderWith(WAYS.bank);
    const read = (await app.gql(PaymentOfOrder, { id: order.id, hash: order.hash })).data!.order!;
    expect(read).toMatchObject({ paymentWay: 'BANK_TRANSFER', accountNumber: '2300154801/2010', variableSymbol: order.number });
    expect(read.iban).toMatch(/^CZ26/);
    expect(read.qrPayment).toMatch(/^SPD\*1\.0\*/);

    const mail = await mailOf(order.id);
    expect(mail.text).toContain('Platební údaje:');
    expect(mail.text).toContain('Číslo účtu: 2300154801/2010');
    expect(mail.text).not.toContain('Předem nic neplaťte');

    const pdf = await invoiceText(order.id);
    expect(pdf).toContain('Bankovní účet 2300154801/2010');
    expect(pdf).toContain('QR Platba');
  });

  it('cash on delivery has no bank details anywhere and says the amount is paid when the parcel is handed over', async () => {
    const order = await orderWith(WAYS.cod);
    const read = (await app.gql(PaymentOfOrder, { id: order.id, hash: order.hash })).data!.order!;
    expect(read).toMatchObject({ paymentWay: 'CASH_ON_DELIVERY', accountNumber: null, iban: null, qrPayment: null, qrSvg: null });

    const mail = await mailOf(order.id);
    for (const bankWord of ['Platební údaje', 'Číslo účtu', 'IBAN', 'Variabilní symbol', 'QR']) expect(mail.text).not.toContain(bankWord);
    expect(mail.html).not.toContain('cid:qr-platba');
    expect(mail.attachments.map((attachment) => attachment.filename)).not.toContain('qr-platba.png');
    expect(mail.text).toContain('Na dobírku: částku 1 308,00 Kč zaplatíte hotově nebo kartou až při převzetí zásilky, kurýrovi nebo na výdejním místě. Předem nic neplaťte.');
    const english = await mailOf(order.id, 'en');
    expect(english.text).toContain('Cash on delivery: you pay CZK 1,308.00 in cash or by card when you collect the parcel');
    expect(english.text).not.toContain('IBAN');

    const pdf = await invoiceText(order.id);
    expect(pdf).toContain('Forma úhrady Dobírka');
    expect(pdf).toContain('Úhrada při převzetí zásilky (dobírka) hotově nebo kartou. Neplaťte převodem.');
    for (const bankWord of ['Bankovní účet', 'IBAN', 'SWIFT', 'QR Platba']) expect(pdf).not.toContain(bankWord);
  });

  it('payment at the store has no bank details anywhere and says it is paid at the store', async () => {
    const order = await orderWith(WAYS.store);
    const read = (await app.gql(PaymentOfOrder, { id: order.id, hash: order.hash })).data!.order!;
    expect(read).toMatchObject({ paymentWay: 'IN_STORE', accountNumber: null, iban: null, qrPayment: null });

    const mail = await mailOf(order.id);
    expect(mail.text).not.toContain('Platební údaje');
    expect(mail.text).not.toContain('IBAN');
    expect(mail.text).toContain('Částku 1 200,00 Kč zaplatíte hotově nebo kartou až při vyzvednutí na prodejně. Předem nic neplaťte.');

    const pdf = await invoiceText(order.id);
    expect(pdf).toContain('Úhrada při vyzvednutí na prodejně hotově nebo kartou. Neplaťte převodem.');
    expect(pdf).not.toContain('IBAN');
  });

  it('names the vouchers the order used, in the API and the e-mail', async () => {
    const order = await orderWith({ ...WAYS.bank, discountGross: 18_000 });
    for (const code of ['JARO15-T', 'DOPRAVA-T']) {
      const voucher = await app.prisma.voucher.create({ data: { code: `${code}${order.id}`, kind: code.startsWith('JARO') ? 'PERCENT' : 'FREE_SHIPPING', value: 15 } });
      await app.prisma.voucherUse.create({ data: { voucherId: voucher.id, orderId: order.id } });
    }
    const read = (await app.gql(PaymentOfOrder, { id: order.id, hash: order.hash })).data!.order!;
    expect(read.vouchers).toEqual([`JARO15-T${order.id}`, `DOPRAVA-T${order.id}`]);
    const mail = await mailOf(order.id);
    expect(mail.text).toContain(`Uplatněné vouchery: JARO15-T${order.id}, DOPRAVA-T${order.id}`);
    expect(mail.text).toContain('Sleva: −180,00 Kč');

    const plain = await orderWith(WAYS.bank);
    expect((await app.gql(PaymentOfOrder, { id: plain.id, hash: plain.hash })).data!.order!.vouchers).toEqual([]);
    expect((await mailOf(plain.id)).text).not.toMatch(/Uplatněné vouchery|Sleva/);
  });
});
