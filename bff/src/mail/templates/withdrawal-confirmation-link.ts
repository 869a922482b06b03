// The link that confirms a guest's withdrawal from the contract (services/withdrawals.ts, docs/
// decisions/0061), sent to the order's e-mail: /objednavka/potvrzeni-odstoupeni/{token}
// (/en/order/confirm-withdrawal/{token}), valid 24 hours. The token is the only copy outside the
// database's hash, so the outbox row's payload is emptied once it is sent.
import { href } from '../../../../schema/routes.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { MailPayload } from '../../services/mail-outbox.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: 'Potvrďte prosím odstoupení od smlouvy – {shop}',
    intro: 'k vaší objednávce jsme obdrželi odstoupení od smlouvy. Aby od ní nemohl odstoupit nikdo jiný, potvrďte ho prosím přes tento odkaz:',
    button: 'Potvrdit odstoupení',
    validity: 'Odkaz platí {hours} hodin. Pokud jste od smlouvy neodstupovali, e-mail ignorujte – bez potvrzení se nic nezmění.',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Please confirm your withdrawal from the contract – {shop}',
    intro: 'we have received a withdrawal from the contract for your order. So that nobody else can withdraw from it, please confirm it with this link:',
    button: 'Confirm withdrawal',
    validity: 'The link is valid for {hours} hours. If you did not withdraw, ignore this e-mail: without the confirmation nothing changes.',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

export const withdrawalConfirmationLink: MailTemplate<MailPayload<'withdrawalConfirmationLink'>> = {
  async render(context, { token, validMinutes, firstName }, language) {
    const t = TEXTS[language];
    const values = { shop: SUPPLIER.shopName, hours: String(Math.round(validMinutes / 60)) };
    const subject = fill(t.subject, values);
    const link = context.publicUrl + href('withdrawalConfirm', language, { token });
    const body = html`<p>${greeting(language, firstName)}</p>
<p>${fill(t.intro, values)}</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;">${t.button}</a></p>
<p style="word-break:break-all;font-size:13px;">${link}</p>
<p style="color:#667085;font-size:13px;">${fill(t.validity, values)}</p>
<p style="white-space:pre-line;">${fill(t.signature, values)}</p>`;
    const text = [greeting(language, firstName), '', fill(t.intro, values), link, '', fill(t.validity, values), '', fill(t.signature, values), '', textFooter(language)].join('\n');
    return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
  },
};
