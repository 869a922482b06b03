import { describe, expect, it } from 'vitest';
import { validateForm, VOUCHER_CODE_MAX_LENGTH, voucherFormSchema, voucherNeedsEmail } from '../../../schema/rules/index.ts';

describe('voucherFormSchema', () => {
  it('needs a code of at most 64 characters; the e-mail only once the voucher asks for one', () => {
    expect(VOUCHER_CODE_MAX_LENGTH).toBe(64);
    expect(validateForm({ code: 'SLEVA200', email: '' }, voucherFormSchema(false), 'cs')).toEqual({});
    expect(validateForm({ code: '', email: '' }, voucherFormSchema(false), 'cs')).toEqual({ code: 'Toto pole je povinné.' });
    expect(validateForm({ code: 'x'.repeat(65), email: '' }, voucherFormSchema(false), 'cs')).toEqual({ code: 'Vyplňte prosím maximálně 64 znaků.' });
    expect(validateForm({ code: 'PROJANU', email: '' }, voucherFormSchema(true), 'cs')).toEqual({ email: 'Toto pole je povinné.' });
    expect(validateForm({ code: 'PROJANU', email: 'bez-zavinace' }, voucherFormSchema(false), 'en')).toHaveProperty('email');
    expect(validateForm({ code: 'PROJANU', email: 'zakaznik@example.cz' }, voucherFormSchema(true), 'cs')).toEqual({});
  });
});

describe('voucherNeedsEmail (issue 24, item 5)', () => {
  it('requires the e-mail only for the code that asked for it, not for any code typed after it', () => {
    expect(voucherNeedsEmail('PROJANU', 'PROJANU')).toBe(true);
    expect(voucherNeedsEmail(' projanu ', 'PROJANU')).toBe(true);
    expect(voucherNeedsEmail('JARO15', 'PROJANU')).toBe(false);
    expect(validateForm({ code: 'JARO15', email: '' }, voucherFormSchema(voucherNeedsEmail('JARO15', 'PROJANU')), 'cs')).toEqual({});
    expect(voucherNeedsEmail('PROJANU', null)).toBe(false);
  });
});
