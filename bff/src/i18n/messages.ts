// Messages the server returns to shoppers, in both languages.
import type { Language } from '../graphql/context.ts';

const messages = {
  variantNotChosen: { cs: 'Vyberte prosím variantu produktu.', en: 'Please select a product variant' },
  quantityNotAvailable: {
    cs: 'Požadované množství není k dispozici. Snižte prosím množství.',
    en: 'The requested quantity is not available. Please reduce the quantity',
  },
  variantNotFound: { cs: 'Tato varianta produktu už není v nabídce.', en: 'This product variant is no longer available.' },
  cartLineNotFound: { cs: 'Tato položka už v košíku není.', en: 'This item is no longer in the cart.' },
  invalidInput: { cs: 'Zkontrolujte prosím zadané údaje.', en: 'Please check the information you entered.' },
  loginFailed: { cs: 'Při přihlašování nastala chyba. Zkontrolujte e-mail a heslo.', en: 'There was a problem logging in' },
  alreadySubscribed: { cs: 'Tento e-mail už odebírá naše novinky.', en: 'This e-mail is already subscribed to the newsletter.' },
  // partner API (http/partner-auth.ts, graphql/builder.ts)
  apiTokenInvalid: {
    cs: 'Přístupový token chybí, je neplatný nebo byl zrušen.',
    en: 'The access token is missing, invalid or revoked.',
  },
  apiRateLimited: {
    cs: 'Příliš mnoho požadavků. Zkuste to znovu za chvíli (viz hlavička Retry-After).',
    en: 'Too many requests. Try again shortly (see the Retry-After header).',
  },
  notAllowed: { cs: 'K tomuto údaji nebo akci nemáte oprávnění.', en: 'You are not allowed to access this data or action.' },
  somethingWentWrong: { cs: 'Něco se pokazilo, zkuste to prosím znovu.', en: 'Something went wrong, please try again' },
} as const;

export type MessageKey = keyof typeof messages;

export function message(key: MessageKey, language: Language): string {
  return messages[key][language];
}
