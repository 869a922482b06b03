// What a mail template is: it reads its payload from the outbox row and renders the e-mail in the
// row's language when the sender gets to it.
import type { Db } from '../../db/client.ts';

export type MailLanguage = 'cs' | 'en';

export type TemplateContext = {
  db: Db;
  /** The shop's public address, for links in the e-mail. */
  publicUrl: string;
  /** CZK per EUR (invoices of euro orders state their VAT in CZK). */
  eurRate: number;
};

export type MailAttachment = {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for pictures the HTML shows inline (<img src="cid:...">). */
  cid?: string;
};

export type RenderedMail = { subject: string; html: string; text: string; attachments: MailAttachment[] };

export type MailTemplate<Payload> = {
  /** The stored payload in its typed shape; null when it is not one (the row is given up). */
  parse: (payload: unknown) => Payload | null;
  /** The e-mail; null when what it announces no longer exists (the row is given up). */
  render: (context: TemplateContext, payload: Payload, language: MailLanguage) => Promise<RenderedMail | null>;
  /** The payload holds a secret (e.g. a password reset link): it is emptied once the e-mail is sent. */
  secretPayload?: boolean;
};
