// Recording payments (decision 0046): markOrderPaid is the one way an order becomes PAID. It checks the
// order and the amount in one transaction, records the payment with its date and bank reference, sets
// PAID with a status change and writes the customer's "Platba přijata / Payment received" e-mail; twice
// changes nothing. The shopper's summary then says paid (with the date) and offers no QR code; the
// order's tickets let in and are sent again without NEZAPLACENO; the unpaid-order cancellation leaves
// it alone, also when both run at the same moment. The bank statement import matches by variable symbol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createOrder, type OrderInput } from '../support/factories.ts';
import { createMatch } from '../support/tickets.ts';
import { mailsTo } from '../support/mailbox.ts';
import { pdfText } from '../support/pdf-text.ts';
import { markOrderPaid, parseAmount, PaymentRefusedError, type PaymentInput } from '../../bff/src/services/order-payments.ts';
import { csvRecords, parseFioStatement, StatementFormatError } from '../../bff/src/services/bank-statements.ts';
import { importStatement } from '../../bff/src/services/bank-transactions.ts';
import { cancelUnpaidOrders } from '../../bff/src/services/unpaid-orders.ts';
import { checkInTicket, ticketCode } from '../../bff/src/services/ticket-codes.ts';
import { loadMailDocument } from '../../bff/src/mail/documents.ts';
import { paymentReceived } from '../../bff/src/mail/templates/payment-received.ts';
import { pragueDay } from '../../schema/rules/dates.ts';
import { formatMoney } from '../../schema/rules/money.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

const DAY_MS = 24 * 3600_000;
const today = () => pragueDay(new Date());

/** A bank-transfer order placed yesterday (so that a payment may be dated today or yesterday). */
async function unpaidOrder(input: OrderInput = {}) {
  return createOrder(app.prisma, { createdAt: new Date(Date.now() - DAY_MS), ...input });
}

function pay(order: { number: string; totalGross: number }, input: Partial<PaymentInput> = {}) {
  return markOrderPaid(app.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', reference: 'bank-1', source: 'command', ...input });
}

/** What marking left in the database for the order. */
async function stateOf(orderId: number) {
  const order = await app.prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { payment: true, statusHistory: true } });
  const mails = await app.prisma.mailOutbox.findMany({ where: { dedupeKey: `paymentReceived:${orderId}` } });
  return { status: order.status, payment: order.payment, history: order.statusHistory.map((change) => [change.status, change.note]), mails };
}

const SummaryOfOrder = graphql(`
  query OrderPaymentsSummary($id: Int!, $hash: String!) {
    order(databaseId: $id, hash: $hash) {
      status
      paidOn
      paymentWay
      variableSymbol
      qrPayment
      qrSvg
      tickets {
        paid
      }
    }
  }
`);

describe(`markOrderPaid (${databaseKind})`, () => {
  it('records the payment, sets PAID with a status change and writes the e-mail; marking again changes nothing and says so', async () => {
    const order = await unpaidOrder({ language: 'en' });
    const date = pragueDay(new Date(Date.now() - DAY_MS));
    const first = await pay(order, { paidOn: date, reference: '26662142344' });
    expect(first).toEqual({
      result: 'MARKED',
      orderNumber: order.number,
      payment: { amount: order.totalGross, currency: 'CZK', paidOn: date, reference: '26662142344' },
      totalGross: order.totalGross,
      overpaid: 0,
    });
    const after = await stateOf(order.id);
    expect(after.status).toBe('PAID');
    expect(after.payment).toMatchObject({ amount: order.totalGross, currency: 'CZK', reference: '26662142344', source: 'command' });
    expect(after.payment!.paidOn.toISOString().slice(0, 10)).toBe(date);
    expect(after.history).toEqual([['PAID', expect.stringContaining(`on ${date}, reference 26662142344`)]]);
    expect(after.mails.map((mail) => [mail.kind, mail.recipient, mail.language])).toEqual([['paymentReceived', order.email, 'en']]);

    const again = await pay(order, { reference: 'another-payment', amount: order.totalGross + 100 });
    expect(again).toEqual({ result: 'ALREADY_PAID', orderNumber: order.number, payment: first.payment, totalGross: order.totalGross });
    const unchanged = await stateOf(order.id);
    expect(unchanged.history).toHaveLength(1);
    expect(unchanged.mails).toHaveLength(1);
    expect(unchanged.payment).toEqual(after.payment);
  });

  it('refuses an underpayment, another currency, an unknown or cancelled order, a future date and a date before the order; nothing changes', async () => {
    const order = await unpaidOrder();
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof PaymentRefusedError ? [error.reason, error.message] : Promise.reject(error)),
      );
    expect(await refusal(pay(order, { amount: order.totalGross - 50 }))).toEqual([
      'UNDERPAID',
      `Order ${order.number} costs ${formatMoney(order.totalGross, 'CZK', 'en')}, the payment is ${formatMoney(order.totalGross - 50, 'CZK', 'en')}: CZK\u00a00.50 missing. The order stays unpaid.`,
    ]);
    expect((await refusal(pay(order, { currency: 'EUR' })))?.[0]).toBe('WRONG_CURRENCY');
    expect((await refusal(pay({ number: '2099999999', totalGross: 100 })))?.[0]).toBe('UNKNOWN_ORDER');
    const tomorrow = pragueDay(new Date(Date.now() + DAY_MS));
    expect(await refusal(pay(order, { paidOn: tomorrow }))).toEqual(['INVALID', `The payment's date ${tomorrow} is in the future (today is ${today()} in Prague).`]);
    expect((await refusal(pay(order, { paidOn: '2020-01-01' })))?.[0]).toBe('INVALID');
    expect((await refusal(pay(order, { paidOn: '2026-02-30' })))?.[0]).toBe('INVALID');
    expect((await refusal(pay(order, { reference: 'line\nbreak' })))?.[0]).toBe('INVALID');
    expect(await stateOf(order.id)).toEqual({ status: 'NEW', payment: null, history: [], mails: [] });

    const cancelled = await unpaidOrder();
    await app.prisma.order.update({ where: { id: cancelled.id }, data: { status: 'CANCELLED' } });
    expect((await refusal(pay(cancelled)))?.[0]).toBe('CANCELLED');
    expect((await stateOf(cancelled.id)).payment).toBeNull();
  });

  it('accepts an overpayment and says by how much', async () => {
    const order = await unpaidOrder();
    expect(await pay(order, { amount: order.totalGross + 1_000 })).toMatchObject({ result: 'MARKED', overpaid: 1_000 });
  });

  it('of two markings at the same moment one marks and the other finds it paid', async () => {
    const order = await unpaidOrder();
    const results = await Promise.all([pay(order, { reference: 'a' }), pay(order, { reference: 'b' })]);
    expect(results.map((result) => result.result).sort()).toEqual(['ALREADY_PAID', 'MARKED']);
    expect((await stateOf(order.id)).history).toHaveLength(1);
  });
});

describe(`a paid order (${databaseKind})`, () => {
  it('its summary says paid with the date and has no QR code; the e-mail says so in the order’s language', async () => {
    const order = await unpaidOrder({ language: 'cs' });
    const before = (await app.gql(SummaryOfOrder, { id: order.id, hash: order.hash })).data!.order!;
    expect(before).toMatchObject({ status: 'NEW', paidOn: null, paymentWay: 'BANK_TRANSFER', qrPayment: expect.stringContaining('SPD*1.0*') });
    const date = today();
    await pay(order, { paidOn: date, amount: order.totalGross + 100 });
    const after = (await app.gql(SummaryOfOrder, { id: order.id, hash: order.hash })).data!.order!;
    expect(after).toMatchObject({ status: 'PAID', paidOn: date, paymentWay: 'BANK_TRANSFER', variableSymbol: order.number, qrPayment: null, qrSvg: null });

    const [mail] = await mailsTo(app, order.email).then((mails) => mails.filter((m) => m.subject.startsWith('Platba')));
    expect(mail.subject).toBe(`Platba přijata – objednávka č. ${order.number}`);
    const [year, month, day] = date.split('-').map(Number);
    expect(mail.text).toContain(`dne ${day}. ${month}. ${year} jsme přijali vaši platbu`);
    expect(mail.text).toContain(`za objednávku č. ${order.number}`);
    expect(mail.text).toContain('Přeplatek vám vrátíme');
    expect(mail.text).toContain(`/objednavka/shrnuti/${order.id}/${order.hash}`);
    expect(mail.html).toContain('Platba přijata');
  });

  it('is never cancelled by the unpaid-order job, also when both run at the same moment', async () => {
    const due = new Date(Date.now() - 3600_000);
    const paid = await unpaidOrder({});
    await app.prisma.order.update({ where: { id: paid.id }, data: { paymentDueAt: due } });
    await pay(paid);
    expect(await cancelUnpaidOrders(app.prisma, new Date())).not.toContain(paid.id);
    expect((await stateOf(paid.id)).status).toBe('PAID');

    // a payment arriving as the deadline passes: exactly one of the two wins, never both
    for (let round = 0; round < 3; round++) {
      const order = await unpaidOrder();
      await app.prisma.order.update({ where: { id: order.id }, data: { paymentDueAt: due } });
      const [marked, cancelled] = await Promise.all([pay(order).catch((error: unknown) => error), cancelUnpaidOrders(app.prisma, new Date())]);
      const state = await stateOf(order.id);
      if (state.status === 'PAID') {
        expect(marked).toMatchObject({ result: 'MARKED' });
        expect(cancelled).not.toContain(order.id);
      } else {
        expect(state.status).toBe('CANCELLED');
        expect(marked).toBeInstanceOf(PaymentRefusedError);
        expect(state.payment).toBeNull();
      }
    }
  });

  it('its tickets let in, and the e-mail attaches them again without NEZAPLACENO', async () => {
    const match = await createMatch(app.prisma);
    const order = await unpaidOrder({ language: 'cs' });
    const ticket = await app.prisma.ticket.create({
      data: { orderId: order.id, eventId: match.event.id, seat: 3, section: 'L', row: '1', number: 4, categoryCode: 'A', priceGross: 40_000, vatRate: 12 },
    });
    const code = ticketCode(app.config, { ticketId: ticket.id, eventId: match.event.id, seat: 3, orderId: order.id });
    expect((await checkInTicket(app.prisma, app.config, code)).result).toBe('UNPAID');
    await pay(order);
    expect((await app.gql(SummaryOfOrder, { id: order.id, hash: order.hash })).data!.order!.tickets).toEqual([{ paid: true }]);

    const ticketKeys = { ticketSecret: app.config.ticketSecret, sessionSecret: app.config.sessionSecret, dataDir: app.config.dataDir };
    const document = await loadMailDocument('paymentReceived', { db: app.prisma, eurRate: 25, ticketKeys }, { orderId: order.id }, 'cs');
    const rendered = await paymentReceived.render({ publicUrl: 'https://obchod.example' }, document!, 'cs');
    expect(rendered.attachments.map((attachment) => attachment.filename)).toEqual([`vstupenky-${order.number}.pdf`]);
    expect(rendered.text).toContain('Vstupenky na zápas teď platí.');
    const text = await pdfText(rendered.attachments[0].content);
    expect(text).toContain(code);
    expect(text).not.toContain('NEZAPLACENO');

    expect((await checkInTicket(app.prisma, app.config, code)).result).toBe('VALID');
  });
});

describe(`importing a Fio bank statement (${databaseKind})`, () => {
  const HEADER = 'ID pohybu;Datum;Objem;Měna;Protiúčet;Název protiúčtu;Kód banky;Název banky;KS;VS;SS;Uživatelská identifikace;Zpráva pro příjemce;Typ;Provedl;Upřesnění;Komentář;BIC;ID pokynu';
  const czechDay = (day: string) => day.split('-').reverse().join('.');
  const amount = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
  const movement = (id: string, day: string, minor: number | string, vs: string, currency = 'CZK') =>
    `${id};${czechDay(day)};${typeof minor === 'number' ? amount(minor) : minor};${currency};2000145399;Novák Jan;0800;Česká spořitelna, a.s.;;${vs};;Novák Jan;;Bezhotovostní příjem;;;;;`;
  const statement = (lines: string[]) => ['accountId;2000145399', 'bankId;2010', 'currency;CZK', 'iban;CZ6508000000192000145399', '', HEADER, ...lines, ''].join('\r\n');

  it('marks what matches by variable symbol and lists what does not; a second import records nothing twice', async () => {
    const day = today();
    const [matching, underpaid, paidBefore, eur] = await Promise.all([unpaidOrder(), unpaidOrder(), unpaidOrder(), unpaidOrder({ currency: 'EUR' })]);
    await pay(paidBefore, { reference: 'earlier' });
    const file = statement([
      movement('9001', day, matching.totalGross, matching.number),
      movement('9002', day, underpaid.totalGross - 100, underpaid.number),
      movement('9003', day, paidBefore.totalGross, paidBefore.number),
      movement('9004', day, 12_345, '2099000001'),
      movement('9005', day, 5_000, ''),
      movement('9006', day, '-250,00', ''),
      movement('9007', day, eur.totalGross, eur.number),
    ]);
    const parsed = parseFioStatement(file);
    expect(parsed.outgoing).toBe(1);
    const results = await importStatement(app.prisma, parsed);
    expect(results.map((result) => [result.line, result.movementId, result.outcome])).toEqual([
      [7, '9001', 'MARKED'],
      [8, '9002', 'UNDERPAID'],
      [9, '9003', 'ALREADY_PAID'],
      [10, '9004', 'UNKNOWN_ORDER'],
      [11, '9005', 'NO_VARIABLE_SYMBOL'],
      [13, '9007', 'WRONG_CURRENCY'],
    ]);
    expect(results[2]).toMatchObject({ sameReference: false, earlier: { reference: 'earlier' } });
    expect((await stateOf(matching.id)).payment).toMatchObject({ reference: '9001', source: 'bank-import', amount: matching.totalGross });
    expect((await stateOf(underpaid.id)).status).toBe('NEW');

    const again = await importStatement(app.prisma, parseFioStatement(file));
    expect(again.map((result) => result.outcome)).toEqual(Array(6).fill('RECORDED_BEFORE'));
    expect((await stateOf(matching.id)).history).toHaveLength(1);
  });

  it('reads quoted cells and a header in another column order; refuses a file it cannot read, naming the line', () => {
    const quoted = ['"Datum";"VS";"Objem";"Měna";"ID pohybu"', '"27.11.2026";"2026000123";"1 234,50";"CZK";"777"'].join('\n');
    expect(parseFioStatement(quoted).payments).toEqual([{ line: 2, movementId: '777', paidOn: '2026-11-27', amount: 123_450, currency: 'CZK', variableSymbol: '2026000123', account: '', message: '' }]);
    expect(() => parseFioStatement('code;quantity\nX;1')).toThrow(StatementFormatError);
    expect(() => parseFioStatement(statement([movement('1', '2026-11-27', 'dvě stě', '1')]))).toThrow('Line 7: the amount must be like 1234,50, got "dvě stě".');
    expect(() => parseFioStatement(statement(['1;31.02.2026;100,00;CZK;;;;;;1;;;;;;;;;']))).toThrow(/^Line 7: the date/);
  });

  it('a line break in a quoted cell stays in the cell: a payer cannot forge a payment row in her message (issue 40, item 13)', async () => {
    const day = today();
    const order = await unpaidOrder();
    const forged = movement('9999', day, order.totalGross, order.number);
    // one koruna without a variable symbol, whose message (Zpráva pro příjemce) carries a whole movement on a
    // line of its own, and ends so that a line-by-line reader takes the rest of the row for an outgoing payment
    const message = `Díky!\r\n${forged}\r\n0;${czechDay(day)};-0,01`;
    const carrier = `9101;${czechDay(day)};1,00;CZK;2000145399;Novák Jan;0800;Česká spořitelna, a.s.;;;;Novák Jan;"${message}";Bezhotovostní příjem;;;;;`;
    const parsed = parseFioStatement(statement([carrier, movement('9102', day, 5_000, '')]));
    expect(parsed.payments.map((payment) => [payment.line, payment.movementId, payment.amount, payment.variableSymbol])).toEqual([
      [7, '9101', 100, ''],
      [10, '9102', 5_000, ''],
    ]);
    const results = await importStatement(app.prisma, parsed);
    expect(results.map((result) => result.outcome)).toEqual(['NO_VARIABLE_SYMBOL', 'NO_VARIABLE_SYMBOL']);
    expect((await stateOf(order.id)).status).toBe('NEW');
    expect((await stateOf(order.id)).payment).toBeNull();
  });

  it('reads CSV as RFC 4180 does: separators, line breaks and doubled quotes inside quotes; an unclosed quote is refused', () => {
    expect(csvRecords('a;"b;""c""\nd";e\r\n\r\nf', ';')).toEqual([
      { line: 1, cells: ['a', 'b;"c"\nd', 'e'] },
      { line: 3, cells: [''] },
      { line: 4, cells: ['f'] },
    ]);
    expect(() => parseFioStatement(statement([`1;27.11.2026;100,00;CZK;;;;;;1;;;"Zpráva bez konce;;;;;;`]))).toThrow('Line 7: a quoted cell is not closed.');
    expect(() => parseFioStatement(statement([`1;27.11.2026;100,00;CZK;;;;;;1;;;"Zpráva" navíc;;;;;;`]))).toThrow(/^Line 7: text after a quoted cell/);
  });

  it('parses amounts as people and banks write them, exactly', () => {
    expect(['1234.50', '1234,5', '1 234,50', '1\u00a0234', '0.01'].map(parseAmount)).toEqual([123_450, 123_450, 123_450, 123_400, 1]);
    for (const wrong of ['-1', '1.234', '1e3', '', '12,345', 'abc']) expect(parseAmount(wrong), wrong).toBeNaN();
  });
});
