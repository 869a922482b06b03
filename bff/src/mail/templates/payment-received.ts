// "Payment received": the shop recorded the payment of an order (services/order-payments.ts, decision
// 0046). Says what arrived and when, what happens next, an overpayment that will be returned, and,
// for an order with match tickets, attaches them again: they now let their holders in.
import { href } from '../../../../schema/routes.ts';
import { formatDate } from '../../../../schema/rules/dates.ts';
import { formatMoney } from '../../../../schema/rules/money.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { fill } from './layout.ts';
import { renderOrderNoticeMail } from './order-notice-mail.ts';
import type { PaymentReceivedMailDocument } from '../../services/order-payments.ts';
import type { MailTemplate } from './types.ts';

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
    const paragraphs = [fill(t.intro, values), t.next, ...(extra > 0 ? [fill(t.overpaid, values)] : []), ...(tickets ? [fill(t.tickets, values)] : [])];
    return renderOrderNoticeMail(language, {
      subject: fill(t.subject, values),
      firstName: order.firstName,
      paragraphs,
      viewOrder: t.viewOrder,
      summaryUrl: context.publicUrl + href('orderSummary', language, { id: order.id, hash: order.hash }),
      signature: fill(t.signature, values),
      // the tickets again, now valid
      attachments: tickets ? [{ filename: tickets.fileName, content: tickets.bytes, contentType: 'application/pdf' }] : [],
    });
  },
};
