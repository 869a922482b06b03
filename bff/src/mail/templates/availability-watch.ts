// "Back in stock": the e-mail a watch sends when its variant's stock goes from 0 to more
// (the database trigger of migration 20261122164000_wishlist_watch enqueues it). It names the product
// and the size/colour, links the product page and carries the watch's unsubscribe link.
import { href } from '../../../../schema/routes.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { html, htmlDocument, textFooter } from './layout.ts';
import type { MailTemplate } from './types.ts';

export type AvailabilityWatchPayload = { watchId: number };

const TEXTS = {
  cs: {
    subject: '{product} je znovu skladem',
    greeting: 'Dobrý den,',
    intro: 'zboží, jehož dostupnost hlídáte, je znovu skladem:',
    hurry: 'Kusů bývá málo, nečekejte proto příliš dlouho.',
    view: 'Zobrazit produkt',
    once: 'Toto upozornění posíláme jednou. Pokud už nechcete dostávat upozornění o dostupnosti zboží, hlídání zrušíte zde:',
    unsubscribe: 'Zrušit hlídání dostupnosti',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: '{product} is back in stock',
    greeting: 'Hello,',
    intro: 'the item you asked us to watch is back in stock:',
    hurry: 'Pieces tend to be few, so do not wait too long.',
    view: 'View the product',
    once: 'We send this notice once. If you no longer want availability notices, cancel your watches here:',
    unsubscribe: 'Cancel availability watches',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

export const availabilityWatch: MailTemplate<AvailabilityWatchPayload> = {
  parse(payload) {
    const watchId = (payload as { watchId?: unknown } | null)?.watchId;
    return typeof watchId === 'number' && Number.isSafeInteger(watchId) ? { watchId } : null;
  },

  async render(context, { watchId }, language) {
    // gone: the watcher unsubscribed before the e-mail went out, so it is not sent
    const watch = await context.db.availabilityWatch.findUnique({
      where: { id: watchId },
      select: {
        unsubscribeToken: true,
        variant: {
          select: {
            code: true,
            size: true,
            colour: { select: { code: true, translations: { where: { language }, select: { name: true } } } },
            product: { select: { translations: { where: { language }, select: { name: true, slug: true } } } },
          },
        },
      },
    });
    const translation = watch?.variant.product.translations[0];
    if (!watch || !translation) return null;
    const t = TEXTS[language];
    const values = { product: translation.name, shop: SUPPLIER.shopName };
    const variantText = [watch.variant.size, watch.variant.colour?.translations[0]?.name ?? watch.variant.colour?.code]
      .filter(Boolean)
      .join(', ');
    const itemText = variantText ? `${translation.name} – ${variantText}` : translation.name;
    const productUrl = context.publicUrl + href('product', language, { slug: translation.slug });
    const unsubscribeUrl = context.publicUrl + href('watchUnsubscribe', language, { token: watch.unsubscribeToken });
    const subject = fill(t.subject, values);

    const body = html`
<p style="margin:0 0 12px;">${t.greeting}</p>
<p style="margin:0 0 8px;">${t.intro}</p>
<p style="margin:0 0 16px;font-size:17px;font-weight:bold;">${itemText}</p>
<p style="margin:0 0 16px;">${t.hurry}</p>
<p style="margin:0 0 24px;"><a href="${productUrl}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${t.view}</a></p>
<p style="margin:24px 0 0;white-space:pre-line;">${fill(t.signature, values)}</p>
<p style="margin:24px 0 0;font-size:12px;color:#667085;">${t.once} <a href="${unsubscribeUrl}">${t.unsubscribe}</a></p>`;

    const text = [
      t.greeting,
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
