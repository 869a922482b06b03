// An e-mail whose point is one link (confirm an order, confirm a withdrawal, set a new password): the
// greeting, why it came, a button with the link written out under it, short grey notes (how long the
// link is valid, what to do if it was not you) and the signature, in HTML and in plain text alike.
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { fill, greeting, html, htmlDocument, textFooter } from './layout.ts';
import type { MailLanguage, RenderedMail } from './types.ts';

/** A link e-mail's texts in one language; {shop} and the template's own values are filled in. */
export type LinkMailTexts = {
  subject: string;
  intro: string;
  button: string;
  /** How long the link is valid and what to do if it was not you: the grey note under the link. */
  validity: string;
  /** A second grey note where there is more to say (a new password signs out every device). */
  note?: string;
  signature: string;
};

export type LinkMail = {
  link: string;
  firstName: string | null | undefined;
  /** The template's values for its texts' {name}s, besides {shop}. */
  values: Record<string, string>;
};

export function renderLinkMail(language: MailLanguage, texts: LinkMailTexts, mail: LinkMail): RenderedMail {
  const values = { shop: SUPPLIER.shopName, ...mail.values };
  const subject = fill(texts.subject, values);
  const hello = greeting(language, mail.firstName);
  const intro = fill(texts.intro, values);
  const notes = [texts.validity, ...(texts.note ? [texts.note] : [])].map((note) => fill(note, values));
  const signature = fill(texts.signature, values);
  const body = html`<p>${hello}</p>
<p>${intro}</p>
<p><a href="${mail.link}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;">${texts.button}</a></p>
<p style="word-break:break-all;font-size:13px;">${mail.link}</p>
${notes.map((note) => html`<p style="color:#667085;font-size:13px;">${note}</p>\n`)}<p style="white-space:pre-line;">${signature}</p>`;
  const text = [hello, '', intro, mail.link, '', ...notes, '', signature, '', textFooter(language)].join('\n');
  return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
}
