// The mail layer's entry points. The app creates one mailer: it sends what the outbox holds when
// kicked (right after a transaction that enqueued an e-mail commits) and every MAIL interval (retries,
// and rows another instance enqueued).
//
// Services enqueue (services/mail-outbox.ts: inside the transaction, enqueueOrderConfirmation(tx,
// orderId) or enqueueMail(tx, {...}); after the commit, kickMailSender(db)); this layer sends.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { registerMailSender } from '../services/mail-outbox.ts';
import { sendPendingMail, type MailLog, type SendOptions, type SendReport } from './sender.ts';
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
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const round = async (): Promise<void> => {
    do {
      again = false;
      try {
        await sendPendingMail(deps);
      } catch (error) {
        // the database was unreachable: the rows stay and the next kick or interval picks them up
        log.error('[mail] sending failed', error);
      }
    } while (again && !closed);
  };
  const kick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = round().finally(() => {
      running = null;
    });
  };
  const timer = config.mailIntervalMs > 0 ? setInterval(kick, config.mailIntervalMs) : null;
  timer?.unref();

  const mailer: Mailer = {
    transport,
    kick,
    sendNow: (options) => sendPendingMail(deps, options),
    idle: async () => {
      while (running) await running;
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await mailer.idle();
      transport.close();
      unregister();
    },
  };
  const unregister = registerMailSender(db, kick);
  log.info(`E-mails go to ${transport.description}${config.smtpUrl ? '' : ' (no SMTP_URL set)'}`);
  // what was left from before a restart goes out now (where the interval runs; tests kick themselves)
  if (timer) kick();
  return mailer;
}
