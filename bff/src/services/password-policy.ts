// What a new password must be (requirement A1): 8 to 128 characters (schema/rules/identity.ts), no
// composition rules, and not one of the 10 000 most common passwords (data/common-passwords-10000.txt,
// SecLists, see data/README.md). Compared as typed and lower-cased, since the list is lower-case
// ("Password1" is as guessable as "password1"). The whole password is hashed: argon2id does not
// truncate (unlike bcrypt at 72 bytes), which tests/integration/registration.test.ts checks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateForm, type FormSchema, type Locale } from '../../../schema/rules/index.ts';
import { accountMessage } from '../../../schema/rules/identity.ts';
import type { FieldError } from './errors.ts';

let common: Set<string> | null = null;

/** The list, read once on first use. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'data/common-passwords-10000.txt'), 'utf8')
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line.length > 0),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  return list.has(password) || list.has(password.toLowerCase());
}

/**
 * The form's field errors: the schema's rules first, then the common-password check on `field`
 * (only when the schema passed for it). An empty list means the values are fine.
 */
export function checkPasswordForm(values: Record<string, unknown>, schema: FormSchema, language: Locale, field = 'password'): FieldError[] {
  const errors = validateForm(values, schema, language);
  const password = values[field];
  if (!errors[field] && typeof password === 'string' && isCommonPassword(password)) {
    errors[field] = accountMessage('commonPassword', language);
  }
  return Object.entries(errors).map(([name, message]) => ({ field: name, message }));
}
