// The spec's 'digits only' and 'exact length' rules where they apply (issue 24, item 6): PSČ and IČO, in the
// schemas the browser, the no-JS actions and the BFF all run.
import { describe, expect, it } from 'vitest';
import { addressFormSchema, companyFormSchema, validateField } from '../../../schema/rules/index.ts';

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
});
