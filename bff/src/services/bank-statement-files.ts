// A statement file as the shop owner gives it to `npm run order -- import-payments` (decision 0070):
// its format told (`--format csv|gpc|camt053`) or recognised by its first bytes (a GPC file starts
// with its 074 header, a camt.053 file with `<`; anything else is read as Fio's CSV), its size checked
// before it is read (a statement of a shop's month is some kilobytes; a file over the limit is refused
// unread, so memory stays bounded), and its text decoded as its format is written: GPC in
// windows-1250, CSV and XML in UTF-8 (a byte that is not UTF-8 refuses the file rather than pairing
// on misread text).
import { stat, readFile } from 'node:fs/promises';
import { parseFioStatement, StatementFormatError, type Statement } from './bank-statements.ts';
import { looksLikeGpc, parseGpcStatement } from './bank-statement-gpc.ts';
import { looksLikeXml, parseCamtStatement } from './bank-statement-camt.ts';

export const STATEMENT_FORMATS = ['csv', 'gpc', 'camt053'] as const;
export type StatementFileFormat = (typeof STATEMENT_FORMATS)[number];

/** The largest statement file read (5 MB): a shop's yearly statement is far smaller. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

function utf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new StatementFormatError(`The ${what} is not in UTF-8 (perhaps windows-1250); export it from the bank again in UTF-8.`);
  }
}

/** The format of a statement by its first bytes. */
export function detectStatementFormat(bytes: Uint8Array): StatementFileFormat {
  if (looksLikeGpc(bytes)) return 'gpc';
  if (looksLikeXml(new TextDecoder('utf-8').decode(bytes.subarray(0, 64)))) return 'camt053';
  return 'csv';
}

/** Reads a statement's bytes in the format given or recognised. */
export function parseStatementBytes(bytes: Uint8Array, format: StatementFileFormat = detectStatementFormat(bytes)): Statement {
  if (bytes.length > STATEMENT_MAX_BYTES) throw tooLarge(bytes.length);
  if (format === 'gpc') return parseGpcStatement(bytes);
  if (format === 'camt053') {
    const text = utf8(bytes, 'camt.053 file');
    const declared = /^\uFEFF?<\?xml[^>]*encoding=["']([^"']+)["']/.exec(text)?.[1];
    if (declared && declared.toUpperCase() !== 'UTF-8') throw new StatementFormatError(`The camt.053 file says it is in ${declared.slice(0, 20)}; only UTF-8 is read.`);
    return parseCamtStatement(text);
  }
  return parseFioStatement(utf8(bytes, 'CSV file'));
}

function tooLarge(size: number): StatementFormatError {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return new StatementFormatError(`The file has ${mb(size)} MB; a statement of at most ${mb(STATEMENT_MAX_BYTES)} MB is read. Export a shorter period.`);
}

/** Reads a statement file; refuses one over STATEMENT_MAX_BYTES before reading it. */
export async function readStatementFile(file: string, format?: StatementFileFormat): Promise<Statement> {
  const { size } = await stat(file);
  if (size > STATEMENT_MAX_BYTES) throw tooLarge(size);
  return parseStatementBytes(new Uint8Array(await readFile(file)), format);
}
