// Schema rules for the Czech-market checks, for use next to the generic validators.
import { validateCzechBankAccount } from './bank-account.ts';
import { validateDic } from './dic.ts';
import { validateIco } from './ico.ts';
import { normalizePostcode } from './postcode.ts';
import { validatePhone } from './phone.ts';
import { createRule, type Rule } from './validators.ts';

/** Country assumed for a postcode when the form has no country chosen yet. */
export const DEFAULT_POSTCODE_COUNTRY = 'CZ';

export const ico: Rule = createRule('ico', (value) => validateIco(String(value)), {
  cs: 'Zadejte platné IČO.',
  en: 'Enter a valid company ID.',
});

export const dic: Rule = createRule('dic', (value) => validateDic(String(value)), {
  cs: 'Zadejte platné DIČ.',
  en: 'Enter a valid VAT ID.',
});

export const bankAccount: Rule = createRule('bankAccount', (value) => validateCzechBankAccount(String(value)), {
  cs: 'Číslo bankovního účtu není platné.',
  en: 'The bank account number is not valid',
});

/** Postcode checked by the rules of the country chosen in `countryField` of the same form. */
export function postcode(countryField: string): Rule {
  return createRule(
    'postcode',
    (value, context) => {
      const country = context[countryField];
      const countryCode = typeof country === 'string' && country.trim() !== '' ? country : DEFAULT_POSTCODE_COUNTRY;
      return normalizePostcode(String(value), countryCode) !== null;
    },
    { cs: 'Zadejte platné PSČ.', en: 'Enter a valid postcode.' },
  );
}

export const phone: Rule = createRule('phone', (value) => validatePhone(String(value)), {
  cs: 'Zadejte platné telefonní číslo.',
  en: 'Enter a valid phone number.',
});
