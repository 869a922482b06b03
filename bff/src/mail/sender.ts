// Sending what the outbox holds. A sender first claims rows in one statement (PENDING -> SENDING,
// FOR UPDATE SKIP LOCKED), so two senders, in one process or on two instances, never take the same
// row; only the sender holding the claim may mark the row afterwards (the attempt number fences it).
// A failed attempt is retried later with a growing delay; after MAIL_RETRY.maxAttempts it is given up.
//
// A claim is a short lease that its sender renews while it works (renewEveryMs), so the claim of a
// sender that died (SIGKILL, a lost machine) lapses within MAIL_RETRY.leaseMs and another sender
// takes the row over, not minutes later. Once the SMTP server has accepted a message, its SENT mark
// is retried until the database takes it (a PostgreSQL restart), before the sender claims anything
// else: a restart of the database cannot make it send the e-mail again.
//
// The one case left that can repeat an e-mail: a sender that dies after the SMTP server accepted the
// message and before it marked the row SENT. The claim lapses and the row is sent again, with the same
// Message-ID, so mail programs show it once. Losing the e-mail instead would be worse
// (docs/decisions/0011-mail-and-pdf.md).
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { isDatabaseOutage } from '../db/outage.ts';
import { isMailKind, MAIL_PAYLOADS, type MailKind } from '../services/mail-outbox.ts';
import { loadMailDocument, type DocumentDeps } from './documents.ts';
import { MAIL_TEMPLATES } from './templates/index.ts';
import type { MailContext, MailLanguage, MailTemplate, RenderedMail } from './templates/types.ts';
import type { MailTransport, SentMail } from './transport.ts';

export const MAIL_RETRY = {
  maxAttempts: 10,
  /** The delay after the first failure; it doubles with every further one, up to maxDelayMs. */
  firstDelayMs: 60_000,
  maxDelayMs: 3_600_000,
  /** How long a claim holds unless its sender renews it (every renewEveryMs while it works on the row). */
  leaseMs: 30_000,
  renewEveryMs: 10_000,
  /** The first wait before writing a SENT mark again that the database refused; it doubles up to 5 s. */
  markRetryMs: 200,
  /**
   * When the database was away while a row was being sent (its document could not be read): the row
   * is due again after this long, and the attempt is not counted. An outage is no fault of the e-mail.
   */
  outageRetryMs: 5_000,
  batchSize: 10,
};

/** How long to wait after the n-th failed attempt (1, 2, 4 ... minutes, at most an hour). */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxDelayMs);
}

export type MailLog = { info: (line: string) => void; error: (line: string, error?: unknown) => void };

export type SenderDeps = DocumentDeps & MailContext & {
  transport: MailTransport;
  /** The From header (MAIL_FROM). */
  from: string;
  log: MailLog;
};

export type SendOptions = {
  /** The clock (tests move it forward to reach a retry). */
  now?: Date;
  /**
   * Only e-mails of these kinds (every kind when left out): an operator's command sends those it
   * caused and leaves the rest of the outbox to the shop.
   */
  kinds?: readonly MailKind[];
};

export type SendReport = { sent: number; retrying: number; failed: number };

type ClaimedRow = {
  id: number;
  kind: string;
  recipient: string;
  language: MailLanguage;
  payload: unknown;
  attempts: number;
  createdAt: Date;
};

async function claim(db: Db, now: Date, kinds: readonly MailKind[] | undefined): Promise<ClaimedRow[]> {
  const lease = new Date(now.getTime() + MAIL_RETRY.leaseMs);
  const ofKinds = kinds ? Prisma.sql`AND "kind" IN (${Prisma.join(kinds)})` : Prisma.empty;
  return db.$queryRaw<ClaimedRow[]>`
    UPDATE "MailOutbox" AS m
       SET "status" = 'SENDING', "attempts" = m."attempts" + 1, "lockedUntil" = ${lease.toISOString()}::timestamptz
     WHERE m."id" IN (
       SELECT "id" FROM "MailOutbox"
        WHERE (("status" = 'PENDING' AND "nextAttemptAt" <= ${now.toISOString()}::timestamptz)
           OR ("status" = 'SENDING' AND "lockedUntil" <= ${now.toISOString()}::timestamptz))
          ${ofKinds}
        ORDER BY "id"
        LIMIT ${MAIL_RETRY.batchSize}::int
        FOR UPDATE SKIP LOCKED)
    RETURNING m."id", m."kind", m."recipient", m."language"::text AS "language", m."payload", m."attempts", m."createdAt"`;
}

/** Marks a claimed row; a no-op when the claim lapsed and another sender holds the row now. */
async function finish(
  db: Db,
  row: ClaimedRow,
  outcome: { status: 'SENT'; messageId: string; clearPayload: boolean; now: Date } | { status: 'PENDING' | 'FAILED' | 'OUTAGE'; error: string; now: Date },
): Promise<void> {
  const claimed = { id: row.id, status: 'SENDING' as const, attempts: row.attempts };
  if (outcome.status === 'SENT') {
    await db.mailOutbox.updateMany({
      where: claimed,
      data: {
        status: 'SENT',
        sentAt: outcome.now,
        messageId: outcome.messageId,
        lockedUntil: null,
        lastError: null,
        ...(outcome.clearPayload ? { payload: {} } : {}),
      },
    });
  } else if (outcome.status === 'OUTAGE') {
    // back to the queue, soon, and the attempt not counted (the claim counted it)
    await db.mailOutbox.updateMany({
      where: claimed,
      data: {
        status: 'PENDING',
        attempts: row.attempts - 1,
        lockedUntil: null,
        lastError: outcome.error.slice(0, 1000),
        nextAttemptAt: new Date(outcome.now.getTime() + MAIL_RETRY.outageRetryMs),
      },
    });
  } else {
    await db.mailOutbox.updateMany({
      where: claimed,
      data: {
        status: outcome.status,
        lockedUntil: null,
        lastError: outcome.error.slice(0, 1000),
        nextAttemptAt: new Date(outcome.now.getTime() + retryDelayMs(row.attempts)),
      },
    });
  }
}

/** Extends the claims this sender still holds (fenced like finish: a lapsed claim is not taken back). */
async function renew(db: Db, rows: Iterable<ClaimedRow>, lockedUntil: Date): Promise<void> {
  for (const row of rows) {
    await db.mailOutbox.updateMany({ where: { id: row.id, status: 'SENDING', attempts: row.attempts }, data: { lockedUntil } });
  }
}

/**
 * The SENT mark of a message the server has accepted, written again and again until the database
 * takes it: leaving the row SENDING would make its claim lapse and the e-mail go out twice.
 */
async function markSent(deps: SenderDeps, row: ClaimedRow, outcome: Parameters<typeof finish>[2]): Promise<void> {
  for (let wait = MAIL_RETRY.markRetryMs; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await finish(deps.db, row, outcome);
    } catch (error) {
      deps.log.error(`[mail] ${row.kind} #${row.id} was sent, but marking it failed; trying again in ${wait} ms`, error);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** A Message-ID that stays the same for every attempt of one row. */
function messageIdOf(row: ClaimedRow, from: string): string {
  const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** The e-mail of a row: its document read now, rendered by its kind's template; null when the document is gone. */
async function render(deps: SenderDeps, kind: MailKind, payload: unknown, language: MailLanguage): Promise<RenderedMail | null> {
  const document = await loadMailDocument(kind, deps, payload as never, language);
  if (document === null) return null;
  return (MAIL_TEMPLATES[kind] as MailTemplate<unknown>).render(deps, document, language);
}

async function sendRow(deps: SenderDeps, row: ClaimedRow, now: Date, report: SendReport): Promise<void> {
  const giveUp = async (reason: string) => {
    report.failed += 1;
    deps.log.error(`[mail] ${row.kind} #${row.id} given up: ${reason}`);
    await finish(deps.db, row, { status: 'FAILED', error: reason, now });
  };
  const kind: MailKind | null = isMailKind(row.kind) ? row.kind : null;
  const payload = kind ? MAIL_PAYLOADS[kind].parse(row.payload) : null;
  if (!kind || payload === null) return giveUp(`no template "${row.kind}" for this payload`);

  /** A failed attempt: tried again later with a growing delay, given up after the last one. */
  const failedAttempt = async (error: unknown) => {
    const reason = describe(error);
    if (row.attempts >= MAIL_RETRY.maxAttempts) return giveUp(`${reason} (after ${row.attempts} attempts)`);
    report.retrying += 1;
    deps.log.error(`[mail] ${row.kind} #${row.id} attempt ${row.attempts} failed, retrying in ${retryDelayMs(row.attempts) / 1000} s: ${reason}`);
    return finish(deps.db, row, { status: 'PENDING', error: reason, now });
  };

  let mail: RenderedMail | null;
  try {
    mail = await render(deps, kind, payload, row.language);
  } catch (error) {
    if (!isDatabaseOutage(error)) return failedAttempt(error);
    // the e-mail's document could not be read: sent again once the database is back, soon. When
    // the database is still away this mark fails too and the round ends; the claim then lapses
    // (MAIL_RETRY.leaseMs) and the row is sent by whichever sender comes first.
    const reason = describe(error);
    report.retrying += 1;
    deps.log.error(`[mail] ${row.kind} #${row.id}: the database is unavailable, trying again in ${MAIL_RETRY.outageRetryMs / 1000} s: ${reason}`);
    return finish(deps.db, row, { status: 'OUTAGE', error: reason, now });
  }
  if (!mail) return giveUp('what the e-mail is about no longer exists');

  let sent: SentMail;
  try {
    sent = await deps.transport.send(
      {
        from: deps.from,
        to: row.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        messageId: messageIdOf(row, deps.from),
        date: now,
        // RFC 3834: no out-of-office or other automatic answer to a machine's e-mail
        headers: { 'Auto-Submitted': 'auto-generated' },
      },
      `${now.toISOString().replace(/[:.]/g, '-')}-${row.kind}-${row.id}`,
    );
  } catch (error) {
    return failedAttempt(error);
  }
  // outside the try: once the server has the message, a failure here must never lead to a retry
  await markSent(deps, row, { status: 'SENT', messageId: sent.messageId, clearPayload: MAIL_PAYLOADS[kind].secret === true, now });
  report.sent += 1;
  deps.log.info(sent.file ? `[mail] ${row.kind} #${row.id} written to ${sent.file}` : `[mail] ${row.kind} #${row.id} sent`);
}

/** Sends every e-mail that is due now, batch by batch; resolves with what happened. */
export async function sendPendingMail(deps: SenderDeps, options: SendOptions = {}): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const now = options.now ?? new Date();
    const rows = await claim(deps.db, now, options.kinds);
    // the rows not finished yet keep their claims while this sender lives (on the same clock as `now`)
    const held = new Set(rows);
    const claimedAt = Date.now();
    const renewal = setInterval(() => {
      const lockedUntil = new Date(now.getTime() + (Date.now() - claimedAt) + MAIL_RETRY.leaseMs);
      void renew(deps.db, [...held], lockedUntil).catch(() => undefined); // the database away: the next tick tries
    }, MAIL_RETRY.renewEveryMs);
    try {
      for (const row of rows) {
        await sendRow(deps, row, now, report);
        held.delete(row);
      }
    } finally {
      clearInterval(renewal);
    }
    if (rows.length < MAIL_RETRY.batchSize) return report;
  }
}
