// The e-mails a test app has sent (no SMTP_URL: .eml files in its own mail directory), parsed.
// Waits for the outbox sender first, so an e-mail enqueued by the last request is there.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { TestApp } from './test-app.ts';
import { settledResetRequests } from '../../bff/src/services/password-reset.ts';

export type SentMail = { file: string; to: string; subject: string; text: string; html: string };

export async function sentMails(app: TestApp): Promise<SentMail[]> {
  // a reset link is issued after the request is answered (services/password-reset.ts)
  await settledResetRequests();
  await app.mailer.idle();
  await app.mailer.sendNow();
  const files = (await readdir(app.config.mailDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(await readFile(path.join(app.config.mailDir, file)));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
      return { file, to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
    }),
  );
}

/** The e-mails sent to this address, oldest first. */
export async function mailsTo(app: TestApp, address: string): Promise<SentMail[]> {
  return (await sentMails(app)).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}
