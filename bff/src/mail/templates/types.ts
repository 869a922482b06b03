// What a mail template is: it receives the document its e-mail shows (read when the e-mail is sent,
// mail/documents.ts) and renders it in the outbox row's language. A template loads nothing and knows
// no database.
import type { Locale } from '../../../../schema/rules/locale.ts';

/** The language of an e-mail: the shop's locales. */
export type MailLanguage = Locale;

export type MailContext = {
  /** The shop's public address, for links in the e-mail. */
  publicUrl: string;
  /**
   * The shop's withdrawal period in days (config.withdrawalPeriodDays, WITHDRAWAL_PERIOD_DAYS) that the
   * order confirmation and the model form attached to a withdrawal's acknowledgement state; the mail job
   * passes the setting, a template left without it states the default (DEFAULT_WITHDRAWAL_PERIOD_DAYS).
   */
  withdrawalPeriodDays?: number;
};

export type MailAttachment = {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for pictures the HTML shows inline (<img src="cid:...">). */
  cid?: string;
};

export type RenderedMail = { subject: string; html: string; text: string; attachments: MailAttachment[] };

export type MailTemplate<Document> = {
  render: (context: MailContext, document: Document, language: MailLanguage) => Promise<RenderedMail>;
};
