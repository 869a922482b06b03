// Identity forms (issue 7): registration, forgotten password, password change, deleting an account.
// One schema per form, run by the web form and by the BFF alike. Passwords (requirement A1): 8 to 128
// characters, no composition rules, never truncated; the 10 000 most common passwords are refused by
// the BFF (bff/src/services/password-policy.ts: the list is data the browser does not download).
import { phone } from './czech-validators.ts';
import type { Locale } from './locale.ts';
import { confirmed, email, max, min, required, type FormSchema, type Messages } from './validators.ts';

/** Where the signed-in customer downloads all her data as JSON (bff/src/http/privacy-export.ts). */
export const PRIVACY_EXPORT_PATHS = { cs: '/ucet/soukromi/data.json', en: '/en/account/privacy/data.json' } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

const newPassword = [required, min(PASSWORD_MIN_LENGTH), max(PASSWORD_MAX_LENGTH)];

/** Spec section 3: e-mail, phone, name, surname, password, password again, newsletter, consent. */
export const registrationFormSchema = {
  email: [required, email, max(EMAIL_MAX_LENGTH)],
  phone: [phone],
  firstName: [required, max(NAME_MAX_LENGTH)],
  lastName: [required, max(NAME_MAX_LENGTH)],
  password: newPassword,
  passwordConfirmation: [required, confirmed('password')],
  // required fails on false: the consent must be given (spec section 5)
  consent: [required],
} as const satisfies FormSchema;

export const forgottenPasswordFormSchema = {
  email: [required, email, max(EMAIL_MAX_LENGTH)],
} as const satisfies FormSchema;

/** Setting a new password with the e-mailed link: new password and its confirmation. */
export const resetPasswordFormSchema = {
  password: newPassword,
  passwordConfirmation: [required, confirmed('password')],
} as const satisfies FormSchema;

/** Spec section 3, "Password change": old password, new password, confirmation (logged in). */
export const changePasswordFormSchema = {
  oldPassword: [required, max(PASSWORD_MAX_LENGTH)],
  ...resetPasswordFormSchema,
} as const satisfies FormSchema;

/** Deleting the account asks for the password once more. */
export const deleteAccountFormSchema = {
  password: [required, max(PASSWORD_MAX_LENGTH)],
} as const satisfies FormSchema;

/** Messages of the account screens that are rules rather than texts of one page (spec section 8). */
export const ACCOUNT_MESSAGES = {
  commonPassword: {
    cs: 'Toto heslo je mezi nejčastěji používanými, zvolte prosím jiné.',
    en: 'This password is one of the most common ones; please choose another.',
  },
} as const satisfies Record<string, Messages>;

export function accountMessage(key: keyof typeof ACCOUNT_MESSAGES, locale: Locale): string {
  return ACCOUNT_MESSAGES[key][locale];
}
