// "Payment received": the shop recorded the payment of an order (services/order-payments.ts, decision
// 0046). Says what arrived and when, what happens next, an overpayment that will be returned, and,
// for an order with match tickets, attaches them again: they now let their holders in.
import { href } from '../../../../schema/routes.ts';
import { formatDate } from '../../../../schema/rules/dates.ts';
import { formatMoney } from '../../../../schema/rules/money.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { PaymentReceivedMailDocument } from '../../services/order-payments.ts';
import type { MailAttachment, MailTemplate } from './types.ts';

/** The order and its payment, and the order's tickets as one PDF when it has any. */
export type PaymentReceivedDocument = { order: PaymentReceivedMailDocument; tickets: { fileName: string; bytes: Buffer } | null };

const TEXTS = {
  cs: {
    subject: 'Platba přijata – objednávka č. {number}',
    intro: 'dne {paidOn} jsme přijali vaši platbu {amount} za objednávku č. {number} ze dne {date}. Děkujeme!',
    next: 'Objednávku teď připravíme a dáme vám vědět, až bude na cestě nebo připravená k vyzvednutí.',
    overpaid: 'Zaplatili jste o {extra} víc, než bylo třeba. Přeplatek vám vrátíme na účet, ze kterého platba přišla.',
    tickets: 'Vstupenky na zápas teď platí. V příloze ({file}) vám je posíláme znovu, už bez upozornění, že nejsou zaplacené.',
    viewOrder: 'Zobrazit objednávku',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Payment received – order No. {number}',
    intro: 'on {paidOn} we received your payment of {amount} for order No. {number} of {date}. Thank you!',
    next: 'We are now preparing your order and will let you know when it is on its way or ready for pickup.',
    overpaid: 'You paid {extra} more than the total. We will return the difference to the account the payment came from.',
    tickets: 'Your match tickets are now valid. We attach them again ({file}), without the note that they are unpaid.',
    viewOrder: 'View your order',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

export const paymentReceived: MailTemplate<PaymentReceivedDocument> = {
  async render(context, { order, tickets }, language) {
    const t = TEXTS[language];
    const money = (amount: number) => formatMoney(amount, order.currency, language);
    const extra = order.payment.amount - order.totalGross;
    const values = {
      number: order.number,
      date: formatDate(order.createdAt, language),
      // the day as the bank gave it (YYYY-MM-DD, midnight UTC): the same day in Prague
      paidOn: formatDate(`${order.payment.paidOn}T12:00:00Z`, language),
      amount: money(order.payment.amount),
      extra: money(extra),
      file: tickets?.fileName ?? '',
      shop: SUPPLIER.shopName,
    };
    const summaryUrl = context.publicUrl + href('orderSummary', language, { id: order.id, hash: order.hash });
    const subject = fill(t.subject, values);
    const paragraphs = [fill(t.intro, values), t.next, ...(extra > 0 ? [fill(t.overpaid, values)] : []), ...(tickets ? [fill(t.tickets, values)] : [])];
    const attachments: MailAttachment[] = tickets ? [{ filename: tickets.fileName, content: tickets.bytes, contentType: 'application/pdf' }] : [];

    const body = html`
<p style="margin:0 0 12px;">${greeting(language, order.firstName)}</p>
${paragraphs.map((paragraph) => html`<p style="margin:0 0 16px;">${paragraph}</p>`)}
<p style="margin:8px 0 24px;"><a href="${summaryUrl}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${t.viewOrder}</a></p>
<p style="margin:24px 0 0;white-space:pre-line;">${fill(t.signature, values)}</p>`;

    const text = [
      greeting(language, order.firstName),
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      `${t.viewOrder}: ${summaryUrl}`,
      '',
      fill(t.signature, values),
      '',
      textFooter(language),
    ].join('\n');

    return { subject, html: htmlDocument(language, subject, body), text, attachments };
  },
};
