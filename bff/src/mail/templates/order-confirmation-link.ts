// The link that confirms an order sent from the checkout without JavaScript (services/
// order-confirmations.ts, docs/decisions/0049), in the checkout's language: /objednavka/potvrzeni/{token}
// (/en/order/confirm/{token}), valid for 30 minutes, while the goods are held. The token is the only
// copy outside the database's hash, so the outbox row's payload is emptied once it is sent.
import { href } from '../../../../schema/routes.ts';
import { renderLinkMail, type LinkMailTexts } from './link-mail.ts';
import type { MailPayload } from '../../services/mail-outbox.ts';
import type { MailLanguage, MailTemplate } from './types.ts';

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
} as const satisfies Record<MailLanguage, LinkMailTexts>;

// the outbox row's payload is the whole document: the link's token and how long it is valid
export const orderConfirmationLink: MailTemplate<MailPayload<'orderConfirmationLink'>> = {
  async render(context, { token, validMinutes, firstName }, language) {
    const link = context.publicUrl + href('orderConfirm', language, { token });
    return renderLinkMail(language, TEXTS[language], { link, firstName, values: { minutes: String(validMinutes) } });
  },
};
