import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  CZECH_BANK_CODES,
  bankAccount,
  bankAccountToIban,
  czechBankName,
  czechIbanToBankAccount,
  formatCzechBankAccount,
  formatIban,
  isKnownCzechBankCode,
  parseCzechBankAccount,
  validateCzechBankAccount,
  validateField,
  validateIban,
} from '../../../schema/rules/index.ts';

// The Czech weights are powers of two modulo 11 read from the right (1, 2, 4, 8, 5, 10, 9, 7, 3, 6),
// which gives an independent way to compute them: prefix 10,5,8,4,2,1 and number 6,3,7,9,10,5,8,4,2,1.
function weightedSumMod11(digits: string, width: number): number {
  const padded = digits.padStart(width, '0');
  let sum = 0;
  for (let fromRight = 0; fromRight < width; fromRight++) {
    const weight = 2 ** fromRight % 11;
    sum += weight * Number(padded[width - 1 - fromRight]);
  }
  return sum % 11;
}

function nonZeroDigitCount(digits: string): number {
  return [...digits].filter((digit) => digit !== '0').length;
}

const knownBankCode = fc.constantFrom(...Object.keys(CZECH_BANK_CODES));

// Appends the one digit (weight 1) that makes the weighted sum divisible by 11; null when it would have to be 10.
function completeWithCheckDigit(stem: string, width: number): string | null {
  for (let digit = 0; digit <= 9; digit++) {
    if (weightedSumMod11(stem + digit, width) === 0) return stem + digit;
  }
  return null;
}

const validPrefix = fc
  .oneof(fc.constant(''), fc.stringMatching(/^[0-9]{0,5}$/).map((stem) => completeWithCheckDigit(stem, 6)))
  .filter((prefix): prefix is string => prefix !== null);

const validNumber = fc
  .stringMatching(/^[0-9]{1,9}$/)
  .map((stem) => completeWithCheckDigit(stem, 10))
  .filter((number): number is string => number !== null && nonZeroDigitCount(number) >= 2);

const validAccount = fc.record({ prefix: validPrefix, number: validNumber, bankCode: knownBankCode });

function written(account: { prefix: string; number: string; bankCode: string }): string {
  return `${account.prefix ? `${account.prefix}-` : ''}${account.number}/${account.bankCode}`;
}

describe('parseCzechBankAccount', () => {
  it('splits prefix, number and bank code', () => {
    expect(parseCzechBankAccount('19-2000145399/0800')).toEqual({ prefix: '19', number: '2000145399', bankCode: '0800' });
    expect(parseCzechBankAccount('2000145399/0800')).toEqual({ prefix: '', number: '2000145399', bankCode: '0800' });
    expect(parseCzechBankAccount(' 19 - 2000145399 / 0800 ')).toEqual({
      prefix: '19',
      number: '2000145399',
      bankCode: '0800',
    });
  });

  it.each(['', '2000145399', '1234567-2000145399/0800', '19-12345678901/0800', '1/0800', '2000145399/080', '2000145399/08000', '19-/0800', 'ab-2000145399/0800', '19--2000145399/0800'])(
    'rejects the format %j',
    (value) => {
      expect(parseCzechBankAccount(value)).toBeNull();
    },
  );
});

describe('validateCzechBankAccount', () => {
  it.each(['19-2000145399/0800', '2000145399/0800'])('accepts %s', (value) => {
    expect(validateCzechBankAccount(value)).toBe(true);
  });

  it.each([
    ['19-2000145398/0800', 'number checksum'],
    ['2000145399/9999', 'unknown bank'],
    ['18-2000145399/0800', 'prefix checksum'],
    ['0000000000/0800', 'fewer than two non-zero digits'],
    ['10/0800', 'fewer than two non-zero digits'],
    ['19-2000145399', 'no bank code'],
  ])('rejects %s (%s)', (value) => {
    expect(validateCzechBankAccount(value)).toBe(false);
  });

  it('accepts exactly the accounts whose weighted sums are divisible by 11', () => {
    const randomAccount = fc.record({
      prefix: fc.stringMatching(/^[0-9]{0,6}$/),
      number: fc.stringMatching(/^[0-9]{2,10}$/),
      bankCode: knownBankCode,
    });
    fc.assert(
      fc.property(fc.oneof(randomAccount, validAccount), (account) => {
        const expected =
          weightedSumMod11(account.prefix, 6) === 0 &&
          weightedSumMod11(account.number, 10) === 0 &&
          nonZeroDigitCount(account.number) >= 2;
        expect(validateCzechBankAccount(written(account))).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('rejects a bank code that is not on the ČNB list', () => {
    fc.assert(
      fc.property(validAccount, fc.stringMatching(/^[0-9]{4}$/), (account, bankCode) => {
        expect(validateCzechBankAccount(written({ ...account, bankCode }))).toBe(isKnownCzechBankCode(bankCode));
      }),
    );
  });
});

describe('Czech bank codes', () => {
  it.each([
    ['0100', 'Komerční banka'],
    ['0300', 'Československá obchodní banka'],
    ['0600', 'MONETA'],
    ['0710', 'Česká národní banka'],
    ['0800', 'Česká spořitelna'],
    ['2010', 'Fio banka'],
    ['2700', 'UniCredit'],
    ['3030', 'Air Bank'],
    ['5500', 'Raiffeisenbank'],
    ['5800', 'J&T'],
    ['6100', 'Equa'],
    ['6210', 'mBank'],
  ])('%s is %s', (code, name) => {
    expect(czechBankName(code)).toContain(name);
  });

  it('are four digits each, and unknown codes have no name', () => {
    for (const code of Object.keys(CZECH_BANK_CODES)) expect(code).toMatch(/^[0-9]{4}$/);
    expect(czechBankName('9999')).toBeNull();
    expect(czechBankName('toString')).toBeNull();
  });
});

describe('IBAN', () => {
  it('converts the czech.md example', () => {
    expect(bankAccountToIban('19-2000145399/0800')).toBe('CZ6508000000192000145399');
    expect(formatIban('CZ6508000000192000145399')).toBe('CZ65 0800 0000 1920 0014 5399');
    expect(bankAccountToIban('2000145399/0800')).toBe('CZ7908000000002000145399');
  });

  it('gives no IBAN for an invalid account', () => {
    expect(bankAccountToIban('19-2000145398/0800')).toBeNull();
    expect(bankAccountToIban('2000145399/9999')).toBeNull();
    expect(bankAccountToIban('nonsense')).toBeNull();
  });

  it.each([
    'CZ65 0800 0000 1920 0014 5399',
    'CZ6508000000192000145399',
    'cz65 0800 0000 1920 0014 5399',
    'SK31 1200 0000 1987 4263 7541',
    'DE89 3704 0044 0532 0130 00',
    'AT61 1904 3002 3457 3201',
    'GB29 NWBK 6016 1331 9268 19',
    'PL61 1090 1014 0000 0712 1981 2874',
  ])('accepts %s', (value) => {
    expect(validateIban(value)).toBe(true);
  });

  it.each([
    ['CZ66 0800 0000 1920 0014 5399', 'check digits'],
    ['CZ65 0800 0000 1920 0014 5398', 'changed digit'],
    ['CZ65 0800 0000 1920 0014 539', 'too short for CZ'],
    ['SK31 1200 0000 1987 4263 754', 'too short for SK'],
    ['XX65 0800 0000 1920 0014 5399', 'unknown country'],
    ['CZ65-0800-0000-1920-0014-5399', 'dashes'],
    ['', 'empty'],
  ])('rejects %s (%s)', (value) => {
    expect(validateIban(value)).toBe(false);
  });

  it('formats in groups of four and back', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('round-trips every valid account', () => {
    fc.assert(
      fc.property(validAccount, (account) => {
        const iban = bankAccountToIban(written(account));
        expect(iban).not.toBeNull();
        expect(iban).toMatch(/^CZ[0-9]{22}$/);
        expect(validateIban(iban!)).toBe(true);
        expect(validateIban(formatIban(iban!))).toBe(true);
        expect(iban!.slice(4, 8)).toBe(account.bankCode);
        expect(iban!.slice(8, 14)).toBe(account.prefix.padStart(6, '0'));
        expect(iban!.slice(14)).toBe(account.number.padStart(10, '0'));

        const recovered = czechIbanToBankAccount(iban!);
        expect(recovered).not.toBeNull();
        expect(validateCzechBankAccount(formatCzechBankAccount(recovered!))).toBe(true);
        expect(bankAccountToIban(formatCzechBankAccount(recovered!))).toBe(iban);
      }),
      { numRuns: 300 },
    );
  });

  it('detects any single changed digit of a generated IBAN', () => {
    fc.assert(
      fc.property(validAccount, fc.nat(), fc.integer({ min: 1, max: 9 }), (account, at, delta) => {
        const iban = bankAccountToIban(written(account))!;
        const index = 2 + (at % 22);
        const changed = String((Number(iban[index]) + delta) % 10);
        const corrupted = iban.slice(0, index) + changed + iban.slice(index + 1);
        expect(validateIban(corrupted)).toBe(false);
      }),
    );
  });
});

describe('formatCzechBankAccount', () => {
  it('writes the prefix only when it is not zero', () => {
    expect(formatCzechBankAccount({ prefix: '000019', number: '2000145399', bankCode: '0800' })).toBe('19-2000145399/0800');
    expect(formatCzechBankAccount({ prefix: '000000', number: '0000123457', bankCode: '0100' })).toBe('123457/0100');
  });
});

describe('bankAccount rule', () => {
  it('uses the return-protocol messages', () => {
    expect(validateField('2000145399/9999', [bankAccount], 'cs')).toBe('Číslo bankovního účtu není platné.');
    expect(validateField('2000145399/9999', [bankAccount], 'en')).toBe('The bank account number is not valid');
    expect(validateField('19-2000145399/0800', [bankAccount], 'en')).toBeNull();
  });
});
