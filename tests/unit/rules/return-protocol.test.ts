import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ibanCheckDigits, validateField } from '../../../schema/rules/index.ts';
import { isValidRefundAccount, normalizeRefundAccount, refundAccount, refundAccountIban } from '../../../schema/rules/return-protocol.ts';

describe('refund account (return protocol)', () => {
  it.each(['19-2000145399/0800', '2000145399/0800', ' 19-2000145399 / 0800 ', 'CZ65 0800 0000 1920 0014 5399', 'cz6508000000192000145399', 'DE89 3704 0044 0532 0130 00', 'SK31 1200 0000 1987 4263 7541'])(
    'accepts %s',
    (value) => expect(isValidRefundAccount(value)).toBe(true),
  );

  it.each(['19-2000145399/0801', '19-2000145398/0800', '2000145399/9999', 'CZ65 0800 0000 1920 0014 5398', 'DE89 3704 0044 0532 0130 01', '0000000000/0800', '', 'účet'])(
    'refuses %s',
    (value) => expect(isValidRefundAccount(value)).toBe(false),
  );

  it('refuses a Czech IBAN whose check digits are right but whose account number is not', () => {
    const bban = '0800' + '000019' + '2000145398';
    const iban = `CZ${ibanCheckDigits('CZ', bban)}${bban}`;
    expect(isValidRefundAccount(iban)).toBe(false);
  });

  it('says so with the spec’s message, in both languages', () => {
    expect(validateField('19-2000145399/0801', [refundAccount], 'cs')).toBe('Číslo bankovního účtu není platné.');
    expect(validateField('19-2000145399/0801', [refundAccount], 'en')).toBe('The bank account number is not valid');
    expect(validateField('', [refundAccount], 'cs')).toBeNull();
  });

  it('stores the Czech form without spaces and an IBAN compact, and knows the IBAN of both', () => {
    expect(normalizeRefundAccount(' 19-2000145399 / 0800 ')).toBe('19-2000145399/0800');
    expect(normalizeRefundAccount('cz65 0800 0000 1920 0014 5399')).toBe('CZ6508000000192000145399');
    expect(refundAccountIban('19-2000145399/0800')).toBe('CZ6508000000192000145399');
    expect(refundAccountIban('19-2000145399/0801')).toBeNull();
  });

  it('never throws, whatever is typed', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (value) => typeof isValidRefundAccount(value) === 'boolean'));
  });
});
