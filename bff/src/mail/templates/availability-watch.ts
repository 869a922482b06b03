// "Back in stock": the e-mail a watch sends when its variant's stock goes from 0 to more
// (the database trigger of migration 20261122164000_wishlist_watch enqueues it). It names the product
// and the size/colour, links the product page and carries the watch's unsubscribe link.
import { href } from '../../../../schema/routes.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { variantText } from '../../../../schema/rules/variant.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { WatchMailDocument } from '../../services/availability-watch.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: '{product} je znovu skladem',
    intro: 'zboží, jehož dostupnost hlídáte, je znovu skladem:',
    hurry: 'Kusů bývá málo, nečekejte proto příliš dlouho.',
    view: 'Zobrazit produkt',
    once: 'Toto upozornění posíláme jednou. Pokud už nechcete dostávat upozornění o dostupnosti zboží, hlídání zrušíte zde:',
    unsubscribe: 'Zrušit hlídání dostupnosti',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: '{product} is back in stock',
    intro: 'the item you asked us to watch is back in stock:',
    hurry: 'Pieces tend to be few, so do not wait too long.',
    view: 'View the product',
    once: 'We send this notice once. If you no longer want availability notices, cancel your watches here:',
    unsubscribe: 'Cancel availability watches',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

export const availabilityWatch: MailTemplate<WatchMailDocument> = {
  async render(context, watch, language) {
    const t = TEXTS[language];
    const values = { product: watch.productName, shop: SUPPLIER.shopName };
    const itemText = [watch.productName, variantText(watch, language)].filter(Boolean).join(' – ');
    const productUrl = context.publicUrl + href('product', language, { slug: watch.productSlug });
    const unsubscribeUrl = context.publicUrl + href('watchUnsubscribe', language, { token: watch.unsubscribeToken });
    const subject = fill(t.subject, values);

    const body = html`
<p style="margin:0 0 12px;">${greeting(language, watch.firstName)}</p>
<p style="margin:0 0 8px;">${t.intro}</p>
<p style="margin:0 0 16px;font-size:17px;font-weight:bold;">${itemText}</p>
<p style="margin:0 0 16px;">${t.hurry}</p>
<p style="margin:0 0 24px;"><a href="${productUrl}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${t.view}</a></p>
<p style="margin:24px 0 0;white-space:pre-line;">${fill(t.signature, values)}</p>
<p style="margin:24px 0 0;font-size:12px;color:#667085;">${t.once} <a href="${unsubscribeUrl}">${t.unsubscribe}</a></p>`;

    const text = [
      greeting(language, watch.firstName),
      '',
      t.intro,
      itemText,
      '',
      t.hurry,
      '',
      `${t.view}: ${productUrl}`,
      '',
      fill(t.signature, values),
      '',
      `${t.once} ${unsubscribeUrl}`,
      '',
      textFooter(language),
    ].join('\n');

    return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
  },
};
