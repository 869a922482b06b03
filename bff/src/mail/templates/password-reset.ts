// The forgotten-password e-mail (issue 7, requirement A6), in the account's language: a link to
// /zmena-hesla/{token} (/en/change-password/{token}) valid for 60 minutes. The token is the only
// copy outside the database's hash, so the outbox row's payload is emptied once it is sent. It says
// that a new password signs out every device and revokes the apps' access tokens (issue 40, item 6).
import { href } from '../../../../schema/routes.ts';
import { renderLinkMail, type LinkMailTexts } from './link-mail.ts';
import type { MailPayload } from '../../services/mail-outbox.ts';
import type { MailLanguage, MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: 'Obnovení hesla – {shop}',
    intro: 'někdo (nejspíš vy) požádal o nové heslo k účtu v obchodě {shop}. Nové heslo si nastavíte přes tento odkaz:',
    button: 'Nastavit nové heslo',
    validity: 'Odkaz platí {minutes} minut a lze ho použít jen jednou. Pokud jste o změnu nežádali, e-mail ignorujte – vaše heslo zůstává beze změny.',
    note: 'Nové heslo vás odhlásí na všech zařízeních a zruší přístupové tokeny aplikací, které jste k účtu přihlásili.',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Reset your password – {shop}',
    intro: 'someone (most likely you) asked for a new password for an account at {shop}. Set your new password with this link:',
    button: 'Set a new password',
    validity: 'The link is valid for {minutes} minutes and works only once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    note: 'A new password signs you out on every device and revokes the access tokens of apps you signed in to your account.',
    signature: 'Best regards\nthe {shop} team',
  },
} as const satisfies Record<MailLanguage, LinkMailTexts>;

// the outbox row's payload is the whole document: the link's token and how long it is valid
export const passwordReset: MailTemplate<MailPayload<'passwordReset'>> = {
  async render(context, { token, validMinutes, firstName }, language) {
    const link = context.publicUrl + href('changePassword', language, { hash: token });
    return renderLinkMail(language, TEXTS[language], { link, firstName, values: { minutes: String(validMinutes) } });
  },
};
