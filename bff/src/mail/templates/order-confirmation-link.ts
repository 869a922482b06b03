// The link that confirms an order sent from the checkout without JavaScript (services/
// order-confirmations.ts, docs/decisions/0049), in the checkout's language: /objednavka/potvrzeni/{token}
// (/en/order/confirm/{token}), valid for 30 minutes, while the goods are held. The token is the only
// copy outside the database's hash, so the outbox row's payload is emptied once it is sent.
import { href } from '../../../../schema/routes.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { MailPayload } from '../../services/mail-outbox.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: 'Potvrďte prosím objednávku – {shop}',
    intro: 'z vašeho připojení nedávno přišla jiná objednávka, proto tuto potvrzujeme e-mailem. Objednávku odešlete přes tento odkaz:',
    button: 'Potvrdit objednávku',
    validity: 'Zboží vám držíme {minutes} minut; odkaz platí stejně dlouho a lze ho použít jen jednou. Pokud jste nic neobjednávali, e-mail ignorujte – bez potvrzení se žádná objednávka neodešle.',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Please confirm your order – {shop}',
    intro: 'another order recently came from your connection, so we confirm this one by e-mail. Send your order with this link:',
    button: 'Confirm the order',
    validity: 'We hold the goods for you for {minutes} minutes; the link is valid as long and works only once. If you did not order anything, ignore this e-mail: without the confirmation no order is sent.',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

// the outbox row's payload is the whole document: the link's token and how long it is valid
export const orderConfirmationLink: MailTemplate<MailPayload<'orderConfirmationLink'>> = {
  async render(context, { token, validMinutes, firstName }, language) {
    const t = TEXTS[language];
    const values = { shop: SUPPLIER.shopName, minutes: String(validMinutes) };
    const subject = fill(t.subject, values);
    const link = context.publicUrl + href('orderConfirm', language, { token });
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
