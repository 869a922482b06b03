// The link that confirms a guest's withdrawal from the contract (services/withdrawals.ts, docs/
// decisions/0061), sent to the order's e-mail: /objednavka/potvrzeni-odstoupeni/{token}
// (/en/order/confirm-withdrawal/{token}), valid 24 hours. The token is the only copy outside the
// database's hash, so the outbox row's payload is emptied once it is sent.
import { href } from '../../../../schema/routes.ts';
import { renderLinkMail, type LinkMailTexts } from './link-mail.ts';
import type { MailPayload } from '../../services/mail-outbox.ts';
import type { MailLanguage, MailTemplate } from './types.ts';

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
} as const satisfies Record<MailLanguage, LinkMailTexts>;

export const withdrawalConfirmationLink: MailTemplate<MailPayload<'withdrawalConfirmationLink'>> = {
  async render(context, { token, validMinutes, firstName }, language) {
    const link = context.publicUrl + href('withdrawalConfirm', language, { token });
    return renderLinkMail(language, TEXTS[language], { link, firstName, values: { hours: String(Math.round(validMinutes / 60)) } });
  },
};
