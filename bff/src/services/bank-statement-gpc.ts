// Reading an ABO/GPC statement ("Gemini", decision 0070): what Fio, ČSOB and mBank export. Fixed-width
// records of 128 bytes ending in CRLF, in windows-1250: a header `074` per statement, then an item `075`
// per movement. Positions (from 1) of a 075 item: 4–19 the own account, 20–35 the counter-account,
// 36–48 the document number (the bank's id of the movement), 49–60 the amount in haléře, 61 the
// posting code (1 debit, 2 credit, 3 debit reversal, 4 credit reversal), 62–71 the variable symbol,
// 72–81 the constant symbol (the counter-account's bank code in its digits 5–8 from the right), 82–91
// the specific symbol, 92–97 the value date ddmmyy, 98–117 the counter-party's name, 119–122 the
// currency as `0` and its ISO 4217 number (0203 CZK, 0978 EUR). Records 076, 078 and 079 (more about
// the item before) are tolerated; any other record refuses the file. Widths are bytes, so a file
// saved in UTF-8 is refused by its lengths (a Czech letter takes two bytes there) as well as by its BOM.
import { parseDay } from './order-payments.ts';
import { checkMovementId, checkVariableSymbol, oneLine, StatementFormatError, type Statement, type StatementLine } from './bank-statements.ts';

const RECORD_BYTES = 128;
/** Records that may follow an item (its extra details): read past. */
const TOLERATED = new Set(['076', '078', '079']);
/** ISO 4217 numbers of the currencies a Czech account is likely to see. */
const CURRENCIES: Record<string, string> = { '203': 'CZK', '978': 'EUR', '840': 'USD', '826': 'GBP', '985': 'PLN', '756': 'CHF', '348': 'HUF' };

const decoder = new TextDecoder('windows-1250');

/** Whether the bytes start like a GPC file (a 074 header). */
export function looksLikeGpc(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x30 && bytes[1] === 0x37 && bytes[2] === 0x34;
}

/** The records (lines without their CR LF) with their line numbers; empty lines skipped. */
function records(bytes: Uint8Array): { line: number; bytes: Uint8Array }[] {
  const found: { line: number; bytes: Uint8Array }[] = [];
  let start = 0;
  let line = 1;
  for (let index = 0; index <= bytes.length; index++) {
    if (index < bytes.length && bytes[index] !== 0x0a) continue;
    let end = index;
    if (end > start && bytes[end - 1] === 0x0d) end--;
    if (end > start) found.push({ line, bytes: bytes.subarray(start, end) });
    start = index + 1;
    line++;
  }
  return found;
}

/** "271126" (ddmmyy) as 2026-11-27; null when it is not a day. */
function gpcDay(text: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  return match ? parseDay(`20${match[3]}-${match[2]}-${match[1]}`) : null;
}

/** The currency of positions 119–122: `0` and the ISO number; the older `rmoo` layout says CZK with m = 1. */
function gpcCurrency(field: string, at: string): string {
  if (/^0\d{3}$/.test(field)) return CURRENCIES[field.slice(1)] ?? `#${field.slice(1)}`;
  if (/^\d1\d{2}$/.test(field)) return 'CZK';
  throw new StatementFormatError(`${at}positions 119–122 must give the currency (0203 for CZK, 0978 for EUR), got "${field}".`);
}

/** Reads a GPC statement; throws StatementFormatError naming the line when any record cannot be read. */
export function parseGpcStatement(bytes: Uint8Array): Statement {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    throw new StatementFormatError('The GPC file is saved in UTF-8 (it starts with a BOM); banks write GPC in windows-1250: download it again as it came from the bank.');
  }
  const payments: StatementLine[] = [];
  const outgoingLines: StatementLine[] = [];
  let header = false;
  for (const record of records(bytes)) {
    const at = `Line ${record.line}: `;
    if (record.bytes.length > RECORD_BYTES) {
      throw new StatementFormatError(`${at}a GPC record has ${RECORD_BYTES} bytes, this one ${record.bytes.length}; is the file in windows-1250, as banks write GPC?`);
    }
    const text = decoder.decode(record.bytes).padEnd(RECORD_BYTES, ' ');
    const field = (from: number, to: number) => text.slice(from - 1, to);
    const type = field(1, 3);
    if (type === '074') {
      header = true;
      continue;
    }
    if (TOLERATED.has(type)) continue;
    if (type !== '075') throw new StatementFormatError(`${at}unknown record type "${oneLine(type)}"; a GPC statement has the records 074 and 075 (and 076, 078, 079).`);
    if (!header) throw new StatementFormatError(`${at}an item (075) before the statement's header (074).`);
    const amountText = field(49, 60);
    if (!/^\d{12}$/.test(amountText) || Number(amountText) === 0) throw new StatementFormatError(`${at}positions 49–60 must be the amount in haléře (12 digits, not all zero), got "${amountText}".`);
    const code = field(61, 61);
    if (!['1', '2', '3', '4'].includes(code)) throw new StatementFormatError(`${at}position 61 must be the posting code 1, 2, 3 or 4, got "${code}".`);
    const paidOn = gpcDay(field(92, 97));
    if (!paidOn) throw new StatementFormatError(`${at}positions 92–97 must be the value date as ddmmyy, got "${field(92, 97)}".`);
    const counterAccount = field(20, 35).replace(/^0+/, '');
    const bankCode = field(72, 81).slice(2, 6);
    const movement: StatementLine = {
      line: record.line,
      movementId: checkMovementId(field(36, 48).replace(/^0+/, ''), at),
      paidOn,
      amount: Number(amountText),
      currency: gpcCurrency(field(119, 122), at),
      variableSymbol: checkVariableSymbol(field(62, 71), at),
      account: counterAccount && /^\d{4}$/.test(bankCode) && bankCode !== '0000' ? `${counterAccount}/${bankCode}` : counterAccount,
      message: oneLine(field(98, 117)),
    };
    // only a credit is money paid to the shop; a debit and either reversal are recorded as outgoing
    (code === '2' ? payments : outgoingLines).push(movement);
  }
  if (!header) throw new StatementFormatError('Not a GPC statement: no header record (074).');
  if (payments.length === 0 && outgoingLines.length === 0) throw new StatementFormatError('The statement has no movements.');
  return { format: 'gpc', payments, outgoing: outgoingLines.length, outgoingLines };
}
