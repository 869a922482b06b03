// Fio banka's API (decision 0070): with FIO_API_TOKEN the shop reads its account's new movements
// itself and pairs them as a statement import does (services/bank-transactions.ts). The documented
// calls: `GET {base}/last/{token}/transactions.json` answers the movements since the bank's bookmark
// and moves the bookmark past them; `GET {base}/set-last-id/{token}/{id}/` puts the bookmark after
// movement `id`. Fio allows one call per token in 30 s (409 otherwise) and answers 500 to a wrong
// token.
//
// A poll is a call at most every 31 s (FIO_CALL_GAP_SECONDS) across all instances: the row "fio" of BankFeed is claimed with
// a conditional UPDATE, so of instances polling together one calls and the others wait. Before the
// download the row says `downloading`; after the pairing committed it says which movement was paired
// last and `downloading` is cleared. A poll that finds `downloading` set (the instance died, or the
// database failed, between the download and the pairing's commit) does not download: it puts the
// bookmark back with set-last-id to the last movement whose pairing committed (or a day before the
// lost download when none has), and the next poll downloads those movements again. Movements recorded
// before are skipped, so each is paired exactly once.
import type { Db } from '../db/client.ts';
import { parseDay } from './order-payments.ts';
import { checkCurrency, checkMovementId, checkVariableSymbol, oneLine, StatementFormatError, type Statement, type StatementLine } from './bank-statements.ts';
import { importStatement, type ImportedPayment } from './bank-transactions.ts';

import { FIO_CALL_GAP_SECONDS } from '../config.ts';

/** Fio's limit is one call per 30 s per token; a second more keeps clear of clocks that differ. */
export const FIO_CALL_GAP_MS = FIO_CALL_GAP_SECONDS * 1000;
const FEED = 'fio';

export type FioOptions = {
  token: string;
  /** e.g. https://fioapi.fio.cz/v1/rest (FIO_API_URL) */
  baseUrl: string;
  timeoutMs?: number;
  /** A larger answer is refused (its movements are fetched again after a set-last-id by hand). */
  maxBytes?: number;
  signal?: AbortSignal;
  /** The least time between two calls across instances (FIO_CALL_GAP_SECONDS); FIO_CALL_GAP_MS by default. */
  callGapMs?: number;
  /** Test seam: runs after the pairing committed and before the feed's row says so (a crash there). */
  afterPairing?: () => Promise<void>;
};

export type FioPoll =
  | { result: 'WAIT' }
  | { result: 'REWOUND'; toId: string | null }
  | { result: 'PAIRED'; imported: ImportedPayment[]; outgoing: number };

/** The Fio API answered with an error; the poll changed nothing the next one cannot redo. */
export class FioApiError extends Error {
  constructor(
    message: string,
    /** The answer was a download (so Fio's bookmark moved) that could not be read. */
    readonly downloaded = false,
  ) {
    super(message);
  }
}

async function call(options: FioOptions, path: string): Promise<string> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await fetch(`${options.baseUrl}/${path}`, { signal, redirect: 'error' });
  if (response.status === 409) throw new FioApiError('The Fio API refused a call within 30 s of the last one (409); the next poll tries again.');
  if (response.status === 500) throw new FioApiError('The Fio API answered 500: is FIO_API_TOKEN a valid token of the account?');
  if (!response.ok) throw new FioApiError(`The Fio API answered ${response.status}.`);
  // read up to the limit, so a runaway answer cannot fill the memory
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
    if (chunk.done) break;
    size += chunk.value.length;
    if (size > maxBytes) {
      await reader?.cancel();
      throw new FioApiError(`The Fio API answered more than ${maxBytes} bytes; nothing paired.`, true);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

type FioColumn = { value: unknown } | null | undefined;
const columnText = (column: FioColumn) => (column && column.value !== null && column.value !== undefined ? String(column.value) : '');

/** The movements of a `transactions.json` answer as a statement (credits are payments). */
export function parseFioTransactions(json: string): Statement {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new StatementFormatError('The Fio API answered something that is not JSON.');
  }
  const statement = (data as { accountStatement?: { transactionList?: { transaction?: unknown } } })?.accountStatement;
  if (!statement || typeof statement !== 'object') throw new StatementFormatError('The Fio API answer has no accountStatement.');
  const list = statement.transactionList?.transaction ?? [];
  if (!Array.isArray(list)) throw new StatementFormatError('The Fio API answer’s transactionList.transaction is not a list.');
  const payments: StatementLine[] = [];
  const outgoingLines: StatementLine[] = [];
  list.forEach((item: Record<string, FioColumn>, index) => {
    const at = `Movement ${index + 1}: `;
    const value = item?.column1?.value;
    if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) throw new StatementFormatError(`${at}column1 (the amount) must be a number, got ${JSON.stringify(value ?? null)}.`);
    const minor = Math.round(Math.abs(value) * 100);
    if (Math.abs(Math.abs(value) * 100 - minor) > 1e-6 || !Number.isSafeInteger(minor)) throw new StatementFormatError(`${at}the amount ${value} has more than two decimals.`);
    const paidOn = parseDay(columnText(item.column0).slice(0, 10));
    if (!paidOn) throw new StatementFormatError(`${at}column0 (the date) must be like 2026-11-27+0100, got "${oneLine(columnText(item.column0), 30)}".`);
    const account = columnText(item.column2);
    const bankCode = columnText(item.column3);
    const movement: StatementLine = {
      line: index + 1,
      movementId: checkMovementId(columnText(item.column22), at),
      paidOn,
      amount: minor,
      currency: checkCurrency(columnText(item.column14), at),
      variableSymbol: checkVariableSymbol(columnText(item.column5), at),
      account: oneLine(account && bankCode ? `${account}/${bankCode}` : account, 64),
      message: oneLine([columnText(item.column10), columnText(item.column16)].filter(Boolean).join(', ')),
    };
    (value > 0 ? payments : outgoingLines).push(movement);
  });
  return { format: 'fio-api', payments, outgoing: outgoingLines.length, outgoingLines };
}

/** Claims this moment's call, or null when another call was made less than `gapMs` ago. */
async function claimCall(db: Db, now: Date, gapMs: number): Promise<{ lastPairedId: string; downloading: boolean; previousCall: Date | null } | null> {
  await db.$executeRaw`INSERT INTO "BankFeed" ("name") VALUES (${FEED}) ON CONFLICT ("name") DO NOTHING`;
  const since = new Date(now.getTime() - gapMs);
  const rows = await db.$queryRaw<{ lastPairedId: string; downloading: boolean; previousCall: Date | null }[]>`
    UPDATE "BankFeed" AS feed SET "calledAt" = ${now}
      FROM (SELECT "name", "calledAt" FROM "BankFeed" WHERE "name" = ${FEED} FOR UPDATE) AS before
     WHERE feed."name" = before."name" AND (feed."calledAt" IS NULL OR feed."calledAt" <= ${since})
    RETURNING feed."lastPairedId", feed."downloading", before."calledAt" AS "previousCall"`;
  return rows[0] ?? null;
}

/** One poll of the Fio API (see the top of this file). */
export async function pollFio(db: Db, options: FioOptions, now: Date = new Date()): Promise<FioPoll> {
  const claimed = await claimCall(db, now, options.callGapMs ?? FIO_CALL_GAP_MS);
  if (!claimed) return { result: 'WAIT' };
  const token = encodeURIComponent(options.token);
  if (claimed.downloading) {
    if (claimed.lastPairedId) {
      await call(options, `set-last-id/${token}/${encodeURIComponent(claimed.lastPairedId)}/`);
    } else {
      const lost = claimed.previousCall ?? now;
      const dayBefore = new Date(lost.getTime() - 24 * 3600_000).toISOString().slice(0, 10);
      await call(options, `set-last-date/${token}/${dayBefore}/`);
    }
    await db.bankFeed.update({ where: { name: FEED }, data: { downloading: false } });
    return { result: 'REWOUND', toId: claimed.lastPairedId || null };
  }
  await db.bankFeed.update({ where: { name: FEED }, data: { downloading: true } });
  let body: string;
  try {
    body = await call(options, `last/${token}/transactions.json`);
  } catch (error) {
    // an answer with an error status downloaded nothing, so the bookmark did not move
    if (error instanceof FioApiError && !error.downloaded) await db.bankFeed.update({ where: { name: FEED }, data: { downloading: false } });
    throw error;
  }
  const statement = parseFioTransactions(body);
  const imported = await importStatement(db, statement, now);
  await options.afterPairing?.();
  const all = [...statement.payments, ...statement.outgoingLines].sort((a, b) => a.line - b.line);
  const last = all.at(-1)?.movementId;
  await db.bankFeed.update({ where: { name: FEED }, data: { downloading: false, ...(last ? { lastPairedId: last } : {}) } });
  return { result: 'PAIRED', imported, outgoing: statement.outgoing };
}
