// Sending one e-mail of the outbox: its document read now, rendered by its kind's template and handed
// to the transport (SMTP, or an .eml file without SMTP_URL). How rows are claimed, leased, retried and
// marked is the one outbox mechanism's (bff/src/jobs/outbox.ts); the mail job (bff/src/jobs/mail.ts)
// runs it. Every attempt of a row carries the same Message-ID, so mail programs show an e-mail sent
// twice (its sender died between the server's acceptance and the SENT mark) once
// (docs/decisions/0011-mail-and-pdf.md).
import type { Prisma } from '../generated/prisma/client.ts';
import type { ClaimedRow, Outcome } from '../jobs/outbox.ts';
import { isDatabaseOutage } from '../db/outage.ts';
import { isMailKind, MAIL_PAYLOADS, type MailKind } from '../services/mail-outbox.ts';
import { loadMailDocument, type DocumentDeps } from './documents.ts';
import { MAIL_TEMPLATES } from './templates/index.ts';
import type { MailContext, MailLanguage, MailTemplate, RenderedMail } from './templates/types.ts';
import type { MailTransport, SentMail } from './transport.ts';

export type MailLog = { info: (line: string) => void; error: (line: string, error?: unknown) => void };

export type SenderDeps = DocumentDeps & MailContext & {
  transport: MailTransport;
  /** The From header (MAIL_FROM). */
  from: string;
  log: MailLog;
};

/** A claimed row of the mail outbox. */
export type MailRow = ClaimedRow & { id: number; kind: string; recipient: string; language: MailLanguage; payload: unknown };

/** The mail outbox's own columns written with an outcome. */
export type MailColumns = { messageId: string; sentAt: Date; payload: Prisma.InputJsonValue };

/** A Message-ID that stays the same for every attempt of one row. */
function messageIdOf(row: MailRow, from: string): string {
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

/** One attempt at a claimed row: what it came to (the outbox records it and decides on a retry). */
export async function sendMailRow(deps: SenderDeps, row: MailRow, now: Date): Promise<Outcome<MailColumns>> {
  const kind: MailKind | null = isMailKind(row.kind) ? row.kind : null;
  const payload = kind ? MAIL_PAYLOADS[kind].parse(row.payload) : null;
  if (!kind || payload === null) return { giveUp: `no template "${row.kind}" for this payload` };

  let mail: RenderedMail | null;
  try {
    mail = await render(deps, kind, payload, row.language);
  } catch (error) {
    // the e-mail's document could not be read: sent again once the database is back, soon. When
    // the database is still away, the mark fails too and the round ends; the claim then lapses and
    // the row is sent by whichever sender comes first.
    return isDatabaseOutage(error) ? { putBack: describe(error) } : { failed: describe(error) };
  }
  if (!mail) return { giveUp: 'what the e-mail is about no longer exists' };

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
    return { failed: describe(error) };
  }
  // from here on a failure must never lead to a retry: the server has the message
  deps.log.info(sent.file ? `[mail] ${row.kind} #${row.id} written to ${sent.file}` : `[mail] ${row.kind} #${row.id} sent`);
  return { done: true, record: { messageId: sent.messageId, sentAt: now, ...(MAIL_PAYLOADS[kind].secret ? { payload: {} } : {}) } };
}
