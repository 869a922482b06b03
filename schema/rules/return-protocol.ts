// The return protocol (reklamační protokol, spec sections 3 and 5): the form's fields with their rules,
// run by the web form and again by the BFF before anything is saved.
import { bankAccountToIban, czechIbanToBankAccount, isValidCzechBankAccount, validateCzechBankAccount } from './bank-account.ts';
import { bankAccount as czechBankAccountRule, phone, postcodeRules } from './czech-validators.ts';
import { compactIban, validateIban } from './iban.ts';
import { CHECKOUT_COUNTRIES } from './checkout.ts';
import type { Locale } from './locale.ts';
import { createRule, email, max, multiLine, required, type FormSchema, type Messages } from './validators.ts';

/** Rows of returned goods one protocol may list. */
export const RETURN_MAX_LINES = 20;
export const RETURN_NOTE_MAX_LENGTH = 2000;
export const RETURN_LINE_MAX_QUANTITY = 99;

/**
 * A refund account: Czech `[prefix-]number/bank` (checksums and the CNB's bank codes) or an IBAN
 * (a Czech IBAN must hold a valid Czech account too). Same message as the shop's bank-account rule.
 */
export function isValidRefundAccount(value: string): boolean {
  if (validateCzechBankAccount(value)) return true;
  const iban = compactIban(value);
  if (!validateIban(iban)) return false;
  if (!iban.startsWith('CZ')) return true;
  const account = czechIbanToBankAccount(iban);
  return account !== null && isValidCzechBankAccount(account);
}

/** The account as the protocol stores it: Czech form as written (without spaces), an IBAN compact. */
export function normalizeRefundAccount(value: string): string {
  const trimmed = value.replace(/\s+/g, '');
  return validateCzechBankAccount(trimmed) ? trimmed : compactIban(trimmed);
}

/** The IBAN of a refund account (for the protocol and the bank); null when the account is not valid. */
export function refundAccountIban(value: string): string | null {
  if (validateCzechBankAccount(value)) return bankAccountToIban(value);
  return isValidRefundAccount(value) ? compactIban(value) : null;
}

export const refundAccount = createRule('bankAccount', (value) => isValidRefundAccount(String(value)), (locale) => czechBankAccountRule.message(locale));

const country = createRule('country', (value) => (CHECKOUT_COUNTRIES as readonly unknown[]).includes(value), {
  cs: 'Vyberte zemi ze seznamu.',
  en: 'Choose a country from the list.',
});

/** The protocol's own fields (the goods rows have their own schema below). */
export const returnProtocolFormSchema = {
  orderNumber: [required, max(20)],
  bankAccount: [required, max(42), refundAccount],
  firstName: [required, max(100)],
  lastName: [required, max(100)],
  email: [required, email, max(254)],
  phone: [required, phone],
  street: [required, max(200)],
  city: [required, max(100)],
  postcode: [required, ...postcodeRules('country')],
  country: [required, country],
  note: [multiLine, max(RETURN_NOTE_MAX_LENGTH)],
} as const satisfies FormSchema;

/** One row of returned goods. */
export const returnLineFormSchema = {
  productTitle: [required, max(200)],
  productCode: [required, max(64)],
  reason: [max(500)],
} as const satisfies FormSchema;

export type ReturnProtocolField = keyof typeof returnProtocolFormSchema;

export const RETURN_MESSAGES = {
  noLines: { cs: 'Uveďte prosím alespoň jeden vracený produkt.', en: 'Please list at least one product you are returning.' },
  tooManyLines: { cs: 'Jeden protokol může obsahovat nejvýše {max} položek.', en: 'One protocol can list at most {max} items.' },
  quantity: { cs: 'Množství musí být od 1 do {max} kusů.', en: 'The quantity must be from 1 to {max} pieces.' },
  orderLinkNeeded: {
    cs: 'Objednávku bez přihlášení reklamujte prosím přes odkaz „Zobrazit objednávku“ v e-mailu s jejím potvrzením. Objednávky ze svého účtu reklamujete po přihlášení.',
    en: 'To return goods from an order placed without logging in, please use the “View your order” link in its confirmation e-mail. Orders from your account can be returned once you log in.',
  },
  orderNotFound: {
    cs: 'Objednávku s tímto číslem a e-mailem nenacházíme. Zkontrolujte je prosím (najdete je v potvrzení objednávky).',
    en: 'We cannot find an order with this number and e-mail. Please check them (they are in your order confirmation).',
  },
  saveFailed: {
    cs: 'Reklamační protokol se nepodařilo uložit. Vaše údaje zůstaly ve formuláři, zkuste to prosím znovu.',
    en: 'The return protocol could not be saved. Everything you entered is still in the form; please try again.',
  },
} as const satisfies Record<string, Messages>;

export function returnMessage(key: keyof typeof RETURN_MESSAGES, locale: Locale, values: Record<string, string | number> = {}): string {
  return RETURN_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}
