// "Your order was cancelled": a bank-transfer order unpaid after its payment deadline was cancelled by
// the unpaid-orders job (services/unpaid-orders.ts) and its goods went back on sale.
import { href } from '../../../../schema/routes.ts';
import { formatDate } from '../../../../schema/rules/dates.ts';
import { formatMoney } from '../../../../schema/rules/money.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { CancelledOrderMailDocument } from '../../services/unpaid-orders.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: 'Objednávka č. {number} byla zrušena',
    intro: 'vaši objednávku č. {number} ze dne {date} na částku {amount} jsme zrušili, protože do data splatnosti {due} jsme neobdrželi platbu.',
    goods: 'Zboží jsme vrátili do prodeje. Pokud o něj stále stojíte, objednejte si ho prosím znovu.',
    paidMeanwhile: 'Pokud jste platbu mezitím odeslali, ozvěte se nám prosím na {email} a vše vyřešíme.',
    shop: 'Přejít do obchodu',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Order No. {number} was cancelled',
    intro: 'we have cancelled your order No. {number} of {date} for {amount}, because we did not receive the payment by its due date, {due}.',
    goods: 'The goods are on sale again. If you still want them, please order them again.',
    paidMeanwhile: 'If you have sent the payment meanwhile, please write to us at {email} and we will sort it out.',
    shop: 'Go to the shop',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

export const orderCancelled: MailTemplate<CancelledOrderMailDocument> = {
  async render(context, order, language) {
    const t = TEXTS[language];
    const values = {
      number: order.number,
      date: formatDate(order.createdAt, language),
      due: order.paymentDueAt ? formatDate(order.paymentDueAt, language) : '',
      amount: formatMoney(order.totalGross, order.currency, language),
      email: SUPPLIER.email,
      shop: SUPPLIER.shopName,
    };
    const shopUrl = context.publicUrl + href('home', language);
    const subject = fill(t.subject, values);

    const body = html`
<p style="margin:0 0 12px;">${greeting(language, order.firstName)}</p>
<p style="margin:0 0 16px;">${fill(t.intro, values)}</p>
<p style="margin:0 0 16px;">${t.goods}</p>
<p style="margin:0 0 24px;">${fill(t.paidMeanwhile, values)}</p>
<p style="margin:0 0 24px;"><a href="${shopUrl}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${t.shop}</a></p>
<p style="margin:24px 0 0;white-space:pre-line;">${fill(t.signature, values)}</p>`;

    const text = [
      greeting(language, order.firstName),
      '',
      fill(t.intro, values),
      '',
      t.goods,
      '',
      fill(t.paidMeanwhile, values),
      '',
      `${t.shop}: ${shopUrl}`,
      '',
      fill(t.signature, values),
      '',
      textFooter(language),
    ].join('\n');

    return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
  },
};
