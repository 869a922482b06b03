// The welcome e-mail after registration (issue 7), in the account's language: what the account is
// for and where to sign in. It never contains the password.
import { href } from '../../../../schema/routes.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { WelcomeMailDocument } from '../../services/registration.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: 'Vítejte v obchodě {shop}',
    intro: 'děkujeme za registraci. Váš účet je připravený: můžete v něm sledovat objednávky, uložit si fakturační a dodací adresy a nakupovat rychleji.',
    login: 'Přihlásit se',
    signature: 'Se sportovním pozdravem\ntým {shop}',
    notYou: 'Pokud jste se neregistrovali vy, napište nám prosím odpovědí na tento e-mail.',
  },
  en: {
    subject: 'Welcome to {shop}',
    intro: 'thank you for registering. Your account is ready: you can follow your orders in it, save invoice and delivery addresses and check out faster.',
    login: 'Sign in',
    signature: 'Best regards\nthe {shop} team',
    notYou: 'If you did not register, please let us know by replying to this e-mail.',
  },
} as const;

export const accountWelcome: MailTemplate<WelcomeMailDocument> = {
  async render(context, customer, language) {
    const t = TEXTS[language];
    const values = { shop: SUPPLIER.shopName };
    const hello = greeting(language, customer.firstName);
    const subject = fill(t.subject, values);
    const loginUrl = context.publicUrl + href('login', language);
    const body = html`<p>${hello}</p>
<p>${t.intro}</p>
<p><a href="${loginUrl}" style="display:inline-block;padding:10px 18px;background:#0a5096;color:#ffffff;text-decoration:none;border-radius:4px;">${t.login}</a></p>
<p style="color:#667085;font-size:13px;">${t.notYou}</p>
<p style="white-space:pre-line;">${fill(t.signature, values)}</p>`;
    const text = [hello, '', t.intro, '', `${t.login}: ${loginUrl}`, '', t.notYou, '', fill(t.signature, values), '', textFooter(language)].join('\n');
    return { subject, html: htmlDocument(language, subject, body), text, attachments: [] };
  },
};
