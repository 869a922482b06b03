// Generic form validators shared by the web forms and the BFF, with the spec's Czech messages (section 5).
import type { Locale } from './locale.ts';
import { czechPluralCategory } from './plural.ts';
import { hasBidiControls, hasLineBreaks } from './text.ts';

/** All values of the form being validated; `confirmed` compares against another field here. */
export type ValidationContext = Readonly<Record<string, unknown>>;

export interface Rule {
  name: string;
  test(value: unknown, context: ValidationContext): boolean;
  message(locale: Locale): string;
}

export type Messages = Record<Locale, string>;

/** The values that count as "not filled in": every rule except `required` lets them pass. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * Builds a rule for a filled-in value. Empty values pass, so a field is optional unless it also has `required`.
 */
export function createRule(
  name: string,
  testFilled: (value: unknown, context: ValidationContext) => boolean,
  messages: Messages | ((locale: Locale) => string),
): Rule {
  return {
    name,
    test: (value, context) => isEmptyValue(value) || testFilled(value, context),
    message: (locale) => (typeof messages === 'function' ? messages(locale) : messages[locale]),
  };
}

/** Number of Unicode code points, so an emoji or a rare letter counts as one character. */
export function codePointLength(text: string): number {
  return Array.from(text).length;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

function characters(count: number): string {
  return count === 1 ? 'character' : 'characters';
}

/** The spec's '{n} znaků' in the form Czech needs for n: 1 znak, 4 znaky, 5 znaků. */
function znaky(count: number): string {
  const category = czechPluralCategory(count);
  return category === 'one' ? 'znak' : category === 'few' ? 'znaky' : 'znaků';
}

export const required: Rule = {
  name: 'required',
  test(value) {
    if (isEmptyValue(value) || value === false) return false;
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === 'string') return value.trim() !== '';
    return true;
  },
  message: (locale) => (locale === 'cs' ? 'Toto pole je povinné.' : 'This field is required.'),
};

const EMAIL_LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const EMAIL_DOMAIN_LABEL = /^[\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
const EMAIL_TOP_LEVEL_DOMAIN = /^(\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

export function isValidEmail(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return false;
  const localPart = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  if (codePointLength(localPart) > 64 || labels.length < 2) return false;
  const topLevelDomain = labels[labels.length - 1];
  return (
    EMAIL_LOCAL_PART.test(localPart) &&
    labels.every((label) => EMAIL_DOMAIN_LABEL.test(label) && codePointLength(label) <= 63) &&
    EMAIL_TOP_LEVEL_DOMAIN.test(topLevelDomain)
  );
}

export const email: Rule = createRule('email', (value) => isValidEmail(asText(value)), {
  cs: 'Pole musí obsahovat platný email.',
  en: 'This field must be a valid email.',
});

export function min(minLength: number): Rule {
  return createRule(
    'min',
    (value) => codePointLength(asText(value)) >= minLength,
    (locale) =>
      locale === 'cs'
        ? `Vyplňte prosím minimálně ${minLength} ${znaky(minLength)}.`
        : `Please enter at least ${minLength} ${characters(minLength)}.`,
  );
}

export function max(maxLength: number): Rule {
  return createRule(
    'max',
    (value) => codePointLength(asText(value)) <= maxLength,
    (locale) =>
      locale === 'cs'
        ? `Vyplňte prosím maximálně ${maxLength} ${znaky(maxLength)}.`
        : `Please enter at most ${maxLength} ${characters(maxLength)}.`,
  );
}

export function length(exactLength: number): Rule {
  return createRule(
    'length',
    (value) => codePointLength(asText(value)) === exactLength,
    (locale) =>
      locale === 'cs'
        ? `Vyplňte prosím přesně ${exactLength} ${znaky(exactLength)}.`
        : `Please enter exactly ${exactLength} ${characters(exactLength)}.`,
  );
}

export function confirmed(otherField: string): Rule {
  return createRule('confirmed', (value, context) => value === context[otherField], {
    cs: 'Toto pole není validní.',
    en: 'This field is not valid.',
  });
}

// ASCII 0-9, Arabic-Indic U+0660–U+0669 and Extended Arabic-Indic U+06F0–U+06F9.
const DIGITS_ONLY = /^[0-9\u0660-\u0669\u06F0-\u06F9]+$/;

export const digits: Rule = createRule('digits', (value) => DIGITS_ONLY.test(asText(value)), {
  cs: 'Pole musí obsahovat pouze číslice.',
  en: 'This field may contain digits only.',
});

/** Marks a field whose text may span lines (an order note): line breaks pass, bidi controls still do not. */
export const multiLine: Rule = { name: 'multiLine', test: () => true, message: () => '' };

const TEXT_MESSAGES = {
  bidi: {
    cs: 'Pole obsahuje neviditelné znaky, které mění směr textu. Odstraňte je prosím.',
    en: 'This field contains invisible characters that change the direction of the text. Please remove them.',
  },
  lineBreak: { cs: 'Toto pole musí být na jednom řádku.', en: 'This field must fit on a single line.' },
} satisfies Record<string, Messages>;

/**
 * Every text field is single-line unless its rules include `multiLine`, and no field may hold bidi
 * controls: checked here, before the field's own rules, so no form (web or BFF) can forget it.
 */
function textProblem(value: unknown, rules: readonly Rule[], locale: Locale): string | null {
  // blank text is `required`'s business (and is stored as '')
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (hasBidiControls(value)) return TEXT_MESSAGES.bidi[locale];
  if (hasLineBreaks(value) && !rules.includes(multiLine)) return TEXT_MESSAGES.lineBreak[locale];
  return null;
}

/** The message of the first rule the value breaks, or null when it passes them all. */
export function validateField(
  value: unknown,
  rules: readonly Rule[],
  locale: Locale,
  context: ValidationContext = {},
): string | null {
  const problem = textProblem(value, rules, locale);
  if (problem !== null) return problem;
  for (const rule of rules) {
    if (!rule.test(value, context)) return rule.message(locale);
  }
  return null;
}

export type FormSchema = Readonly<Record<string, readonly Rule[]>>;

/** Messages of the failing fields only; an empty object means the form is valid. */
export function validateForm(
  values: ValidationContext,
  schema: FormSchema,
  locale: Locale,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rules] of Object.entries(schema)) {
    const message = validateField(values[field], rules, locale, values);
    if (message !== null) errors[field] = message;
  }
  return errors;
}
