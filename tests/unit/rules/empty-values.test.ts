import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  bankAccount,
  confirmed,
  dic,
  digits,
  email,
  ico,
  length,
  max,
  min,
  phone,
  postcode,
  required,
  validateField,
  type Rule,
} from '../../../schema/rules/index.ts';

// Each optional rule with a filled-in value it must reject.
const optionalRules: Array<[Rule, string]> = [
  [email, 'not-an-email'],
  [min(3), 'ab'],
  [max(3), 'abcd'],
  [length(3), 'ab'],
  [confirmed('other'), 'different'],
  [digits, '12a'],
  [ico, '25596642'],
  [dic, 'CZ25596642'],
  [bankAccount, '2000145399/9999'],
  [postcode('country'), '1234'],
  [phone, '12345'],
];

const emptyValue = fc.constantFrom<unknown>('', null, undefined);
const anyContext = fc.dictionary(fc.constantFrom('other', 'country', 'x'), fc.oneof(fc.string(), fc.integer()));

describe('empty values', () => {
  it('pass every rule except required, whatever the rest of the form holds', () => {
    fc.assert(
      fc.property(emptyValue, anyContext, fc.constantFrom<'cs' | 'en'>('cs', 'en'), (value, context, locale) => {
        for (const [rule] of optionalRules) {
          expect(validateField(value, [rule], locale, context), rule.name).toBeNull();
        }
        expect(validateField(value, [required], locale, context)).not.toBeNull();
      }),
    );
  });

  it('the same rules do fail on a filled-in wrong value', () => {
    // Guards the property above against rules that pass everything.
    const context = { other: 'abcd', country: 'CZ' };
    for (const [rule, wrongValue] of optionalRules) {
      expect(validateField(wrongValue, [rule], 'cs', context), rule.name).not.toBeNull();
    }
  });
});
