// The return protocol (reklamační protokol, spec sections 3 and 5): the form's fields with their rules,
// run by the web form and again by the BFF before anything is saved.
import {
  bankAccountToIban,
  czechIbanToBankAccount,
  isCzechAccountNumberFormat,
  isValidCzechBankAccount,
  validateCzechAccountNumber,
  validateCzechBankAccount,
} from './bank-account.ts';
import { isKnownCzechBankCode } from './czech-bank-codes.ts';
import { bankAccount as czechBankAccountRule, phone, postcodeRules, spacedDigits, spacedLength } from './czech-validators.ts';
import { compactIban, validateIban } from './iban.ts';
import { CHECKOUT_COUNTRIES } from './checkout.ts';
import { ORDER_NUMBER_LENGTH } from './constants.ts';
import type { Locale } from './locale.ts';
import { createRule, digits, email, length, max, multiLine, required, validateForm, type FormSchema, type Messages, type Rule, type ValidationContext } from './validators.ts';

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

/**
 * The refund account as one text, as it is checked and stored: a Czech number typed without its bank
 * code gets the bank code field's ('19-2000145399' + '0800'); an account typed whole (with its `/bank`,
 * or an IBAN) is taken as it is.
 */
export function refundAccountOf(bankAccount: string, bankCode: string): string {
  const code = bankCode.trim();
  return code === '' ? bankAccount.trim() : `${bankAccount.trim()}/${code}`;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Two letters first: an IBAN (which holds its own bank code), never a Czech `[prefix-]number`. */
function looksLikeIban(value: unknown): boolean {
  return /^[A-Z]{2}/i.test(textOf(value));
}

/**
 * The account field: a valid account typed whole, or a valid `[prefix-]number` whose bank code is in
 * the `bankCode` field (whose own rules say what is wrong with the code, or that it is missing).
 */
export const refundAccount = createRule(
  'bankAccount',
  (value, context) => {
    const account = String(value);
    const bankCode = textOf(context.bankCode);
    if (bankCode === '' || looksLikeIban(account)) return isValidRefundAccount(account) || validateCzechAccountNumber(account);
    return validateCzechAccountNumber(account);
  },
  (locale) => czechBankAccountRule.message(locale),
);

/** The bank code of a Czech account typed without one: the spec's digits and exact length (4), then the CNB's list. */
export const refundBankCodeRules: readonly Rule[] = [
  {
    name: 'required',
    test: (value, context: ValidationContext) => !isCzechAccountNumberFormat(textOf(context.bankAccount)) || required.test(value, context),
    message: required.message,
  },
  createRule('bankCodeWithIban', (_value, context) => !looksLikeIban(context.bankAccount), {
    cs: 'IBAN už kód banky obsahuje, toto pole nechte prázdné.',
    en: 'An IBAN already contains the bank code: leave this field empty.',
  }),
  digits,
  length(4),
  createRule('bankCode', (value) => isKnownCzechBankCode(String(value)), { cs: 'Zadejte platný kód banky.', en: 'Enter a valid bank code.' }),
];

const country = createRule('country', (value) => (CHECKOUT_COUNTRIES as readonly unknown[]).includes(value), {
  cs: 'Vyberte zemi ze seznamu.',
  en: 'Choose a country from the list.',
});

/** An order number as typed (spaces do not count, as for the rules above) in the form the orders have. */
export function normalizeOrderNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

/** The protocol's own fields (the goods rows have their own schema below). */
export const returnProtocolFormSchema = {
  orderNumber: [required, spacedDigits, spacedLength(ORDER_NUMBER_LENGTH)],
  bankAccount: [required, max(42), refundAccount],
  bankCode: refundBankCodeRules,
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

/** The messages of one goods row, keyed `lines.{index}.{field}` as the API names them; {} when it is fine. */
export function returnLineErrors(
  line: { productTitle: string; productCode: string; reason: string; quantity: number },
  index: number,
  locale: Locale,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(validateForm(line, returnLineFormSchema, locale))) errors[`lines.${index}.${field}`] = text;
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > RETURN_LINE_MAX_QUANTITY) {
    errors[`lines.${index}.quantity`] = returnMessage('quantity', locale, { max: RETURN_LINE_MAX_QUANTITY });
  }
  return errors;
}

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
