// `npm run order -- paid …` and `npm run order -- import-payments <file.csv>` (decision 0046): the shop
// owner records payments with the server's configuration from the environment. The command's main
// function runs in this process against the test app's database, as `npm run ticket`'s test does; the
// gate's `npm run ticket -- verify` says VALID instead of NOT PAID once the order is paid.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createMatch } from '../support/tickets.ts';
import { createOrder, createProduct } from '../support/factories.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { orderCommand } from '../../scripts/order.ts';
import { ticketCommand } from '../../scripts/ticket.ts';
import { ticketCode } from '../../bff/src/services/ticket-codes.ts';
import { pragueDay } from '../../schema/rules/dates.ts';
import { decimalAmount, formatMoney } from '../../schema/rules/money.ts';

const KEY = 'order-command-test-key-0123456789abcdef';
const DAY_MS = 24 * 3600_000;

let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  app = await createTestApp({ config: { ticketSecret: KEY } });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-order-command-'));
});

afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The mail sender's own lines (where e-mails go, each one sent), as `npm run stock` prints them too. */
const isMailerLog = (line: string) => line.startsWith('E-mails go to') || line.startsWith('[mail] ');

/** Runs a command with the shop's environment; its exit code and what it printed. */
async function command(definition: typeof orderCommand | typeof ticketCommand, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const env = { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir, TICKET_HMAC_KEY: KEY };
  const code = await runShopCommand(definition as typeof orderCommand, args, env);
  vi.restoreAllMocks();
  return { code, out: out.filter((line) => !isMailerLog(line)).join('\n'), err: err.join('\n') };
}

const order = (args: string[]) => command(orderCommand, args);

/** A bank-transfer order placed yesterday. */
const unpaidOrder = (language: 'cs' | 'en' = 'cs') => createOrder(app.prisma, { language, createdAt: new Date(Date.now() - DAY_MS) });

describe(`npm run order -- paid (${databaseKind})`, () => {
  it('marks an order paid and sends the e-mail; the second time it says so and changes nothing', async () => {
    const placed = await unpaidOrder();
    const amount = decimalAmount(placed.totalGross);
    const shown = formatMoney(placed.totalGross, 'CZK', 'en');
    const date = pragueDay(new Date());
    const first = await order(['paid', placed.number, '--amount', amount, '--currency', 'czk', '--date', date, '--reference', 'FIO 26662142344']);
    expect(first).toEqual({ code: 0, out: `PAID: order ${placed.number}, ${shown} on ${date}, reference FIO 26662142344. The customer is told by e-mail.`, err: '' });
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: placed.id } })).status).toBe('PAID');
    // the command delivered the e-mail itself
    expect((await app.prisma.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: `paymentReceived:${placed.id}` } })).status).toBe('SENT');
    // without SMTP_URL as an .eml file under DATA_DIR/mail
    expect(readdirSync(path.join(dataDir, 'mail')).filter((file) => file.endsWith('.eml'))).toHaveLength(1);

    const again = await order(['paid', placed.number, `--amount=${amount}`, '--currency=CZK']);
    expect(again).toEqual({ code: 0, out: `ALREADY PAID: order ${placed.number} was paid before (${shown} on ${date}, reference FIO 26662142344); nothing changed.`, err: '' });
    expect(await app.prisma.orderStatusChange.count({ where: { orderId: placed.id } })).toBe(1);
  });

  it('says an overpayment is to be returned, and refuses an underpayment with exit code 2, nothing changed', async () => {
    const over = await unpaidOrder();
    const result = await order(['paid', over.number, '--amount', decimalAmount(over.totalGross + 1_000), '--currency', 'CZK']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('OVERPAID by CZK\u00a010.00: return the difference to the customer.');

    const under = await unpaidOrder();
    const refused = await order(['paid', under.number, '--amount', '100', '--currency', 'CZK']);
    expect(refused).toMatchObject({ code: 2, out: '' });
    expect(refused.err).toBe(`order: Order ${under.number} costs ${formatMoney(under.totalGross, 'CZK', 'en')}, the payment is CZK\u00a0100.00: ${formatMoney(under.totalGross - 10_000, 'CZK', 'en')} missing. The order stays unpaid.`);
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: under.id }, include: { payment: true } }))).toMatchObject({ status: 'NEW', payment: null });
  });

  it('answers a wrong command line with its usage and exit code 2', async () => {
    expect(await order(['paid', '2026000001', '--currency', 'CZK'])).toMatchObject({ code: 2, err: expect.stringContaining('paid needs --amount') });
    expect(await order(['paid', '2026000001', '--amount', '12.345', '--currency', 'CZK'])).toMatchObject({ code: 2, err: expect.stringContaining('--amount must be') });
    expect(await order(['paid', '2026000001', '--amount', '12', '--currency', 'USD'])).toMatchObject({ code: 2, err: expect.stringContaining('--currency must be CZK or EUR') });
    expect(await order(['paid', '2026000001', '--amount', '12', '--currency', 'CZK', '--date', '27.11.2026'])).toMatchObject({ code: 2, err: expect.stringContaining('YYYY-MM-DD') });
    expect(await order(['paid', '--amount', '12', '--currency', 'CZK'])).toMatchObject({ code: 2, err: expect.stringContaining('paid needs one order number') });
    expect(await order(['refund', 'x'])).toMatchObject({ code: 2, err: expect.stringContaining('Usage:') });
    expect((await order(['help'])).out).toContain('npm run order -- import-payments <file> [--format <csv|gpc|camt053>]');
  });

  it('after the payment the gate lets the order’s ticket in: NOT PAID before, VALID after', async () => {
    const match = await createMatch(app.prisma);
    const placed = await unpaidOrder();
    const row = await app.prisma.ticket.create({
      data: { orderId: placed.id, eventId: match.event.id, seat: 7, section: 'L', row: '1', number: 8, categoryCode: 'A', priceGross: 40_000, vatRate: 12 },
    });
    const code = ticketCode({ ticketSecret: KEY, sessionSecret: null, dataDir: 'memory://' }, { ticketId: row.id, eventId: match.event.id, seat: 7, orderId: placed.id });
    expect((await command(ticketCommand, ['verify', code])).err).toMatch(/^ticket: NOT PAID: /);
    expect((await order(['paid', placed.number, '--amount', decimalAmount(placed.totalGross), '--currency', 'CZK'])).code).toBe(0);
    expect(await command(ticketCommand, ['verify', code])).toMatchObject({ code: 0, out: expect.stringMatching(/^VALID: /) });
  });
});

describe(`npm run order -- import-payments (${databaseKind})`, () => {
  const HEADER = 'ID pohybu;Datum;Objem;Měna;Protiúčet;Název protiúčtu;Kód banky;Název banky;KS;VS;SS;Uživatelská identifikace;Zpráva pro příjemce;Typ;Provedl;Upřesnění;Komentář;BIC;ID pokynu';
  const czech = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
  const line = (id: string, minor: number | string, vs: string) =>
    `${id};${pragueDay(new Date()).split('-').reverse().join('.')};${typeof minor === 'number' ? czech(minor) : minor};CZK;2000145399;Novák Jan;0800;;;${vs};;;;Bezhotovostní příjem;;;;;`;
  function statementFile(lines: string[]): string {
    const file = path.join(dataDir, `vypis-${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(file, ['accountId;2000145399', 'bankId;2010', 'currency;CZK', '', HEADER, ...lines, ''].join('\n'));
    return file;
  }

  it('marks what matches, lists what does not, and a second import of the same file records nothing', async () => {
    const [matching, underpaid, paidBefore] = [await unpaidOrder(), await unpaidOrder(), await unpaidOrder()];
    await order(['paid', paidBefore.number, '--amount', decimalAmount(paidBefore.totalGross), '--currency', 'CZK']);
    const file = statementFile([
      line('501', matching.totalGross, matching.number),
      line('502', underpaid.totalGross - 1, underpaid.number),
      line('503', paidBefore.totalGross, paidBefore.number),
      line('504', 9_900, '2099000002'),
      line('505', 9_900, ''),
      line('506', '-120,00', ''),
    ]);
    const first = await order(['import-payments', file]);
    expect(first.code).toBe(0);
    expect(first.out.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^PAID {5}line 6: VS ${matching.number}, .*: order ${matching.number} marked paid\\.$`)),
      expect.stringMatching(new RegExp(`^CHECK {4}line 7: VS ${underpaid.number}, .*: Order ${underpaid.number} costs .*: CZK\u00a00\\.01 missing\\. The order stays unpaid\\.$`)),
      expect.stringMatching(new RegExp(`^CHECK {4}line 8: .*: order ${paidBefore.number} was paid before .*; if this is a second payment, return it\\.$`)),
      expect.stringMatching(/^CHECK {4}line 9: VS 2099000002, .*: No order has the number 2099000002\.$/),
      expect.stringMatching(/^CHECK {4}line 10: VS -, .*: no variable symbol; match it by hand/),
      '5 incoming payments: 1 marked paid, 4 to check by hand; 1 outgoing skipped.',
    ]);
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: matching.id } })).status).toBe('PAID');
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: underpaid.id } })).status).toBe('NEW');

    const second = await order(['import-payments', file]);
    expect(second.out.split('\n').slice(0, 5)).toEqual(Array(5).fill(expect.stringMatching(/^SKIPPED {2}line \d+: .*: recorded before \(this statement line was imported already\)\.$/)));
    expect(second.out).toContain('5 incoming payments: 0 marked paid, 0 to check by hand, 5 imported before; 1 outgoing skipped.');
    expect(await app.prisma.orderStatusChange.count({ where: { orderId: matching.id } })).toBe(1);
  });

  it('refuses a file it cannot read, changing nothing; a missing file is exit code 2', async () => {
    const placed = await unpaidOrder();
    const file = statementFile([line('601', placed.totalGross, placed.number), line('602', 'sto', placed.number)]);
    expect(await order(['import-payments', file])).toMatchObject({ code: 2, err: 'order: Line 7: the amount must be like 1234,50, got "sto".' });
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: placed.id } })).status).toBe('NEW');
    const notFio = path.join(dataDir, 'stock.csv');
    writeFileSync(notFio, 'DR-1001-RED-XL,3\n');
    expect(await order(['import-payments', notFio])).toMatchObject({ code: 2, err: expect.stringContaining('Not a Fio CSV statement') });
    expect((await order(['import-payments', path.join(dataDir, 'missing.csv')])).code).toBe(2);
  });
});

describe(`docs/payments.md (${databaseKind})`, () => {
  const guide = readFileSync(path.resolve(import.meta.dirname, '../../docs/payments.md'), 'utf8');
  const blocks = [...guide.matchAll(/^( *)```(\w+)\n([\s\S]*?)^\1```$/gm)].map(([, indent, lang, body]) => ({
    lang,
    body: body.split('\n').map((line) => line.slice(indent.length)).join('\n').trim(),
  }));
  const ofKind = (lang: string) => blocks.filter((block) => block.lang === lang).map((block) => block.body);
  /** What a command printed, as the guide writes it (plain spaces for the no-break ones in amounts). */
  const plain = (text: string) => text.replaceAll('\u00a0', ' ');
  /** The guide's command line as arguments after `npm run order --`. */
  const argsOf = (line: string) => line.replace(/^npm run order -- /, '').split(' ');

  /** Orders 2026000123 and 2026000124 of CZK 1,234.50, placed a week before the guide's day. */
  async function guideOrders() {
    await app.prisma.order.deleteMany({ where: { number: { in: ['2026000123', '2026000124'] } } });
    for (const number of ['2026000123', '2026000124']) {
      await createOrder(app.prisma, { number, lines: [{ unitPriceGross: 123_450 }], deliveryPrice: 0, createdAt: new Date('2026-11-20T10:00:00Z') });
    }
  }

  it('its examples run as written and print what it shows', async () => {
    const [paidLine, importLine] = ofKind('sh');
    const [paidOut, underpaidOut, alreadyOut, importOut] = ofKind('text');
    expect(paidLine).toMatch(/^npm run order -- paid 2026000123 /);
    expect(importLine).toBe('npm run order -- import-payments vypis-2026-11-27.csv');

    await guideOrders();
    const paid = await order(argsOf(paidLine));
    expect({ code: paid.code, out: plain(paid.out) }).toEqual({ code: 0, out: paidOut });
    const under = await order(['paid', '2026000124', '--amount', '1000', '--currency', 'CZK']);
    expect({ code: under.code, err: plain(under.err) }).toEqual({ code: 2, err: underpaidOut });
    expect(plain((await order(argsOf(paidLine))).out)).toBe(alreadyOut);

    await guideOrders();
    // the guide's shop has recorded no statement lines but these
    await app.prisma.bankTransaction.deleteMany();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-payments-guide-'));
    try {
      writeFileSync(path.join(dir, 'vypis-2026-11-27.csv'), `${ofKind('csv')[0]}\n`);
      const imported = await order(['import-payments', path.join(dir, argsOf(importLine)[1])]);
      expect({ code: imported.code, out: plain(imported.out) }).toEqual({ code: 0, out: importOut });

      // GPC and camt.053 (decision 0070): the next day's camt.053 statement, then the lines to check
      const [camtLine, unpairedLine] = ofKind('sh').slice(2);
      const [camtOut, unpairedOut] = ofKind('text').slice(4);
      expect(camtLine).toBe('npm run order -- import-payments vypis-2026-11-28.xml');
      writeFileSync(path.join(dir, 'vypis-2026-11-28.xml'), `${ofKind('xml')[0]}\n`);
      const camt = await order(['import-payments', path.join(dir, argsOf(camtLine)[1])]);
      expect({ code: camt.code, out: plain(camt.out) }).toEqual({ code: 0, out: camtOut });
      expect(unpairedLine).toBe('npm run order -- payments --unpaired');
      const unpaired = await order(argsOf(unpairedLine));
      expect({ code: unpaired.code, out: plain(unpaired.out) }).toEqual({ code: 0, out: unpairedOut });
      // the same statements again change nothing
      const again = await order(['import-payments', path.join(dir, 'vypis-2026-11-28.xml')]);
      expect(plain(again.out).split('\n').at(-1)).toBe('2 incoming payments: 0 marked paid, 0 to check by hand, 2 imported before; 1 outgoing skipped.');
      expect(plain((await order(argsOf(unpairedLine))).out)).toBe(unpairedOut);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe(`npm run order -- withdrawals / withdrawal (${databaseKind})`, () => {
  it('lists an open withdrawal, records the goods back (stock once) and the refund, each e-mail delivered by the command; wrong input exits 2', async () => {
    const product = await createProduct(app.prisma, { variants: [{ size: 'L', stock: 3 }] });
    const placed = await createOrder(app.prisma, { lines: [{ variant: product.variants[0], name: 'Dres na vrácení', quantity: 2 }] });
    const [line] = await app.prisma.orderLine.findMany({ where: { orderId: placed.id } });
    const withdrawal = await app.prisma.withdrawal.create({
      data: {
        orderId: placed.id,
        state: 'CONFIRMED',
        language: 'cs',
        name: 'Jiřina Šťastná',
        email: placed.email,
        refundAccount: '19-2000145399/0800',
        receivedAt: new Date(),
        items: { create: [{ orderLineId: line.id, quantity: 2 }] },
      },
    });
    const listed = await order(['withdrawals']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`#${withdrawal.id}  CONFIRMED      order ${placed.number}`);
    expect(listed.out).toContain('2× ' + product.variants[0].code + ' Dres na vrácení');

    expect(await order(['withdrawal', String(withdrawal.id), 'received'])).toMatchObject({ code: 0, out: expect.stringContaining(`RECEIVED: withdrawal #${withdrawal.id}`) });
    expect(await order(['withdrawal', String(withdrawal.id), 'received'])).toMatchObject({ code: 0, out: expect.stringContaining('ALREADY RECEIVED') });
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: product.variants[0].id } })).stock).toBe(5);
    expect((await app.prisma.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: `withdrawalGoodsReceived:${withdrawal.id}` } })).status).toBe('SENT');

    // the refund is its credit note's total: the whole order is withdrawn, so its delivery and fees too
    const refused = await order(['withdrawal', String(withdrawal.id), 'refunded', '--amount', '999999']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/credit note for the withdrawn goods comes to .*nothing recorded/);
    expect(await app.prisma.creditNote.count({ where: { orderId: placed.id } })).toBe(0);
    const refunded = await order(['withdrawal', String(withdrawal.id), 'refunded']);
    expect(refunded).toMatchObject({ code: 0, out: expect.stringMatching(new RegExp(`REFUNDED: withdrawal #${withdrawal.id} .*credit note D\\d{10}`)) });
    const note = await app.prisma.creditNote.findFirstOrThrow({ where: { orderId: placed.id } });
    expect(note.totalGross).toBe(-placed.totalGross);
    expect((await app.prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawal.id } })).refundAmount).toBe(placed.totalGross);
    expect((await app.prisma.mailOutbox.findFirstOrThrow({ where: { kind: 'creditNote', recipient: placed.email } })).status).toBe('SENT');
    expect((await app.prisma.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: `withdrawalRefunded:${withdrawal.id}` } })).status).toBe('SENT');
    expect((await order(['withdrawals'])).out).not.toContain(`#${withdrawal.id} `);
    expect((await order(['withdrawal', '999999', 'received'])).code).toBe(2);
  });
});
