// A withdrawal's next steps, as the shop owner records them (npm run order -- withdrawal …; docs/
// decisions/0061): the goods came back, then the money went back.
import { formatMoney } from '../../../../schema/rules/money.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import type { WithdrawalDocument } from '../../services/withdrawals.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    GOODS_RECEIVED: {
      subject: 'Vrácené zboží jsme obdrželi – objednávka č. {order}',
      text: 'zboží, od jehož koupě jste k objednávce č. {order} odstoupili, jsme obdrželi. Peníze vám pošleme na účet {account} do 14 dnů od odstoupení.',
    },
    REFUNDED: {
      subject: 'Peníze jsme vrátili – objednávka č. {order}',
      text: 'za zboží, od jehož koupě jste k objednávce č. {order} odstoupili, jsme vám na účet {account} poslali {amount}.',
    },
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    GOODS_RECEIVED: {
      subject: 'We have received the returned goods – order No. {order}',
      text: 'we have received the goods you withdrew from in order No. {order}. We will send the money to the account {account} within 14 days of the withdrawal.',
    },
    REFUNDED: {
      subject: 'We have refunded the money – order No. {order}',
      text: 'we have sent {amount} to the account {account} for the goods you withdrew from in order No. {order}.',
    },
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

export type WithdrawalProgressDocument = WithdrawalDocument & { step: 'GOODS_RECEIVED' | 'REFUNDED' };

export const withdrawalProgress: MailTemplate<WithdrawalProgressDocument> = {
  async render(_context, withdrawal, language) {
    const t = TEXTS[language];
    const values = {
      order: withdrawal.orderNumber,
      account: withdrawal.refundAccount,
      amount: formatMoney(withdrawal.refundAmount ?? 0, withdrawal.currency, language),
      shop: SUPPLIER.shopName,
    };
    const subject = fill(t[withdrawal.step].subject, values);
    const firstName = withdrawal.name.split(/\s+/)[0];
    const body = html`<p>${greeting(language, firstName)}</p>
<p>${fill(t[withdrawal.step].text, values)}</p>
<p style="white-space:pre-line;">${fill(t.signature, values)}</p>`;
    const text = [greeting(language, firstName), '', fill(t[withdrawal.step].text, values), '', fill(t.signature, values), '', textFooter(language)].join('\n');
    return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
  },
};
