// "Your order was cancelled": by the unpaid-orders job (a bank-transfer order unpaid after its payment
// deadline, services/unpaid-orders.ts), by the customer herself, or by the shop (an order not collected
// at the store included; services/order-transitions.ts). Its goods went back on sale; a paid order says
// how the money comes back.
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
    introCustomer: 'na vaše přání jsme zrušili objednávku č. {number} ze dne {date} na částku {amount}.',
    introShop: 'vaši objednávku č. {number} ze dne {date} na částku {amount} jsme zrušili.',
    introUncollected: 'vaši objednávku č. {number} ze dne {date} na částku {amount} jsme zrušili, protože jste si ji do data vyzvednutí nevyzvedli.',
    refund: 'Zaplacenou částku {refund} vám vrátíme nejpozději do 14 dnů na účet, ze kterého jste platili. Opravný daňový doklad vám pošleme zvlášť, pokud jsme už vystavili fakturu.',
    goods: 'Zboží jsme vrátili do prodeje. Pokud o něj stále stojíte, objednejte si ho prosím znovu.',
    paidMeanwhile: 'Pokud jste platbu mezitím odeslali, ozvěte se nám prosím na {email} a vše vyřešíme.',
    questions: 'S dotazy se na nás obraťte na {email}.',
    shop: 'Přejít do obchodu',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Order No. {number} was cancelled',
    intro: 'we have cancelled your order No. {number} of {date} for {amount}, because we did not receive the payment by its due date, {due}.',
    introCustomer: 'as you asked, we have cancelled your order No. {number} of {date} for {amount}.',
    introShop: 'we have cancelled your order No. {number} of {date} for {amount}.',
    introUncollected: 'we have cancelled your order No. {number} of {date} for {amount}, because it was not collected by its pickup deadline.',
    refund: 'We will return the {refund} you paid to the account you paid from within 14 days at the latest. If we had issued an invoice, a credit note follows in a separate e-mail.',
    goods: 'The goods are on sale again. If you still want them, please order them again.',
    paidMeanwhile: 'If you have sent the payment meanwhile, please write to us at {email} and we will sort it out.',
    questions: 'If you have any questions, write to us at {email}.',
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
      refund: formatMoney(order.refundDue, order.currency, language),
      email: SUPPLIER.email,
      shop: SUPPLIER.shopName,
    };
    const shopUrl = context.publicUrl + href('home', language);
    const subject = fill(t.subject, values);
    const byJob = order.cancelledBy === 'job' && !order.uncollected;
    const intro = byJob ? t.intro : order.uncollected ? t.introUncollected : order.cancelledBy === 'customer' ? t.introCustomer : t.introShop;
    const paragraphs = [
      fill(intro, values),
      ...(order.refundDue > 0 ? [fill(t.refund, values)] : []),
      t.goods,
      fill(byJob ? t.paidMeanwhile : t.questions, values),
    ];

    const body = html`
<p style="margin:0 0 12px;">${greeting(language, order.firstName)}</p>
${paragraphs.map((paragraph) => html`<p style="margin:0 0 16px;">${paragraph}</p>`)}
<p style="margin:0 0 24px;"><a href="${shopUrl}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${t.shop}</a></p>
<p style="margin:24px 0 0;white-space:pre-line;">${fill(t.signature, values)}</p>`;

    const text = [
      greeting(language, order.firstName),
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      `${t.shop}: ${shopUrl}`,
      '',
      fill(t.signature, values),
      '',
      textFooter(language),
    ].join('\n');

    return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
  },
};
