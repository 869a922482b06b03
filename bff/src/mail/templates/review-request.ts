// Some days after delivery (REVIEW_REQUEST_DAYS), one e-mail per order asks for reviews of its goods
// (jobs/review-requests.ts, docs/decisions/0075): /recenze/{token} (/en/review/{token}) opens the order's
// products with the review form, for a guest order too. The token is kept only as its hash, so the
// outbox row's payload is emptied once it is sent.
import { href } from '../../../../schema/routes.ts';
import { renderLinkMail, type LinkMailTexts } from './link-mail.ts';
import type { ReviewRequestDocument } from '../../services/reviews.ts';
import type { MailLanguage, MailTemplate } from './types.ts';


const TEXTS = {
  cs: {
    subject: 'Jak jste spokojeni se zbožím z objednávky {number}? – {shop}',
    intro: 'děkujeme za nákup. Pomozte prosím ostatním zákazníkům a ohodnoťte zboží z objednávky {number} ({products}). Zabere to chvilku:',
    button: 'Ohodnotit zboží',
    validity:
      'Recenzi může napsat jen ten, kdo zboží koupil; před zveřejněním ji zkontrolujeme. Tento e-mail posíláme k objednávce jen jednou. Pokud si podobné e-maily nepřejete, zaškrtněte to příště v pokladně.',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'How do you like the goods of order {number}? – {shop}',
    intro: 'thank you for your purchase. Please help other shoppers and review the goods of order {number} ({products}). It takes a moment:',
    button: 'Review the goods',
    validity:
      'Only buyers can review a product, and we check every review before it is published. We send this e-mail only once per order. If you do not want such e-mails, tick the box at the checkout next time.',
    signature: 'Best regards\nthe {shop} team',
  },
} as const satisfies Record<MailLanguage, LinkMailTexts>;

export const reviewRequest: MailTemplate<ReviewRequestDocument> = {
  async render(context, { token, orderNumber, firstName, productNames }, language) {
    const link = context.publicUrl + href('reviewLink', language, { token });
    return renderLinkMail(language, TEXTS[language], { link, firstName, values: { number: orderNumber, products: productNames.join(', ') } });
  },
};
