// Bank statements in every format the shop reads (decision 0070): Fio's CSV, ABO/GPC and camt.053,
// each turned into the one statement shape (credits are payments, debits and reversals outgoing, a
// foreign currency kept), with the hostile cases a file may bring: a line break inside a quoted
// message, a wrong encoding, unknown records, a debit, a foreign currency, a document type with
// entities, a duplicate statement and a 10 MB file. Every line is recorded once (BankTransaction, keyed
// by the bank's id): paired, unpaired or ambiguous with the reason (`npm run order -- payments
// --unpaired`), or ignored; a pairing cut off before its line was recorded is finished exactly once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createOrder, type OrderInput } from '../support/factories.ts';
import { camtDocument, camtEntry, gpcFile, gpcHeader, gpcItem, windows1250 } from '../support/statements.ts';
import { parseFioStatement, StatementFormatError } from '../../bff/src/services/bank-statements.ts';
import { parseGpcStatement } from '../../bff/src/services/bank-statement-gpc.ts';
import { parseCamtStatement } from '../../bff/src/services/bank-statement-camt.ts';
import { detectStatementFormat, parseStatementBytes, readStatementFile, STATEMENT_MAX_BYTES } from '../../bff/src/services/bank-statement-files.ts';
import { importStatement } from '../../bff/src/services/bank-transactions.ts';
import { markOrderPaid } from '../../bff/src/services/order-payments.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { orderCommand } from '../../scripts/order.ts';
import { pragueDay } from '../../schema/rules/dates.ts';

let app: TestApp;
let dir: string;

beforeAll(async () => {
  app = await createTestApp();
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-statements-'));
});

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const DAY_MS = 24 * 3600_000;
const today = () => pragueDay(new Date());
const unpaidOrder = (input: OrderInput = {}) => createOrder(app.prisma, { createdAt: new Date(Date.now() - DAY_MS), ...input });
let nextId = 70_000_000;
const newId = () => String(nextId++);
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The recorded line of a bank id: state, reason and order. */
async function recorded(bankId: string) {
  const row = await app.prisma.bankTransaction.findUnique({ where: { bankId }, include: { order: { select: { number: true } } } });
  return row && { state: row.state, reason: row.reason, order: row.order?.number ?? null, amount: row.amount, currency: row.currency };
}

describe('ABO/GPC statements', () => {
  const day = '2026-11-27';

  it('reads credits as payments, a debit and reversals as outgoing, a foreign currency as it is, names in windows-1250', () => {
    const statement = parseGpcStatement(
      gpcFile([
        gpcHeader(day),
        gpcItem({ id: '26662142344', amount: 123_450, day, vs: '2026000123', name: 'Dvořáková Žofie' }),
        '076' + ' '.repeat(125),
        '078Objednávka 2026000123'.padEnd(128),
        '079' + ' '.repeat(125),
        gpcItem({ id: '26662142345', amount: 250_000, day, code: '1', vs: '20261105' }),
        gpcItem({ id: '26662142346', amount: 10_000, day, code: '4' }),
        gpcItem({ id: '26662142347', amount: 5_000, day, vs: '2026000124', currency: '0840' }),
        gpcItem({ id: '26662142348', amount: 7_000, day, vs: '2026000125', currency: '0978' }),
      ]),
    );
    expect(statement.payments).toEqual([
      { line: 2, movementId: '26662142344', paidOn: day, amount: 123_450, currency: 'CZK', variableSymbol: '2026000123', account: '2000145399/0800', message: 'Dvořáková Žofie' },
      expect.objectContaining({ line: 8, movementId: '26662142347', currency: 'USD', variableSymbol: '2026000124' }),
      expect.objectContaining({ line: 9, movementId: '26662142348', currency: 'EUR', amount: 7_000 }),
    ]);
    expect(statement.outgoing).toBe(2);
    expect(statement.outgoingLines.map((line) => [line.movementId, line.amount])).toEqual([
      ['26662142345', 250_000],
      ['26662142346', 10_000],
    ]);
    expect(detectStatementFormat(gpcFile([gpcHeader(day)]))).toBe('gpc');
  });

  it('refuses an unknown record type, an item before the header, a file saved in UTF-8 and broken fields, naming the line', () => {
    const item = gpcItem({ id: '1', amount: 100, day, vs: '1' });
    const refusal = (records: string[] | Uint8Array) => {
      try {
        parseGpcStatement(records instanceof Uint8Array ? records : gpcFile(records));
      } catch (error) {
        expect(error).toBeInstanceOf(StatementFormatError);
        return (error as Error).message;
      }
      return 'read';
    };
    expect(refusal([gpcHeader(day), item, '099' + ' '.repeat(125)])).toBe('Line 3: unknown record type "099"; a GPC statement has the records 074 and 075 (and 076, 078, 079).');
    expect(refusal([item])).toBe('Line 1: an item (075) before the statement\'s header (074).');
    // the same statement saved in UTF-8: a Czech letter takes two bytes, so the record is too long
    expect(refusal(utf8(`${gpcHeader(day)}\r\n${gpcItem({ id: '2', amount: 100, day, vs: '1', name: 'Dvořáková' })}\r\n`))).toBe(
      'Line 1: a GPC record has 128 bytes, this one 129; is the file in windows-1250, as banks write GPC?',
    );
    expect(refusal(new Uint8Array([0xef, 0xbb, 0xbf, ...gpcFile([gpcHeader(day), item])]))).toMatch(/^The GPC file is saved in UTF-8/);
    expect(refusal([gpcHeader(day), item.slice(0, 48) + 'dvesteeeeeee' + item.slice(60)])).toMatch(/^Line 2: positions 49–60 must be the amount/);
    expect(refusal([gpcHeader(day), item.slice(0, 60) + '7' + item.slice(61)])).toMatch(/^Line 2: position 61 must be the posting code/);
    expect(refusal([gpcHeader(day), item.slice(0, 91) + '311326' + item.slice(97)])).toMatch(/^Line 2: positions 92–97 must be the value date/);
    expect(refusal([gpcHeader(day), item.slice(0, 35) + '0'.repeat(13) + item.slice(48)])).toMatch(/^Line 2: the movement has no id/);
    expect(refusal(['hello'])).toMatch(/^Line 1: unknown record type "hel"/);
  });
});

describe('camt.053 statements', () => {
  const day = '2026-11-27';

  it('reads booked entries: credits as payments with the VS of their reference, debits outgoing, a foreign currency kept, pending ones left out', () => {
    const statement = parseCamtStatement(
      camtDocument([
        camtEntry({ ref: '26662142344', amount: '1234.50', day, endToEnd: 'VS2026000123', message: 'Objednávka &amp; díky', payer: 'Dvořáková Žofie' }),
        camtEntry({ ref: '26662142345', amount: '2500.00', day, credit: false, endToEnd: '/VS20261105/SS/KS0308' }),
        camtEntry({ ref: '26662142346', amount: '50', currency: 'USD', day, endToEnd: '/VS2026000124/SS123' }),
        camtEntry({ ref: '26662142347', amount: '99.00', day, status: 'PDNG', endToEnd: 'VS2026000125' }),
        camtEntry({ ref: '26662142348', amount: '10.00', day, endToEnd: 'NOTPROVIDED', message: '<![CDATA[zpráva <s> ostrými]]>' }),
      ]),
    );
    expect(statement.payments).toEqual([
      { line: 11, movementId: '26662142344', paidOn: day, amount: 123_450, currency: 'CZK', variableSymbol: '2026000123', account: '2000145399/0800', message: 'Dvořáková Žofie, Objednávka & díky' },
      expect.objectContaining({ movementId: '26662142346', amount: 5_000, currency: 'USD', variableSymbol: '2026000124' }),
      expect.objectContaining({ movementId: '26662142348', variableSymbol: '', message: 'Novák Jan, zpráva <s> ostrými' }),
    ]);
    expect(statement.outgoingLines.map((line) => [line.movementId, line.amount, line.variableSymbol])).toEqual([['26662142345', 250_000, '20261105']]);
    expect(detectStatementFormat(utf8(camtDocument([])))).toBe('camt053');
  });

  it('refuses a document type (external entities, entity bombs) without reading anything it names, and XML that is not a statement', () => {
    const secret = path.join(dir, 'secret.txt');
    writeFileSync(secret, '2026000123');
    const external = camtDocument(
      [camtEntry({ ref: '1', amount: '1.00', day, endToEnd: 'VS&xxe;' })],
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file://${secret}">]>`,
    );
    expect(() => parseCamtStatement(external)).toThrow('Line 2: a camt.053 statement has no document type declaration (<!DOCTYPE …>); the file is refused.');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Document>&lol2;</Document>`;
    expect(() => parseCamtStatement(bomb)).toThrow(StatementFormatError);
    // an entity no document declared is an error, not an empty string
    expect(() => parseCamtStatement(camtDocument([camtEntry({ ref: '1', amount: '1.00', day, endToEnd: 'VS&xxe;' })]))).toThrow(/^Not a readable XML file/);
    expect(() => parseCamtStatement('<Document><BkToCstmrStmt><Stmt><Ntry>')).toThrow(/^Not a readable XML file/);
    expect(() => parseCamtStatement('<Document><CstmrCdtTrfInitn/></Document>')).toThrow('Not a camt.053 statement: no Document/BkToCstmrStmt.');
    expect(() => parseCamtStatement(camtDocument([camtEntry({ ref: '1', amount: 'sto', day })]))).toThrow(/^Line \d+: Amt must be an amount like 1234.50, got "sto"\.$/);
    expect(() => parseCamtStatement(camtDocument([camtEntry({ ref: '', amount: '1.00', day })]))).toThrow(/^Line \d+: the movement has no id/);
  });

  it('reads UTF-8 only: a windows-1250 file or one declaring another encoding is refused', () => {
    const document = camtDocument([camtEntry({ ref: '1', amount: '1.00', day, payer: 'Dvořáková' })]);
    expect(() => parseStatementBytes(windows1250(document), 'camt053')).toThrow('The camt.053 file is not in UTF-8 (perhaps windows-1250); export it from the bank again in UTF-8.');
    expect(() => parseStatementBytes(utf8(document.replace('encoding="UTF-8"', 'encoding="windows-1250"')))).toThrow('The camt.053 file says it is in windows-1250; only UTF-8 is read.');
    expect(parseStatementBytes(utf8(document)).payments[0].message).toBe('Dvořáková');
  });
});

describe('Fio CSV statements', () => {
  const HEADER = 'ID pohybu;Datum;Objem;Měna;Protiúčet;Název protiúčtu;Kód banky;Název banky;KS;VS;SS;Uživatelská identifikace;Zpráva pro příjemce;Typ;Provedl;Upřesnění;Komentář;BIC;ID pokynu';
  const csv = (lines: string[]) => ['accountId;2300154801', 'bankId;2010', '', HEADER, ...lines, ''].join('\r\n');

  it('a line break inside a quoted message stays in the message: no forged payment row (security finding N8)', () => {
    const forged = '66601;27.11.2026;1234,50;CZK;;;;;;2026000123;;;;Bezhotovostní příjem;;;;;';
    const statement = parseFioStatement(csv([`66600;27.11.2026;1,00;CZK;2000145399;Novák Jan;0800;;;;;;"ahoj\r\n${forged}\r\n";Bezhotovostní příjem;;;;;`]));
    expect(statement.payments.map((payment) => [payment.movementId, payment.amount, payment.variableSymbol])).toEqual([['66600', 100, '']]);
    expect(statement.payments[0].message).toBe(`Novák Jan, ahoj ${forged}`);
  });

  it('keeps a foreign currency, counts a debit, refuses a windows-1250 file and a movement without its id', () => {
    const statement = parseFioStatement(csv(['66610;27.11.2026;50,00;USD;;;;;;2026000123;;;;;;;;;', '66611;27.11.2026;-20,00;CZK;;;;;;;;;;;;;;;']));
    expect(statement.payments.map((payment) => [payment.movementId, payment.currency])).toEqual([['66610', 'USD']]);
    expect(statement.outgoingLines.map((line) => [line.movementId, line.amount])).toEqual([['66611', 2_000]]);
    expect(() => parseStatementBytes(windows1250(csv(['66612;27.11.2026;1,00;CZK;;Dvořák;;;;1;;;;;;;;;'])))).toThrow('The CSV file is not in UTF-8 (perhaps windows-1250); export it from the bank again in UTF-8.');
    expect(() => parseFioStatement(csv([';27.11.2026;1,00;CZK;;;;;;1;;;;;;;;;']))).toThrow(/^Line 5: the movement has no id/);
    expect(detectStatementFormat(utf8(csv([])))).toBe('csv');
  });
});

describe('a statement file over the limit', () => {
  it('is refused before it is read, with the size and what to do, in every format', async () => {
    const file = path.join(dir, 'huge.gpc');
    // 10 MB of GPC items: a hostile or mistaken file
    const item = `${gpcItem({ id: '1', amount: 100, day: '2026-11-27', vs: '1' })}\r\n`;
    writeFileSync(file, Buffer.alloc(10 * 1024 * 1024, item));
    await expect(readStatementFile(file)).rejects.toThrow('The file has 10.0 MB; a statement of at most 5.0 MB is read. Export a shorter period.');
    await expect(readStatementFile(file, 'camt053')).rejects.toThrow(StatementFormatError);
    expect(() => parseStatementBytes(new Uint8Array(STATEMENT_MAX_BYTES + 1), 'csv')).toThrow(/^The file has 5\.0 MB; a statement of at most 5\.0 MB/);
  });
});

describe(`every statement line recorded once (${databaseKind})`, () => {
  it('pairs, lists what is not paired with the reason, ignores outgoing money; a duplicate statement changes nothing', async () => {
    const day = today();
    const [matching, underpaid, paidBefore, dollars] = await Promise.all([unpaidOrder(), unpaidOrder(), unpaidOrder(), unpaidOrder()]);
    await markOrderPaid(app.prisma, { orderNumber: paidBefore.number, amount: paidBefore.totalGross, currency: 'CZK', reference: 'by-hand', source: 'command' });
    const ids = Array.from({ length: 7 }, newId);
    const bytes = gpcFile([
      gpcHeader(day),
      gpcItem({ id: ids[0], amount: matching.totalGross, day, vs: matching.number }),
      gpcItem({ id: ids[1], amount: underpaid.totalGross - 1, day, vs: underpaid.number }),
      gpcItem({ id: ids[2], amount: paidBefore.totalGross, day, vs: paidBefore.number }),
      gpcItem({ id: ids[3], amount: 9_900, day, vs: '2099000003' }),
      gpcItem({ id: ids[4], amount: 9_900, day }),
      gpcItem({ id: ids[5], amount: dollars.totalGross, day, vs: dollars.number, currency: '0840' }),
      gpcItem({ id: ids[6], amount: 1_000, day, code: '1' }),
    ]);
    const first = await importStatement(app.prisma, parseStatementBytes(bytes));
    expect(first.map((result) => result.outcome)).toEqual(['MARKED', 'UNDERPAID', 'ALREADY_PAID', 'UNKNOWN_ORDER', 'NO_VARIABLE_SYMBOL', 'WRONG_CURRENCY']);
    expect(await Promise.all(ids.map(recorded))).toEqual([
      { state: 'PAIRED', reason: '', order: matching.number, amount: matching.totalGross, currency: 'CZK' },
      { state: 'UNPAIRED', reason: 'UNDERPAID', order: null, amount: underpaid.totalGross - 1, currency: 'CZK' },
      { state: 'AMBIGUOUS', reason: 'PAID_BEFORE', order: null, amount: paidBefore.totalGross, currency: 'CZK' },
      { state: 'UNPAIRED', reason: 'UNKNOWN_ORDER', order: null, amount: 9_900, currency: 'CZK' },
      { state: 'UNPAIRED', reason: 'NO_VARIABLE_SYMBOL', order: null, amount: 9_900, currency: 'CZK' },
      { state: 'UNPAIRED', reason: 'WRONG_CURRENCY', order: null, amount: dollars.totalGross, currency: 'USD' },
      { state: 'IGNORED', reason: 'OUTGOING', order: null, amount: -1_000, currency: 'CZK' },
    ]);
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: dollars.id } })).status).toBe('NEW');

    const snapshot = async () => ({
      rows: await app.prisma.bankTransaction.findMany({ where: { bankId: { in: ids } }, orderBy: { id: 'asc' } }),
      changes: await app.prisma.orderStatusChange.count({ where: { orderId: { in: [matching.id, underpaid.id, paidBefore.id, dollars.id] } } }),
      mails: await app.prisma.mailOutbox.count({ where: { kind: 'paymentReceived' } }),
    });
    const before = await snapshot();
    const again = await importStatement(app.prisma, parseStatementBytes(bytes));
    expect(again.map((result) => result.outcome)).toEqual(Array(6).fill('RECORDED_BEFORE'));
    expect(await snapshot()).toEqual(before);
  });

  it('the same movement in a CSV, a GPC and a camt.053 statement is recorded once, by the bank’s id', async () => {
    const day = today();
    const order = await unpaidOrder();
    const id = newId();
    const czech = `${Math.floor(order.totalGross / 100)},${String(order.totalGross % 100).padStart(2, '0')}`;
    const csvText = ['ID pohybu;Datum;Objem;Měna;VS', `${id};${day.split('-').reverse().join('.')};${czech};CZK;${order.number}`].join('\n');
    const results = [
      await importStatement(app.prisma, parseStatementBytes(utf8(csvText))),
      await importStatement(app.prisma, parseStatementBytes(gpcFile([gpcHeader(day), gpcItem({ id, amount: order.totalGross, day, vs: order.number })]))),
      await importStatement(app.prisma, parseStatementBytes(utf8(camtDocument([camtEntry({ ref: id, amount: (order.totalGross / 100).toFixed(2), day, endToEnd: `VS${order.number}` })])))),
    ];
    expect(results.map(([result]) => result.outcome)).toEqual(['MARKED', 'RECORDED_BEFORE', 'RECORDED_BEFORE']);
    expect(await app.prisma.bankTransaction.count({ where: { bankId: id } })).toBe(1);
    expect(await app.prisma.bankTransaction.findUniqueOrThrow({ where: { bankId: id } })).toMatchObject({ source: 'csv', state: 'PAIRED', orderId: order.id });
  });

  it('a pairing cut off before its line was recorded is finished on the next import, the order paid once', async () => {
    const day = today();
    const order = await unpaidOrder();
    const id = newId();
    // the crash: markOrderPaid committed (the order is paid by this movement), the line's row was never written
    await markOrderPaid(app.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', paidOn: day, reference: id, source: 'bank-import' });
    expect(await recorded(id)).toBeNull();
    const [result] = await importStatement(app.prisma, parseStatementBytes(gpcFile([gpcHeader(day), gpcItem({ id, amount: order.totalGross, day, vs: order.number })])));
    expect(result).toMatchObject({ outcome: 'ALREADY_PAID', sameReference: true });
    expect(await recorded(id)).toMatchObject({ state: 'PAIRED', order: order.number });
    expect(await app.prisma.orderStatusChange.count({ where: { orderId: order.id } })).toBe(1);
    expect(await app.prisma.orderPayment.count({ where: { orderId: order.id } })).toBe(1);
  });
});

describe(`npm run order -- import-payments <GPC|camt.053> and payments --unpaired (${databaseKind})`, () => {
  async function order(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
    const code = await runShopCommand(orderCommand, args, { DATABASE_URL: app.databaseUrl, DATA_DIR: dir });
    vi.restoreAllMocks();
    const mine = out.filter((line) => !line.startsWith('E-mails go to') && !line.startsWith('[mail] '));
    return { code, out: mine.join('\n').replaceAll('\u00a0', ' '), err: err.join('\n') };
  }

  it('recognises the format (or takes --format), pairs, and lists the lines to check with their reason', async () => {
    const day = today();
    const [paid, short] = [await unpaidOrder(), await unpaidOrder()];
    const [a, b, c] = [newId(), newId(), newId()];
    const gpc = path.join(dir, 'vypis.gpc');
    writeFileSync(gpc, gpcFile([gpcHeader(day), gpcItem({ id: a, amount: paid.totalGross, day, vs: paid.number }), gpcItem({ id: b, amount: 500, day, vs: short.number, name: 'Dvořáková Žofie' })]));
    const imported = await order(['import-payments', gpc]);
    expect(imported.code).toBe(0);
    expect(imported.out.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^PAID {5}line 2: VS ${paid.number}, .*: order ${paid.number} marked paid\\.$`)),
      expect.stringMatching(new RegExp(`^CHECK {4}line 3: VS ${short.number}, CZK 5\\.00 on ${day}: Order ${short.number} costs .* missing\\. The order stays unpaid\\.$`)),
      '2 incoming payments: 1 marked paid, 1 to check by hand.',
    ]);
    const camt = path.join(dir, 'vypis.xml');
    writeFileSync(camt, camtDocument([camtEntry({ ref: c, amount: '12.00', currency: 'USD', day, endToEnd: `VS${short.number}` })]));
    expect((await order(['import-payments', '--format', 'camt053', camt])).out).toContain('CHECK    line 11: VS');
    expect(await order(['import-payments', '--format=gpc', camt])).toMatchObject({ code: 2, err: expect.stringContaining('unknown record type') });
    expect(await order(['import-payments', '--format', 'pdf', camt])).toMatchObject({ code: 2, err: expect.stringContaining('--format must be csv, gpc, camt053, got "pdf"') });

    const unpaired = await order(['payments', '--unpaired']);
    expect(unpaired.code).toBe(0);
    const lines = unpaired.out.split('\n');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${day}  UNPAIRED UNDERPAID .*CZK 5\\.00  VS ${short.number}  id ${b}  "Dvořáková Žofie"  Order ${short.number} costs .* missing\\. The order stays unpaid\\.$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${day}  UNPAIRED WRONG_CURRENCY .*USD 12\\.00  VS ${short.number}  id ${c} .*The payment is in USD`)));
    expect(unpaired.out).not.toContain(`id ${a} `);
    expect(lines.at(-1)).toMatch(/^\d+ statement lines to check by hand\.$/);
    expect((await order(['payments'])).out).toMatch(new RegExp(`PAIRED .* id ${a} .*order ${paid.number}`));
    expect(await order(['payments', '--all'])).toMatchObject({ code: 2 });
  });
});
