// The mail job: sends the mail outbox through the one outbox mechanism (outbox.ts), each row by
// mail/sender.ts (render, transport). It runs when kicked (right after a transaction that enqueued an
// e-mail commits: services call kickMailSender(db), which reaches the kick registered here) and every
// MAIL interval (retries, and rows another instance enqueued), one round at a time (background-loop.ts).
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { registerMailSender, type MailKind } from '../services/mail-outbox.ts';
import { sendMailRow, type MailColumns, type MailLog, type MailRow, type SenderDeps } from '../mail/sender.ts';
import { createMailTransport, type MailTransport } from '../mail/transport.ts';
import { startBackgroundLoop } from './background-loop.ts';
import { sendOutbox, type OutboxTable } from './outbox.ts';

export type { SenderDeps } from '../mail/sender.ts';

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

export const MAIL_OUTBOX: OutboxTable<MailRow, 'SENT', MailColumns> = {
  table: 'MailOutbox',
  columns: Prisma.sql`claimed."kind", claimed."recipient", claimed."language"::text AS "language", claimed."payload"`,
  order: ['id'],
  eligible: Prisma.empty,
  timings: MAIL_RETRY,
  retryAt: (row, now) => (row.attempts >= MAIL_RETRY.maxAttempts ? null : new Date(now.getTime() + retryDelayMs(row.attempts))),
  write: async (db, where, mark, columns) => (await db.mailOutbox.updateMany({ where, data: { ...columns, ...mark } })).count,
  done: 'SENT',
  label: '[mail]',
  describe: (row) => `${row.kind} #${row.id}`,
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

/** Sends every e-mail that is due now, batch by batch; resolves with what was recorded. */
export async function sendPendingMail(deps: SenderDeps, options: SendOptions = {}): Promise<SendReport> {
  const only = options.kinds ? Prisma.sql`due."kind" IN (${Prisma.join(options.kinds)})` : undefined;
  const report = await sendOutbox(deps.db, MAIL_OUTBOX, (row, now) => sendMailRow(deps, row, now), deps.log, { now: options.now, only });
  return { sent: report.done, retrying: report.retrying, failed: report.failed };
}

export type Mailer = {
  transport: MailTransport;
  /** Sends what is due soon, without waiting; a kick while sending runs one more round after it. */
  kick: () => void;
  /** Sends what is due now (of `options.kinds` only, when given) and resolves when done (tests, shutdown, commands). */
  sendNow: (options?: Pick<SendOptions, 'kinds'>) => Promise<SendReport>;
  /** Resolves when no round is running or queued. */
  idle: () => Promise<void>;
  close: () => Promise<void>;
};

export type MailConfig = Pick<Config, 'smtpUrl' | 'mailDir' | 'mailFrom' | 'mailIntervalMs' | 'publicUrl' | 'withdrawalPeriodDays' | 'eurRate' | 'ticketSecret' | 'sessionSecret' | 'dataDir'>;

/**
 * The mail sender of this database client: every MAIL interval (0: only when kicked, as commands and
 * tests want), and at once after kickMailSender(db).
 */
export function startMailJob(db: Db, config: MailConfig, log: MailLog, transport: MailTransport = createMailTransport(config)): Mailer {
  const ticketKeys = { ticketSecret: config.ticketSecret, sessionSecret: config.sessionSecret, dataDir: config.dataDir };
  const deps = { db, transport, from: config.mailFrom, publicUrl: config.publicUrl, withdrawalPeriodDays: config.withdrawalPeriodDays, eurRate: config.eurRate, ticketKeys, log };
  log.info(`E-mails go to ${transport.description}${config.smtpUrl ? '' : ' (no SMTP_URL set)'}`);
  const sender = startBackgroundLoop({
    round: () => sendPendingMail(deps),
    intervalMs: config.mailIntervalMs,
    // what was left from before a restart goes out now (where the interval runs; tests kick themselves)
    firstRoundAfterMs: 0,
    // After a round the database cut short (the rows stay, a claimed one until its lease lapses), or
    // one that put e-mails back for a retry, the sender looks again soon rather than at the next
    // interval: an e-mail that met a database restart goes out seconds after the database is back (issue 25).
    retry: { afterMs: MAIL_RETRY.outageRetryMs, when: (report) => report.retrying > 0 },
    failure: '[mail] sending failed',
    log,
  });
  // kickMailSender(db), called by services after a commit that enqueued e-mail, kicks this sender
  const unregister = registerMailSender(db, sender.kick);
  return {
    transport,
    kick: sender.kick,
    sendNow: (options) => sendPendingMail(deps, options),
    idle: sender.idle,
    async close() {
      await sender.close();
      transport.close();
      unregister();
    },
  };
}
