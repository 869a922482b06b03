// Where e-mails go: an SMTP server (SMTP_URL, through nodemailer) or, without one, .eml files in
// DATA_DIR/mail/ that a person trying the shop opens in any mail program.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../config.ts';

export type SentMail = { messageId: string; /** the .eml file, when written to disk */ file?: string };

export type MailTransport = {
  /** For the log: where mail goes (the SMTP host, never its password, or the directory). */
  description: string;
  send: (message: SendMailOptions, fileStem: string) => Promise<SentMail>;
  close: () => void;
};

// An SMTP server that stops answering must not hold a claimed row for longer than its lease
// (sender.ts): these keep one attempt under two minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const url = new URL(smtpUrl);
  return {
    description: `SMTP server ${url.hostname}${url.port ? `:${url.port}` : ''}`,
    async send(message) {
      const info = await transporter.sendMail(message);
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

function fileTransport(directory: string): MailTransport {
  // builds the complete message (headers, parts, attachments) as it would travel over SMTP
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${directory}`,
    async send(message, fileStem) {
      const info = await builder.sendMail(message);
      // the files hold password reset links and personal data: only the shop's own user may read them
      await mkdir(directory, { recursive: true, mode: 0o700 });
      await chmod(directory, 0o700);
      const file = path.join(directory, `${fileStem}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId, file };
    },
    close: () => builder.close(),
  };
}

/** SMTP with SMTP_URL, files under mailDir without it. */
export function createMailTransport(config: Pick<Config, 'smtpUrl' | 'mailDir'>): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.mailDir);
}
