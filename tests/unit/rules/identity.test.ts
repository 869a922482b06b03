// The account forms' schemas (schema/rules/identity.ts) and the common-password list they rely on
// on the server (bff/src/services/password-policy.ts).
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../../schema/rules/index.ts';
import {
  changePasswordFormSchema,
  deleteAccountFormSchema,
  forgottenPasswordFormSchema,
  registrationFormSchema,
  resetPasswordFormSchema,
} from '../../../schema/rules/identity.ts';
import { checkPasswordForm, commonPasswords, isCommonPassword } from '../../../bff/src/services/password-policy.ts';

const valid = {
  email: 'jana@example.cz',
  phone: '',
  firstName: 'Jana',
  lastName: 'Nováková',
  password: 'Dlouhé heslo bez pravidel',
  passwordConfirmation: 'Dlouhé heslo bez pravidel',
  newsletter: false,
  consent: true,
};

describe('registration form schema', () => {
  it('accepts a complete form with an optional phone left empty', () => {
    expect(validateForm(valid, registrationFormSchema, 'cs')).toEqual({});
  });

  it("gives the spec's Czech messages: required, email, min, max, confirmed; the consent is required", () => {
    const errors = validateForm(
      { ...valid, email: 'x@', firstName: ' ', lastName: 'x'.repeat(101), password: 'abc', passwordConfirmation: 'abd', consent: false },
      registrationFormSchema,
      'cs',
    );
    expect(errors).toEqual({
      email: 'Pole musí obsahovat platný email.',
      firstName: 'Toto pole je povinné.',
      lastName: 'Vyplňte prosím maximálně 100 znaků.',
      password: 'Vyplňte prosím minimálně 8 znaků.',
      passwordConfirmation: 'Toto pole není validní.',
      consent: 'Toto pole je povinné.',
    });
  });

  it('counts characters, not bytes: 128 emoji pass, 129 do not', () => {
    const ok = '🙂'.repeat(128);
    const tooLong = '🙂'.repeat(129);
    expect(validateForm({ ...valid, password: ok, passwordConfirmation: ok }, registrationFormSchema, 'en')).toEqual({});
    expect(validateForm({ ...valid, password: tooLong, passwordConfirmation: tooLong }, registrationFormSchema, 'en').password).toBe(
      'Please enter at most 128 characters.',
    );
  });
});

describe('password forms', () => {
  it('forgotten password needs a valid e-mail', () => {
    expect(validateForm({ email: '' }, forgottenPasswordFormSchema, 'cs')).toEqual({ email: 'Toto pole je povinné.' });
    expect(validateForm({ email: 'jana@example.cz' }, forgottenPasswordFormSchema, 'cs')).toEqual({});
  });

  it('a new password needs its confirmation; the change also the old password; deletion the password', () => {
    expect(validateForm({ password: 'Nové-heslo-1', passwordConfirmation: 'Nové-heslo-2' }, resetPasswordFormSchema, 'cs')).toEqual({
      passwordConfirmation: 'Toto pole není validní.',
    });
    expect(validateForm({ oldPassword: '', password: 'Nové-heslo-1', passwordConfirmation: 'Nové-heslo-1' }, changePasswordFormSchema, 'cs')).toEqual({
      oldPassword: 'Toto pole je povinné.',
    });
    expect(validateForm({ password: '' }, deleteAccountFormSchema, 'en')).toEqual({ password: 'This field is required.' });
  });
});

describe('the 10 000 most common passwords', () => {
  it('holds 10 000 distinct entries', () => {
    expect(commonPasswords().size).toBe(10_000);
  });

  it('refuses listed passwords as typed and lower-cased, and lets others through', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('Zelený-kopec-2026')).toBe(false);
  });

  it('adds its message to the field only when the length rules pass', () => {
    expect(checkPasswordForm({ password: 'baseball', passwordConfirmation: 'baseball' }, resetPasswordFormSchema, 'cs')).toEqual([
      { field: 'password', message: 'Toto heslo je mezi nejčastěji používanými, zvolte prosím jiné.' },
    ]);
    expect(checkPasswordForm({ password: 'abc', passwordConfirmation: 'abc' }, resetPasswordFormSchema, 'cs')).toEqual([
      { field: 'password', message: 'Vyplňte prosím minimálně 8 znaků.' },
    ]);
  });
});
