// Importing a bank statement (decision 0046): `npm run order -- import-payments <file.csv>` reads the
// incoming payments of a statement in Fio banka's CSV (what its API's transactions .csv and its
// internet banking's export give: a few "key;value" lines about the account, an empty line, then
// the movements under the header "ID pohybu;Datum;Objem;Měna;…;VS;…"), matches each payment to the
// order whose number is its variable symbol and marks that order paid with markOrderPaid, one
// payment at a time (services/bank-transactions.ts, which records every line once). GPC and camt.053
// statements are read beside it (bank-statement-gpc.ts, bank-statement-camt.ts; decision 0070). The
// columns are found by their names, so their order and the extra columns (Protiúčet, Zpráva pro
// příjemce, …) do not matter. The file is read as RFC 4180 CSV by csvRecords
// below (a parser of our own, decision 0052): a quoted cell's line breaks stay in the cell.
import { parseAmount, parseDay } from './order-payments.ts';

/** The statement cannot be read; nothing was imported. */
export class StatementFormatError extends Error {}

/** One line of a statement: a movement of the shop's account. */
export type StatementLine = {
  /** Its line in the file (from 1), for the report; the movement's index for the Fio API. */
  line: number;
  /** The bank's id of the movement (Fio's "ID pohybu", GPC's document number, camt's AcctSvcrRef): the key it is recorded under once. */
  movementId: string;
  /** YYYY-MM-DD */
  paidOn: string;
  /** Minor units, more than zero (an outgoing movement's too: `outgoingLines` says which way). */
  amount: number;
  /** As the bank wrote it (ISO 4217): a payment in a currency no order has is refused as WRONG_CURRENCY. */
  currency: string;
  /** Digits without leading zeros; empty when the payer gave none. */
  variableSymbol: string;
  /** The counter-account, as the statement gives it; may be empty. */
  account: string;
  /** The payer's name or message, one line; may be empty. */
  message: string;
};

/** One incoming payment of a statement. */
export type StatementPayment = StatementLine;

/** Where a statement came from (BankTransaction.source). */
export type StatementFormat = 'csv' | 'gpc' | 'camt053' | 'fio-api';

export type Statement = {
  format: StatementFormat;
  payments: StatementPayment[];
  /** outgoing movements (and reversals), not payments to the shop: recorded as IGNORED */
  outgoing: number;
  outgoingLines: StatementLine[];
};

/** A bank's id of a movement: one line of letters, digits and - . / _ (at most 64). */
export function checkMovementId(id: string, at: string): string {
  const trimmed = id.trim();
  if (trimmed === '') throw new StatementFormatError(`${at}the movement has no id of the bank's; every movement needs one to be recorded once.`);
  if (!/^[\p{L}\p{N}._/-]{1,64}$/u.test(trimmed)) throw new StatementFormatError(`${at}the movement's id must be up to 64 letters, digits and - . / _, got "${trimmed.slice(0, 80)}".`);
  return trimmed;
}

/** A currency as a statement writes it: three capital letters. */
export function checkCurrency(text: string, at: string): string {
  const currency = text.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new StatementFormatError(`${at}the currency must be a code like CZK or EUR, got "${text.trim().slice(0, 20)}".`);
  return currency;
}

/** A variable symbol: up to 10 digits, kept without leading zeros. */
export function checkVariableSymbol(text: string, at: string): string {
  const symbol = text.trim();
  if (!/^\d{0,10}$/.test(symbol)) throw new StatementFormatError(`${at}a variable symbol has at most 10 digits, got "${symbol.slice(0, 20)}".`);
  return symbol.replace(/^0+/, '');
}

/** Control characters, line breaks and bidi controls: never kept in a statement's text. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** Free text of a statement (a name, a message) as one short line without control characters. */
export function oneLine(text: string, max = 140): string {
  return text
    .replace(UNSAFE_TEXT, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** The columns read, by their names in Fio's header. */
const COLUMNS = { movementId: 'ID pohybu', date: 'Datum', amount: 'Objem', currency: 'Měna', variableSymbol: 'VS' } as const;
/** Columns read when the file has them. */
const OPTIONAL_COLUMNS = { account: 'Protiúčet', bankCode: 'Kód banky', name: 'Název protiúčtu', message: 'Zpráva pro příjemce' } as const;

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
  const optional = Object.fromEntries(Object.entries(OPTIONAL_COLUMNS).map(([key, name]) => [key, header.indexOf(name)])) as Record<keyof typeof OPTIONAL_COLUMNS, number>;
  const cell = (row: string[], index: number) => (index < 0 ? '' : (row[index] ?? '').trim());
  const payments: StatementPayment[] = [];
  const outgoingLines: StatementLine[] = [];
  for (const { line, cells: row } of records.slice(headerIndex + 1)) {
    if (row.every((value) => value === '')) continue;
    const at = `Line ${line}: `;
    const amountText = row[column.amount] ?? '';
    const isOutgoing = /^-/.test(amountText.trim());
    const paidOn = fioDay(row[column.date] ?? '');
    if (!paidOn) throw new StatementFormatError(`${at}the date must be like 27.11.2026, got "${row[column.date] ?? ''}".`);
    const amount = parseAmount(amountText.trim().replace(/^-/, ''));
    if (Number.isNaN(amount) || amount === 0) throw new StatementFormatError(`${at}the amount must be like 1234,50, got "${amountText}".`);
    const account = cell(row, optional.account);
    const bankCode = cell(row, optional.bankCode);
    const movement: StatementLine = {
      line,
      movementId: checkMovementId(row[column.movementId] ?? '', at),
      paidOn,
      amount,
      currency: checkCurrency(row[column.currency] ?? '', at),
      variableSymbol: checkVariableSymbol(row[column.variableSymbol] ?? '', at),
      account: oneLine(account && bankCode ? `${account}/${bankCode}` : account, 64),
      message: oneLine([cell(row, optional.name), cell(row, optional.message)].filter(Boolean).join(', ')),
    };
    (isOutgoing ? outgoingLines : payments).push(movement);
  }
  if (payments.length === 0 && outgoingLines.length === 0) throw new StatementFormatError('The statement has no movements.');
  return { format: 'csv', payments, outgoing: outgoingLines.length, outgoingLines };
}
