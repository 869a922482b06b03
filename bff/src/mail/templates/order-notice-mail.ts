// An e-mail that tells the customer what happened to her order (payment received, credit note issued):
// the greeting, a few paragraphs, a button to the order's summary and the signature, in HTML and in
// plain text alike.
import { greeting, html, htmlDocument, textFooter } from './layout.ts';
import type { MailAttachment, MailLanguage, RenderedMail } from './types.ts';

/** What the e-mail says, its texts already filled in. */
export type OrderNoticeMail = {
  subject: string;
  firstName: string | null;
  paragraphs: string[];
  /** The button's label; the plain text writes it before the address. */
  viewOrder: string;
  summaryUrl: string;
  signature: string;
  attachments: MailAttachment[];
};

export function renderOrderNoticeMail(language: MailLanguage, mail: OrderNoticeMail): RenderedMail {
  const hello = greeting(language, mail.firstName);
  const body = html`
<p style="margin:0 0 12px;">${hello}</p>
${mail.paragraphs.map((paragraph) => html`<p style="margin:0 0 16px;">${paragraph}</p>`)}
<p style="margin:8px 0 24px;"><a href="${mail.summaryUrl}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${mail.viewOrder}</a></p>
<p style="margin:24px 0 0;white-space:pre-line;">${mail.signature}</p>`;
  const text = [
    hello,
    '',
    ...mail.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${mail.viewOrder}: ${mail.summaryUrl}`,
    '',
    mail.signature,
    '',
    textFooter(language),
  ].join('\n');
  return { subject: mail.subject, html: htmlDocument(language, mail.subject, body), text, attachments: mail.attachments };
}
