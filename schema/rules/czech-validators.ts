// Schema rules for the Czech-market checks, for use next to the generic validators.
import { validateCzechBankAccount } from './bank-account.ts';
import { validateDic } from './dic.ts';
import { validateIco } from './ico.ts';
import { normalizePostcode } from './postcode.ts';
import { validatePhone } from './phone.ts';
import { createRule, digits, length, type Rule } from './validators.ts';

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

/** A number people type with spaces ('120 00', '255 96 641'): the spaces do not count. */
function withoutSpaces(value: unknown): string {
  return String(value).replace(/\s+/g, '');
}

/** The spec's 'digits only' rule (section 5) for a number that may be typed with spaces (IČO, PSČ). */
export const spacedDigits: Rule = createRule('digits', (value) => digits.test(withoutSpaces(value), {}), (locale) => digits.message(locale));

/** The spec's 'exact length' rule (section 5) for such a number: the spaces do not count. */
export function spacedLength(count: number): Rule {
  const exact = length(count);
  return createRule('length', (value, context) => exact.test(withoutSpaces(value), context), (locale) => exact.message(locale));
}

/** Countries whose postcodes are five digits: the digits and length rules apply to theirs only. */
function fiveDigitPostcodeCountry(country: unknown): boolean {
  const code = typeof country === 'string' && country.trim() !== '' ? country.trim().toUpperCase() : DEFAULT_POSTCODE_COUNTRY;
  return code === 'CZ' || code === 'SK';
}

/**
 * PSČ by the spec's generic rules first ('Pole musí obsahovat pouze číslice.', 'Vyplňte prosím přesně
 * 5 znaků.', spaces not counted), then the country's numbering (`postcode`).
 */
export function postcodeRules(countryField: string): Rule[] {
  const five = spacedLength(5);
  return [
    createRule('digits', (value, context) => !fiveDigitPostcodeCountry(context[countryField]) || spacedDigits.test(value, context), (locale) => digits.message(locale)),
    createRule('length', (value, context) => !fiveDigitPostcodeCountry(context[countryField]) || five.test(value, context), (locale) => five.message(locale)),
    postcode(countryField),
  ];
}

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
