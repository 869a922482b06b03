import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  dic,
  ico,
  normalizeIco,
  validateDic,
  validateField,
  validateIco,
} from '../../../schema/rules/index.ts';

// The IČO check digit computed straight from the definition in czech.md.
function expectedIcoCheckDigit(firstSeven: string): number {
  const weights = [8, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(firstSeven[i]), 0);
  return (11 - (sum % 11)) % 10;
}

describe('validateIco', () => {
  it.each(['25596641', '27082440', '00006947'])('accepts %s', (value) => {
    expect(validateIco(value)).toBe(true);
  });

  it.each(['25596642', '1234567', 'abcdefgh', '2559664a', '', '123456789', '-5596641', '00000000'])(
    'rejects %j',
    (value) => {
      expect(validateIco(value)).toBe(false);
    },
  );

  it('left-pads shorter numbers with zeros', () => {
    expect(normalizeIco('6947')).toBe('00006947');
    expect(validateIco('6947')).toBe(true);
    expect(normalizeIco('1234567')).toBe('01234567');
  });

  it('ignores spaces', () => {
    expect(validateIco('255 96 641')).toBe(true);
  });

  it('accepts exactly the numbers whose last digit is the check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8}$/), (candidate) => {
        const expected = expectedIcoCheckDigit(candidate.slice(0, 7)) === Number(candidate[7]);
        expect(validateIco(candidate)).toBe(expected);
      }),
    );
  });

  it('every 7-digit stem has exactly one valid IČO', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{7}$/), (stem) => {
        const valid = '0123456789'.split('').filter((digit) => validateIco(stem + digit));
        expect(valid).toEqual([String(expectedIcoCheckDigit(stem))]);
      }),
    );
  });
});

describe('validateDic', () => {
  it.each(['CZ25596641', 'cz25596641', 'CZ 255 96 641', 'CZ123456789', 'CZ1234567890', 'SK2020317068', 'sk 2020 317 068'])(
    'accepts %s',
    (value) => {
      expect(validateDic(value)).toBe(true);
    },
  );

  it.each(['CZ25596642', '25596641', 'CZ1234567', 'CZ12345678901', 'SK123456789', 'SK12345678901', 'DE123456789', 'CZ2559664A', ''])(
    'rejects %j',
    (value) => {
      expect(validateDic(value)).toBe(false);
    },
  );

  it('checks CZ + 8 digits exactly like the IČO', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8}$/), (digits) => {
        expect(validateDic(`CZ${digits}`)).toBe(validateIco(digits));
      }),
    );
  });
});

describe('ico and dic rules', () => {
  it('give the Czech and English messages', () => {
    expect(validateField('25596642', [ico], 'cs')).toBe('Zadejte platné IČO.');
    expect(validateField('25596642', [ico], 'en')).toBe('Enter a valid company ID.');
    expect(validateField('25596641', [ico], 'cs')).toBeNull();
    expect(validateField('CZ25596642', [dic], 'cs')).toBe('Zadejte platné DIČ.');
    expect(validateField('CZ25596642', [dic], 'en')).toBe('Enter a valid VAT ID.');
    expect(validateField('CZ25596641', [dic], 'cs')).toBeNull();
  });
});
