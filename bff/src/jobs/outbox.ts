// The one outbox mechanism (docs/decisions/0057): how the mail, webhook and conversion outboxes are sent.
// A row is written in the transaction of what it announces; a sender here takes it and does what it
// says (an e-mail, a POST), at least once, recorded once, on any number of instances:
//
// - claim: one statement takes due rows (PENDING and due, or SENDING whose lease lapsed) with
//   FOR UPDATE SKIP LOCKED, sets them SENDING, counts the attempt and gives them a lease: a time
//   until which the claim holds and a token of its own. Two senders never take the same row.
// - lease: while the sender works, it renews the lease of the rows it still holds (renewEveryMs), so a
//   slow mail server or receiver does not make the claim lapse; a sender that died (SIGKILL, a lost
//   machine) renews nothing, and its rows are taken over leaseMs later.
// - finish: the row's outcome is written only where the row still carries the claim's token (fenced):
//   a sender whose lease lapsed and whose row another sender took changes nothing.
// - retry: a failed attempt is due again when the outbox's schedule says, or given up (FAILED) when
//   it says no more; a row put back for an outage (the database away: no fault of the row) is due
//   again soon, its attempt not counted.
// - once the item's effect happened (the server took the e-mail, the receiver answered 2xx), its done
//   mark is written again and again until the database takes it: a database restart then cannot make
//   it happen twice.
//
// What is left that repeats an item: a sender that dies after the effect and before its done mark.
// The claim lapses and the row is sent again with the same identity (Message-ID, webhook-id), which
// receivers de-duplicate by.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';

/** The outbox tables: each has the columns OutboxTable.table names. */
export type OutboxTableName = 'MailOutbox' | 'WebhookDelivery' | 'ConversionDelivery';

/** What every claimed row carries; an outbox's own columns come on top (OutboxTable.columns). */
export type ClaimedRow = { id: number | string; attempts: number; createdAt: Date; leaseToken: string };

export type OutboxTimings = {
  /** How long a claim holds unless its sender renews it. */
  leaseMs: number;
  /** How often a live sender renews the leases of the rows it still holds. */
  renewEveryMs: number;
  /** Rows per claim. */
  batchSize: number;
  /** The first wait before writing again a done mark the database refused; it doubles up to 5 s. */
  markRetryMs: number;
  /** How soon a row put back for an outage (the database away) is due again. */
  outageRetryMs: number;
};

/** What the outbox writes to a claimed row besides an outbox's own columns. */
export type OutboxMark<Done extends string> = {
  status: Done | 'PENDING' | 'FAILED';
  lockedUntil: null;
  leaseToken: null;
  lastError: string | null;
  nextAttemptAt?: Date;
  attempts?: { decrement: number };
};

export type OutboxTable<Row extends ClaimedRow, Done extends string, Columns> = {
  /** The table (a constant): its rows have id, status, attempts, nextAttemptAt, lockedUntil, leaseToken, lastError, createdAt. */
  table: OutboxTableName;
  /** The columns a sender needs besides those of ClaimedRow, as SQL on the claimed row "claimed". */
  columns: Prisma.Sql;
  /** The columns whose order due rows are claimed and sent in, e.g. ['createdAt', 'id']. */
  order: readonly string[];
  /** What a due row must meet besides being due (SQL on "due"), e.g. its endpoint is on; Prisma.empty for none. */
  eligible: Prisma.Sql;
  /** Read when used (tests change them). */
  timings: OutboxTimings;
  /** When a row whose attempt failed is due again; null: it is given up. */
  retryAt: (row: Row, now: Date) => Date | null;
  /**
   * Writes a mark and the outcome's own columns with the table's client, only where the row has this
   * id and token (the fence); resolves with the rows written (0: the claim lapsed and another sender
   * holds the row now).
   */
  write: (db: Db, where: { id: Row['id']; leaseToken: string }, mark: OutboxMark<Done>, columns: Partial<Columns> | undefined) => Promise<number>;
  /** The done status: SENT, DELIVERED. */
  done: Done;
  /** How the log names the outbox ("[mail]") and a row ("orderConfirmation #12"). */
  label: string;
  describe: (row: Row) => string;
};

/** What a sender's attempt at one row came to. `record`: the table's own columns to write with it. */
export type Outcome<Columns> =
  /** It happened (the e-mail accepted, the receiver answered 2xx): the row is done. */
  | { done: true; record?: Partial<Columns> }
  /** The attempt failed: tried again when the schedule says, or given up after the last. */
  | { failed: string; record?: Partial<Columns> }
  /** No attempt can succeed (what it announces is gone): given up now. */
  | { giveUp: string; record?: Partial<Columns> }
  /** Not the row's fault (the database away): due again after timings.outageRetryMs, the attempt not counted. */
  | { putBack: string };

export type OutboxReport = { done: number; retrying: number; failed: number };

export type OutboxLog = { info: (line: string) => void; error: (line: string, error?: unknown) => void };

export type SendOptions = {
  /** The clock (tests move it forward to reach a retry or a lapsed lease). */
  now?: Date;
  /** Only rows that also meet this (SQL on "due"): an operator's command sends what it caused. */
  only?: Prisma.Sql;
};

/** Takes up to batchSize due rows for this sender, under a new lease token. */
export async function claimRows<Row extends ClaimedRow>(
  db: Db,
  outbox: { table: OutboxTable<Row, string, unknown>['table']; columns: Prisma.Sql; order: readonly string[]; eligible: Prisma.Sql; timings: OutboxTimings },
  now: Date,
  only: Prisma.Sql = Prisma.empty,
): Promise<Row[]> {
  const table = Prisma.raw(`"${outbox.table}"`);
  const leaseToken = randomUUID();
  const lease = new Date(now.getTime() + outbox.timings.leaseMs);
  const at = now.toISOString();
  const and = (condition: Prisma.Sql) => (condition.sql.trim() === '' ? Prisma.empty : Prisma.sql`AND ${condition}`);
  const orderOf = (alias: string) => Prisma.raw(outbox.order.map((column) => `${alias}"${column}"`).join(', '));
  // RETURNING keeps no order: the claimed rows are read back in the outbox's order
  return db.$queryRaw<Row[]>`
    WITH claimed_rows AS (
      UPDATE ${table} AS claimed
         SET "status" = 'SENDING', "attempts" = claimed."attempts" + 1,
             "lockedUntil" = ${lease.toISOString()}::timestamptz, "leaseToken" = ${leaseToken}
       WHERE claimed."id" IN (
         SELECT due."id" FROM ${table} AS due
          WHERE ((due."status" = 'PENDING' AND due."nextAttemptAt" <= ${at}::timestamptz)
              OR (due."status" = 'SENDING' AND due."lockedUntil" <= ${at}::timestamptz))
            ${and(outbox.eligible)}
            ${and(only)}
          ORDER BY ${orderOf('due.')}
          LIMIT ${outbox.timings.batchSize}::int
          FOR UPDATE OF due SKIP LOCKED)
      RETURNING claimed."id", claimed."attempts", claimed."createdAt", claimed."leaseToken", ${outbox.columns})
    SELECT * FROM claimed_rows ORDER BY ${orderOf('')}`;
}

/** Extends the leases of the rows this claim still holds (finished rows no longer carry its token). */
export async function renewLease(db: Db, table: OutboxTableName, leaseToken: string, lockedUntil: Date): Promise<number> {
  return db.$executeRaw`
    UPDATE ${Prisma.raw(`"${table}"`)} SET "lockedUntil" = ${lockedUntil.toISOString()}::timestamptz
     WHERE "leaseToken" = ${leaseToken} AND "status" = 'SENDING'`;
}

/** Writes a claimed row's outcome, fenced by its lease token; 'lost' when another sender holds the row now. */
export async function finishRow<Row extends ClaimedRow, Done extends string, Columns>(
  db: Db,
  outbox: OutboxTable<Row, Done, Columns>,
  row: Row,
  outcome: Outcome<Columns>,
  now: Date,
): Promise<{ result: 'done' | 'retrying' | 'failed' | 'lost'; retryAt?: Date }> {
  const where = { id: row.id, leaseToken: row.leaseToken };
  const released = { lockedUntil: null, leaseToken: null } as const;
  const reason = (text: string) => text.slice(0, 1000);
  let mark: OutboxMark<Done>;
  let columns: Partial<Columns> | undefined;
  let result: 'done' | 'retrying' | 'failed';
  let retryAt: Date | undefined;
  if ('done' in outcome) {
    mark = { ...released, status: outbox.done, lastError: null };
    columns = outcome.record;
    result = 'done';
  } else if ('putBack' in outcome) {
    const afterOutage = { status: 'PENDING', attempts: { decrement: 1 }, nextAttemptAt: new Date(now.getTime() + outbox.timings.outageRetryMs) } as const;
    mark = { ...released, ...afterOutage, lastError: reason(outcome.putBack) };
    result = 'retrying';
  } else {
    const next = 'failed' in outcome ? outbox.retryAt(row, now) : null;
    const error = 'failed' in outcome ? outcome.failed : outcome.giveUp;
    mark = next ? { ...released, status: 'PENDING', nextAttemptAt: next, lastError: reason(error) } : { ...released, status: 'FAILED', lastError: reason(error) };
    columns = outcome.record;
    result = next ? 'retrying' : 'failed';
    retryAt = next ?? undefined;
  }
  return (await outbox.write(db, where, mark, columns)) === 1 ? { result, retryAt } : { result: 'lost' };
}

/** A done mark, written again until the database takes it: the item must not happen twice. */
async function finishDone<Row extends ClaimedRow, Done extends string, Columns>(
  db: Db,
  outbox: OutboxTable<Row, Done, Columns>,
  row: Row,
  outcome: Outcome<Columns>,
  now: Date,
  log: OutboxLog,
): Promise<'done' | 'lost'> {
  for (let wait = outbox.timings.markRetryMs; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return (await finishRow(db, outbox, row, outcome, now)).result === 'done' ? 'done' : 'lost';
    } catch (error) {
      log.error(`${outbox.label} ${outbox.describe(row)} was sent, but marking it failed; trying again in ${wait} ms`, error);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Sends every row that is due now, batch by batch: `send` does one row's work and says how it went;
 * the outbox claims, renews, retries and marks. Resolves with what was recorded.
 */
export async function sendOutbox<Row extends ClaimedRow, Done extends string, Columns>(
  db: Db,
  outbox: OutboxTable<Row, Done, Columns>,
  send: (row: Row, now: Date) => Promise<Outcome<Columns>>,
  log: OutboxLog,
  options: SendOptions = {},
): Promise<OutboxReport> {
  const report: OutboxReport = { done: 0, retrying: 0, failed: 0 };
  for (;;) {
    const now = options.now ?? new Date();
    const rows = await claimRows<Row>(db, outbox, now, options.only);
    if (rows.length === 0) return report;
    // the rows not finished yet keep their lease while this sender lives (on the same clock as `now`)
    const claimedAt = Date.now();
    const renewal = setInterval(() => {
      const lockedUntil = new Date(now.getTime() + (Date.now() - claimedAt) + outbox.timings.leaseMs);
      void renewLease(db, outbox.table, rows[0].leaseToken, lockedUntil).catch(() => undefined); // the database away: the next tick tries
    }, outbox.timings.renewEveryMs);
    try {
      for (const row of rows) {
        const outcome = await send(row, now);
        const { result, retryAt } = 'done' in outcome ? { result: await finishDone(db, outbox, row, outcome, now, log) } : await finishRow(db, outbox, row, outcome, now);
        if (result === 'lost') {
          log.error(`${outbox.label} ${outbox.describe(row)}: its lease lapsed and another sender holds it; nothing recorded`);
          continue;
        }
        report[result] += 1;
        logOutcome(log, outbox, row, outcome, retryAt ? (retryAt.getTime() - now.getTime()) / 1000 : null);
      }
    } finally {
      clearInterval(renewal);
    }
    if (rows.length < outbox.timings.batchSize) return report;
  }
}

function logOutcome<Row extends ClaimedRow, Columns>(
  log: OutboxLog,
  outbox: Pick<OutboxTable<Row, string, Columns>, 'label' | 'describe' | 'timings'>,
  row: Row,
  outcome: Outcome<Columns>,
  /** Seconds until the retry of a failed attempt; null when it was given up. */
  retryInS: number | null,
): void {
  const name = `${outbox.label} ${outbox.describe(row)}`;
  if ('done' in outcome) return; // the sender says what it did (a file written, an answer)
  if ('putBack' in outcome) {
    log.error(`${name}: the database is unavailable, trying again in ${outbox.timings.outageRetryMs / 1000} s: ${outcome.putBack}`);
  } else if (retryInS === null) {
    log.error(`${name} given up after ${row.attempts} attempts: ${'failed' in outcome ? outcome.failed : outcome.giveUp}`);
  } else {
    log.error(`${name} attempt ${row.attempts} failed, retrying in ${retryInS} s: ${'failed' in outcome ? outcome.failed : outcome.giveUp}`);
  }
}
