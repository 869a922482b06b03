// The spec's 'digits only' and 'exact length' rules where they apply (issue 24, item 6): PSČ, IČO, the
// return protocol's order number and the refund account's bank code, in the schemas the browser, the
// no-JS actions and the BFF all run.
import { describe, expect, it } from 'vitest';
import { addressFormSchema, companyFormSchema, validateField, validateForm } from '../../../schema/rules/index.ts';
import { refundAccountOf, returnProtocolFormSchema } from '../../../schema/rules/return-protocol.ts';

describe('the spec validators in the form schemas', () => {
  it('PSČ: digits only and exactly 5 of them (spaces not counted) for CZ and SK; other countries as typed', () => {
    const rules = addressFormSchema.postcode;
    expect(validateField('12O 00', rules, 'cs', { country: 'CZ' })).toBe('Pole musí obsahovat pouze číslice.');
    expect(validateField('1200', rules, 'cs', { country: 'CZ' })).toBe('Vyplňte prosím přesně 5 znaků.');
    expect(validateField('1200', rules, 'en', { country: 'SK' })).toBe('Please enter exactly 5 characters.');
    expect(validateField('120 00', rules, 'cs', { country: 'CZ' })).toBeNull();
    expect(validateField('811 01', rules, 'cs', { country: 'CZ' })).toBe('Zadejte platné PSČ.');
    expect(validateField('SW1A 1AA', rules, 'cs', { country: 'GB' })).toBeNull();
  });

  it('IČO: digits only before its checksum', () => {
    expect(validateField('2559664A', companyFormSchema.ico, 'cs', {})).toBe('Pole musí obsahovat pouze číslice.');
    expect(validateField('255 96 641', companyFormSchema.ico, 'cs', {})).toBe(validateField('25596641', companyFormSchema.ico, 'cs', {}));
    expect(validateField('25596642', companyFormSchema.ico, 'cs', {})).toBe('Zadejte platné IČO.');
  });

  it('order number (return protocol): digits only, exactly 10 of them, as orders are numbered (YYYY + 6 digits)', () => {
    const rules = returnProtocolFormSchema.orderNumber;
    expect(validateField('20260', rules, 'cs')).toBe('Vyplňte prosím přesně 10 znaků.');
    expect(validateField('20260', rules, 'en')).toBe('Please enter exactly 10 characters.');
    expect(validateField('20260001234', rules, 'cs')).toBe('Vyplňte prosím přesně 10 znaků.');
    expect(validateField('2026OOO123', rules, 'cs')).toBe('Pole musí obsahovat pouze číslice.');
    expect(validateField('2026-000123', rules, 'en')).toBe('This field may contain digits only.');
    expect(validateField('2026000123', rules, 'cs')).toBeNull();
    expect(validateField(' 2026 000 123 ', rules, 'cs')).toBeNull();
    expect(validateField('', rules, 'cs')).toBe('Toto pole je povinné.');
  });

  describe('bank code of the refund account (return protocol)', () => {
    const errorsOf = (bankAccount: string, bankCode: string, locale: 'cs' | 'en' = 'cs') => {
      const errors = validateForm({ bankAccount, bankCode }, { bankAccount: returnProtocolFormSchema.bankAccount, bankCode: returnProtocolFormSchema.bankCode }, locale);
      return errors;
    };

    it('digits only, exactly 4 of them, then the CNB’s list', () => {
      expect(errorsOf('19-2000145399', '08O0')).toEqual({ bankCode: 'Pole musí obsahovat pouze číslice.' });
      expect(errorsOf('19-2000145399', '08O0', 'en')).toEqual({ bankCode: 'This field may contain digits only.' });
      expect(errorsOf('19-2000145399', '080')).toEqual({ bankCode: 'Vyplňte prosím přesně 4 znaky.' });
      expect(errorsOf('19-2000145399', '08000', 'en')).toEqual({ bankCode: 'Please enter exactly 4 characters.' });
      expect(errorsOf('19-2000145399', '9999')).toEqual({ bankCode: 'Zadejte platný kód banky.' });
      expect(errorsOf('19-2000145399', '0800')).toEqual({});
    });

    it('is required for a Czech number typed without one, and not with an IBAN or an account typed whole', () => {
      expect(errorsOf('19-2000145399', '')).toEqual({ bankCode: 'Toto pole je povinné.' });
      expect(errorsOf('19-2000145399/0800', '')).toEqual({});
      expect(errorsOf('CZ65 0800 0000 1920 0014 5399', '')).toEqual({});
      expect(errorsOf('CZ65 0800 0000 1920 0014 5399', '0800')).toEqual({ bankCode: 'IBAN už kód banky obsahuje, toto pole nechte prázdné.' });
    });

    it('the account number keeps its own checks and the spec’s message', () => {
      expect(errorsOf('19-2000145398', '0800')).toEqual({ bankAccount: 'Číslo bankovního účtu není platné.' });
      expect(errorsOf('19-2000145398', '08O0', 'en')).toEqual({ bankAccount: 'The bank account number is not valid', bankCode: 'This field may contain digits only.' });
      expect(errorsOf('19-2000145399/0800', '0800')).toEqual({ bankAccount: 'Číslo bankovního účtu není platné.' });
    });

    it('joins the bank code to the number for the protocol', () => {
      expect(refundAccountOf(' 19-2000145399 ', ' 0800 ')).toBe('19-2000145399/0800');
      expect(refundAccountOf('19-2000145399/0800', '')).toBe('19-2000145399/0800');
    });
  });
});
