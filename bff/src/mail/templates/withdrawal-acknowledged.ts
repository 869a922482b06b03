// The acknowledgement of a withdrawal from the contract on a durable medium (Art. 11a CRD; docs/
// decisions/0061): the declaration's full content with the date and time it reached the shop (Prague
// time), what happens next, the declaration as a PDF and the model withdrawal form as a PDF.
import { formatDateTime } from '../../../../schema/rules/dates.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { DEFAULT_WITHDRAWAL_PERIOD_DAYS } from '../../../../schema/rules/withdrawal.ts';
import { href } from '../../../../schema/routes.ts';
import { modelFormFileName, withdrawalDeclarationLines, withdrawalFileName } from '../../pdf/withdrawal.ts';
import { drawInThread } from '../../pdf/drawing-thread.ts';
import type { WithdrawalDocument } from '../../services/withdrawals.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: 'Potvrzení odstoupení od smlouvy – objednávka č. {order}',
    intro: 'potvrzujeme, že jsme dne {date} přijali vaše odstoupení od smlouvy k objednávce č. {order}. Jeho plné znění:',
    next: 'Zboží nám prosím pošlete nejpozději do 14 dnů na adresu {address}, nebo ho přineste na kteroukoli naši prodejnu. Peníze vrátíme do 14 dnů od odstoupení, ne však dříve, než zboží obdržíme nebo nám prokážete, že jste ho odeslali.',
    attachments: 'V příloze najdete odstoupení jako PDF a vzorový formulář pro odstoupení od smlouvy ({link}).',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Withdrawal from the contract received – order No. {order}',
    intro: 'we confirm that we received your withdrawal from the contract for order No. {order} on {date}. Its full text:',
    next: 'Please send the goods back within 14 days to {address}, or bring them to any of our stores. We will refund the money within 14 days of the withdrawal, but not before we have the goods back or you have shown that you sent them.',
    attachments: 'The withdrawal is attached as a PDF, with the model withdrawal form ({link}).',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

export const withdrawalAcknowledged: MailTemplate<WithdrawalDocument> = {
  async render(context, withdrawal, language) {
    const t = TEXTS[language];
    const values = {
      order: withdrawal.orderNumber,
      date: formatDateTime(withdrawal.receivedAt ?? new Date(), language),
      address: `${SUPPLIER.company}, ${SUPPLIER.street}, ${SUPPLIER.postcode} ${SUPPLIER.city}`,
      link: context.publicUrl + href('withdrawalModelForm', language),
      shop: SUPPLIER.shopName,
    };
    const subject = fill(t.subject, values);
    const declaration = withdrawalDeclarationLines(withdrawal, language);
    const firstName = withdrawal.name.split(/\s+/)[0];
    const body = html`<p>${greeting(language, firstName)}</p>
<p>${fill(t.intro, values)}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #0a5096;" data-declaration>${declaration.map((line) => html`<p style="margin:0 0 6px;">${line}</p>`)}</blockquote>
<p>${fill(t.next, values)}</p>
<p>${fill(t.attachments, values)}</p>
<p style="white-space:pre-line;">${fill(t.signature, values)}</p>`;
    const text = [greeting(language, firstName), '', fill(t.intro, values), '', ...declaration, '', fill(t.next, values), fill(t.attachments, values), '', fill(t.signature, values), '', textFooter(language)].join('\n');
    return {
      subject,
      html: htmlDocument(language, subject, body),
      text,
      attachments: [
        { filename: withdrawalFileName(withdrawal.orderNumber, language), content: await drawInThread('withdrawal', withdrawal), contentType: 'application/pdf' },
        { filename: modelFormFileName(language), content: await drawInThread('modelForm', language, context.withdrawalPeriodDays ?? DEFAULT_WITHDRAWAL_PERIOD_DAYS), contentType: 'application/pdf' },
      ],
    };
  },
};
