// "Your order is on its way" and the other moves the customer hears of (services/order-transitions.ts,
// decision 0067): being packed, shipped (carrier, tracking number and link), ready at the store (which
// store, until when), delivered, picked up, and the reminder a day before the pickup deadline. An order
// paid on handover says what to have ready.
import { href } from '../../../../schema/routes.ts';
import { formatDate, formatDateTime } from '../../../../schema/rules/dates.ts';
import { formatMoney } from '../../../../schema/rules/money.ts';
import { carrierDisplayName } from '../../../../schema/rules/carriers.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { OrderProgressMailDocument } from '../../services/order-progress.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: {
      PROCESSING: 'Objednávku č. {number} balíme',
      SHIPPED: 'Objednávka č. {number} je na cestě',
      READY_FOR_PICKUP: 'Objednávka č. {number} je připravená k vyzvednutí',
      DELIVERED: 'Objednávka č. {number} byla doručena',
      PICKED_UP: 'Objednávka č. {number} byla vyzvednuta',
      PICKUP_REMINDER: 'Připomínka: objednávka č. {number} na vás čeká jen do {deadline}',
    },
    intro: {
      PROCESSING: 'vaši objednávku č. {number} ze dne {date} právě balíme. Až ji předáme dopravci nebo bude připravená k vyzvednutí, dáme vám vědět.',
      SHIPPED: 'vaši objednávku č. {number} ze dne {date} jsme předali dopravci {carrier}. Číslo zásilky je {tracking}.',
      SHIPPED_UNNAMED: 'vaši objednávku č. {number} ze dne {date} jsme předali dopravci. Číslo zásilky je {tracking}.',
      READY_FOR_PICKUP: 'vaše objednávka č. {number} ze dne {date} je připravená k vyzvednutí na prodejně {store}. Vyzvedněte si ji prosím nejpozději {deadline}.',
      DELIVERED: 'vaše objednávka č. {number} ze dne {date} byla doručena. Děkujeme za nákup a přejeme, ať vám zboží dobře slouží.',
      PICKED_UP: 'vaši objednávku č. {number} ze dne {date} jste si vyzvedli. Děkujeme za nákup a přejeme, ať vám zboží dobře slouží.',
      PICKUP_REMINDER: 'vaše objednávka č. {number} ze dne {date} na vás stále čeká na prodejně {store}. Vyzvedněte si ji prosím nejpozději {deadline}, jinak ji zrušíme.',
    },
    track: 'Sledovat zásilku',
    payOnHandover: 'Při převzetí zaplatíte {amount}.',
    viewOrder: 'Zobrazit objednávku',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: {
      PROCESSING: 'We are packing order No. {number}',
      SHIPPED: 'Order No. {number} is on its way',
      READY_FOR_PICKUP: 'Order No. {number} is ready for pickup',
      DELIVERED: 'Order No. {number} was delivered',
      PICKED_UP: 'Order No. {number} was picked up',
      PICKUP_REMINDER: 'Reminder: order No. {number} waits for you only until {deadline}',
    },
    intro: {
      PROCESSING: 'we are packing your order No. {number} of {date}. We will let you know when it is handed to the carrier or ready for pickup.',
      SHIPPED: 'we have handed your order No. {number} of {date} to {carrier}. The tracking number is {tracking}.',
      SHIPPED_UNNAMED: 'we have handed your order No. {number} of {date} to the carrier. The tracking number is {tracking}.',
      READY_FOR_PICKUP: 'your order No. {number} of {date} is ready for pickup at our store {store}. Please collect it by {deadline}.',
      DELIVERED: 'your order No. {number} of {date} was delivered. Thank you for shopping with us; we hope you enjoy it.',
      PICKED_UP: 'you have picked up your order No. {number} of {date}. Thank you for shopping with us; we hope you enjoy it.',
      PICKUP_REMINDER: 'your order No. {number} of {date} is still waiting for you at our store {store}. Please collect it by {deadline}, or it will be cancelled.',
    },
    track: 'Track the parcel',
    payOnHandover: 'You pay {amount} when you receive it.',
    viewOrder: 'View your order',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

const BUTTON = 'display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;';

export const orderProgress: MailTemplate<OrderProgressMailDocument> = {
  async render(context, order, language) {
    const t = TEXTS[language];
    const store = order.store ? `${order.store.name}, ${order.store.street}, ${order.store.postcode} ${order.store.city}` : '';
    const values = {
      number: order.number,
      date: formatDate(order.createdAt, language),
      carrier: carrierDisplayName(order.carrier, language) ?? '',
      tracking: order.trackingNumber ?? '',
      store,
      deadline: order.pickupDeadline ? formatDateTime(order.pickupDeadline, language) : '',
      amount: formatMoney(order.totalGross, order.currency, language),
      shop: SUPPLIER.shopName,
    };
    const summaryUrl = context.publicUrl + href('orderSummary', language, { id: order.id, hash: order.hash });
    const subject = fill(t.subject[order.step], values);
    const handover = order.payOnHandover && !order.paid && ['SHIPPED', 'READY_FOR_PICKUP', 'PICKUP_REMINDER'].includes(order.step);
    const intro = order.step === 'SHIPPED' && !values.carrier ? t.intro.SHIPPED_UNNAMED : t.intro[order.step];
    const paragraphs = [fill(intro, values), ...(handover ? [fill(t.payOnHandover, values)] : [])];
    const trackingUrl = order.step === 'SHIPPED' ? order.trackingUrl : null;

    const body = html`
<p style="margin:0 0 12px;">${greeting(language, order.firstName)}</p>
${paragraphs.map((paragraph) => html`<p style="margin:0 0 16px;">${paragraph}</p>`)}
${trackingUrl ? html`<p style="margin:8px 0 16px;"><a href="${trackingUrl}" style="${BUTTON}">${t.track}</a></p>` : ''}
<p style="margin:8px 0 24px;"><a href="${summaryUrl}" style="${BUTTON}">${t.viewOrder}</a></p>
<p style="margin:24px 0 0;white-space:pre-line;">${fill(t.signature, values)}</p>`;

    const text = [
      greeting(language, order.firstName),
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      ...(trackingUrl ? [`${t.track}: ${trackingUrl}`, ''] : []),
      `${t.viewOrder}: ${summaryUrl}`,
      '',
      fill(t.signature, values),
      '',
      textFooter(language),
    ].join('\n');

    return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
  },
};
