// Importing a bank statement (decision 0046): `npm run order -- import-payments <file.csv>` reads the
// incoming payments of a statement in Fio banka's CSV (what its API's transactions .csv and its
// internet banking's export give: a few "key;value" lines about the account, an empty line, then
// the movements under the header "ID pohybu;Datum;Objem;Měna;…;VS;…"), matches each payment to the
// order whose number is its variable symbol and marks that order paid with markOrderPaid, one
// payment at a time. The columns are found by their names, so their order and the extra columns
// (Protiúčet, Zpráva pro příjemce, …) do not matter.
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

/** One CSV line split at ";" (or "," when the line has no ";"), with Excel-style "quoted" cells. */
function cells(line: string): string[] {
  const separator = line.includes(';') ? ';' : ',';
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const character = line[index];
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (character === separator) {
      out.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  out.push(cell.trim());
  return out;
}

/** "27.11.2026" (Fio's date, also "27. 11. 2026") as YYYY-MM-DD; null when it is not a day. */
function fioDay(text: string): string | null {
  const match = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})$/.exec(text.trim());
  return match ? parseDay(`${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`) : null;
}

/** Reads a Fio CSV statement; throws StatementFormatError naming the line when any line cannot be read. */
export function parseFioStatement(text: string): Statement {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => {
    const names = cells(line);
    return Object.values(COLUMNS).every((name) => names.includes(name));
  });
  if (headerIndex < 0) {
    throw new StatementFormatError(`Not a Fio CSV statement: no line names the columns ${Object.values(COLUMNS).join(';')} (Fio's "ID pohybu;Datum;Objem;Měna;…;VS;…").`);
  }
  const header = cells(lines[headerIndex]);
  const column = Object.fromEntries(Object.entries(COLUMNS).map(([key, name]) => [key, header.indexOf(name)])) as Record<keyof typeof COLUMNS, number>;
  const payments: StatementPayment[] = [];
  let outgoing = 0;
  for (let index = headerIndex + 1; index < lines.length; index++) {
    if (lines[index].trim() === '') continue;
    const row = cells(lines[index]);
    const at = `Line ${index + 1}: `;
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
      line: index + 1,
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
