// The mail layer's entry points. The app creates one mailer: it sends what the outbox holds when
// kicked (right after a transaction that enqueued an e-mail commits) and every MAIL interval (retries,
// and rows another instance enqueued), one round at a time (background-loop.ts).
//
// Services enqueue (services/mail-outbox.ts: inside the transaction, enqueueOrderConfirmation(tx,
// orderId) or enqueueMail(tx, {...}) and record MailEnqueued, after whose commit the app kicks the
// sender); this layer sends.
import { startBackgroundLoop } from '../background-loop.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { registerMailSender } from '../services/mail-outbox.ts';
import { MAIL_RETRY, sendPendingMail, type MailLog, type SendOptions, type SendReport } from './sender.ts';
import { createMailTransport, type MailTransport } from './transport.ts';

export { enqueueMail, enqueueOrderConfirmation, kickMailSender } from '../services/mail-outbox.ts';
export { sendPendingMail, MAIL_RETRY } from './sender.ts';

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

export function createMailer(
  db: Db,
  config: Pick<Config, 'smtpUrl' | 'mailDir' | 'mailFrom' | 'mailIntervalMs' | 'publicUrl' | 'eurRate' | 'ticketSecret' | 'sessionSecret' | 'dataDir'>,
  log: MailLog,
  transport: MailTransport = createMailTransport(config),
): Mailer {
  const ticketKeys = { ticketSecret: config.ticketSecret, sessionSecret: config.sessionSecret, dataDir: config.dataDir };
  const deps = { db, transport, from: config.mailFrom, publicUrl: config.publicUrl, eurRate: config.eurRate, ticketKeys, log };
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
