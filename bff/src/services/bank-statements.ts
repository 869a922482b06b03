// Importing a bank statement (decision 0046): `npm run order -- import-payments <file.csv>` reads the
// incoming payments of a statement in Fio banka's CSV (what its API's transactions .csv and its
// internet banking's export give: a few "key;value" lines about the account, an empty line, then
// the movements under the header "ID pohybu;Datum;Objem;Měna;…;VS;…"), matches each payment to the
// order whose number is its variable symbol and marks that order paid with markOrderPaid, one
// payment at a time. The columns are found by their names, so their order and the extra columns
// (Protiúčet, Zpráva pro příjemce, …) do not matter. The file is read as RFC 4180 CSV by csvRecords
// below (a parser of our own, decision 0052): a quoted cell's line breaks stay in the cell.
import type { Db } from '../db/client.ts';
import type { Currency } from '../../../schema/rules/money.ts';
import { markOrderPaid, parseAmount, parseDay, PaymentRefusedError, type PaymentRefusal, type RecordedPayment } from './order-payments.ts';

/** The statement cannot be read; nothing was imported. */
export class StatementFormatError extends Error {}

/** One incoming payment of a statement. */
export type StatementPayment = {
  /** Its line in the file (from 1), for the report. */
  line: number;
  /** Fio's "ID pohybu": the movement's id, kept as the payment's reference. */
  movementId: string;
  /** YYYY-MM-DD */
  paidOn: string;
  /** Minor units, more than zero. */
  amount: number;
  currency: Currency;
  /** Digits without leading zeros; empty when the payer gave none. */
  variableSymbol: string;
};

export type Statement = { payments: StatementPayment[]; /** outgoing movements, not payments to the shop */ outgoing: number };

/** The columns read, by their names in Fio's header. */
const COLUMNS = { movementId: 'ID pohybu', date: 'Datum', amount: 'Objem', currency: 'Měna', variableSymbol: 'VS' } as const;

/** One record of the file: its cells and the line (from 1) it begins on. */
type CsvRecord = { line: number; cells: string[] };

/**
 * The file's records, as RFC 4180 reads CSV: cells separated by `separator`, records by a line break
 * (CRLF or LF), a cell "in quotes" may hold the separator, line breaks and doubled quotes (""). A line
 * break inside quotes is part of the cell, never a new record: read line by line, a quoted line
 * break in a payer's message began a row of the payer's making (issue 40, item 13). Cells are
 * trimmed; a quote in an unquoted cell is kept as it is. A quoted cell left open, or text after a
 * closing quote, is a StatementFormatError naming the line.
 */
export function csvRecords(text: string, separator: ';' | ','): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let index = 0;
  const endCell = () => {
    cells.push(cell.trim());
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    cells = [];
    recordLine = line;
  };
  while (index < text.length) {
    const character = text[index];
    if (character === '"' && cell.trim() === '') {
      // a quoted cell: up to the quote that is not doubled
      const openedOn = line;
      cell = '';
      index++;
      for (;;) {
        if (index >= text.length) throw new StatementFormatError(`Line ${openedOn}: a quoted cell is not closed.`);
        if (text[index] === '"' && text[index + 1] === '"') {
          cell += '"';
          index += 2;
        } else if (text[index] === '"') {
          index++;
          break;
        } else {
          if (text[index] === '\n') line++;
          cell += text[index++];
        }
      }
      while (text[index] === ' ' || text[index] === '\t') index++;
      if (index < text.length && text[index] !== separator && text[index] !== '\r' && text[index] !== '\n') {
        throw new StatementFormatError(`Line ${line}: text after a quoted cell; a quote inside a cell is written twice ("").`);
      }
    } else if (character === separator) {
      endCell();
      index++;
    } else if (character === '\n' || (character === '\r' && text[index + 1] === '\n')) {
      index += character === '\r' ? 2 : 1;
      line++;
      endRecord();
    } else {
      cell += character;
      index++;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Whether a record names every column read. */
function isHeader(record: CsvRecord): boolean {
  return Object.values(COLUMNS).every((name) => record.cells.includes(name));
}

/** "27.11.2026" (Fio's date, also "27. 11. 2026") as YYYY-MM-DD; null when it is not a day. */
function fioDay(text: string): string | null {
  const match = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})$/.exec(text.trim());
  return match ? parseDay(`${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`) : null;
}

/** Reads a Fio CSV statement; throws StatementFormatError naming the line when any record cannot be read. */
export function parseFioStatement(text: string): Statement {
  const body = text.replace(/^\uFEFF/, '');
  // Fio separates by ";"; a file whose header is found only when split at "," is read that way
  let records = csvRecords(body, ';');
  if (!records.some(isHeader)) records = csvRecords(body, ',');
  const headerIndex = records.findIndex(isHeader);
  if (headerIndex < 0) {
    throw new StatementFormatError(`Not a Fio CSV statement: no line names the columns ${Object.values(COLUMNS).join(';')} (Fio's "ID pohybu;Datum;Objem;Měna;…;VS;…").`);
  }
  const header = records[headerIndex].cells;
  const column = Object.fromEntries(Object.entries(COLUMNS).map(([key, name]) => [key, header.indexOf(name)])) as Record<keyof typeof COLUMNS, number>;
  const payments: StatementPayment[] = [];
  let outgoing = 0;
  for (const { line, cells: row } of records.slice(headerIndex + 1)) {
    if (row.every((cell) => cell === '')) continue;
    const at = `Line ${line}: `;
    const amountText = row[column.amount] ?? '';
    if (/^-/.test(amountText.trim())) {
      outgoing++;
      continue;
    }
    const paidOn = fioDay(row[column.date] ?? '');
    if (!paidOn) throw new StatementFormatError(`${at}the date must be like 27.11.2026, got "${row[column.date] ?? ''}".`);
    const amount = parseAmount(amountText);
    if (Number.isNaN(amount) || amount === 0) throw new StatementFormatError(`${at}the amount must be like 1234,50, got "${amountText}".`);
    const currency = (row[column.currency] ?? '').toUpperCase();
    if (currency !== 'CZK' && currency !== 'EUR') throw new StatementFormatError(`${at}the currency must be CZK or EUR, got "${row[column.currency] ?? ''}".`);
    const variableSymbol = (row[column.variableSymbol] ?? '').trim();
    if (!/^\d{0,10}$/.test(variableSymbol)) throw new StatementFormatError(`${at}a variable symbol has at most 10 digits, got "${variableSymbol}".`);
    payments.push({
      line,
      movementId: (row[column.movementId] ?? '').trim(),
      paidOn,
      amount,
      currency,
      variableSymbol: variableSymbol.replace(/^0+/, ''),
    });
  }
  if (payments.length === 0 && outgoing === 0) throw new StatementFormatError('The statement has no movements.');
  return { payments, outgoing };
}

/** What became of one payment of the statement. */
export type ImportedPayment = StatementPayment &
  (
    | { outcome: 'MARKED'; overpaid: number }
    /** Paid before: by this very payment (an earlier import of the same statement) or by another one. */
    | { outcome: 'ALREADY_PAID'; sameReference: boolean; earlier: RecordedPayment | null }
    | { outcome: 'NO_VARIABLE_SYMBOL' }
    | { outcome: PaymentRefusal; message: string }
  );

/** Marks the orders the statement's payments pay, each payment on its own (one refused leaves the others). */
export async function importStatement(db: Db, statement: Statement, now: Date = new Date()): Promise<ImportedPayment[]> {
  const results: ImportedPayment[] = [];
  for (const payment of statement.payments) {
    if (payment.variableSymbol === '') {
      results.push({ ...payment, outcome: 'NO_VARIABLE_SYMBOL' });
      continue;
    }
    try {
      const marked = await markOrderPaid(
        db,
        { orderNumber: payment.variableSymbol, amount: payment.amount, currency: payment.currency, paidOn: payment.paidOn, reference: payment.movementId, source: 'bank-import' },
        now,
      );
      results.push(
        marked.result === 'MARKED'
          ? { ...payment, outcome: 'MARKED', overpaid: marked.overpaid }
          : { ...payment, outcome: 'ALREADY_PAID', earlier: marked.payment, sameReference: payment.movementId !== '' && marked.payment?.reference === payment.movementId },
      );
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error;
      results.push({ ...payment, outcome: error.reason, message: error.message });
    }
  }
  return results;
}
