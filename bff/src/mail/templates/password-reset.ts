// The forgotten-password e-mail (issue 7, requirement A6), in the account's language: a link to
// /zmena-hesla/{token} (/en/change-password/{token}) valid for 60 minutes. The token is the only
// copy outside the database's hash, so the outbox row's payload is emptied once it is sent. It says
// that a new password signs out every device and revokes the apps' access tokens (issue 40, item 6).
import { href } from '../../../../schema/routes.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { MailPayload } from '../../services/mail-outbox.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: 'Obnovení hesla – {shop}',
    intro: 'někdo (nejspíš vy) požádal o nové heslo k účtu v obchodě {shop}. Nové heslo si nastavíte přes tento odkaz:',
    button: 'Nastavit nové heslo',
    validity: 'Odkaz platí {minutes} minut a lze ho použít jen jednou. Pokud jste o změnu nežádali, e-mail ignorujte – vaše heslo zůstává beze změny.',
    signOut: 'Nové heslo vás odhlásí na všech zařízeních a zruší přístupové tokeny aplikací, které jste k účtu přihlásili.',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Reset your password – {shop}',
    intro: 'someone (most likely you) asked for a new password for an account at {shop}. Set your new password with this link:',
    button: 'Set a new password',
    validity: 'The link is valid for {minutes} minutes and works only once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    signOut: 'A new password signs you out on every device and revokes the access tokens of apps you signed in to your account.',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

// the outbox row's payload is the whole document: the link's token and how long it is valid
export const passwordReset: MailTemplate<MailPayload<'passwordReset'>> = {
  async render(context, { token, validMinutes, firstName }, language) {
    const t = TEXTS[language];
    const values = { shop: SUPPLIER.shopName, minutes: String(validMinutes) };
    const subject = fill(t.subject, values);
    const link = context.publicUrl + href('changePassword', language, { hash: token });
    const body = html`<p>${greeting(language, firstName)}</p>
<p>${fill(t.intro, values)}</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;">${t.button}</a></p>
<p style="word-break:break-all;font-size:13px;">${link}</p>
<p style="color:#667085;font-size:13px;">${fill(t.validity, values)}</p>
<p style="color:#667085;font-size:13px;">${t.signOut}</p>
<p style="white-space:pre-line;">${fill(t.signature, values)}</p>`;
    const text = [greeting(language, firstName), '', fill(t.intro, values), link, '', fill(t.validity, values), t.signOut, '', fill(t.signature, values), '', textFooter(language)].join('\n');
    return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
  },
};
