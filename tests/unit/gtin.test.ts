// The GTIN rule (schema/rules/gtin.ts): 8, 12, 13 or 14 digits with the GS1 check digit.
import { describe, expect, it } from 'vitest';
import { GTIN_MESSAGES, gtinCheckDigit, gtinProblem, normalizeGtin, withGtinCheckDigit } from '../../schema/rules/gtin.ts';

describe('GTIN', () => {
  it('accepts GS1’s examples of EAN-13, EAN-8, UPC-A and GTIN-14', () => {
    for (const gtin of ['5901234123457', '96385074', '036000291452', '10614141000415']) expect(gtinProblem(gtin), gtin).toBeNull();
  });

  it('refuses a wrong check digit and a wrong length, with a message in Czech and English', () => {
    expect(gtinProblem('5901234123458')).toBe('checkDigit');
    expect(gtinProblem('96385075')).toBe('checkDigit');
    expect(gtinProblem('590123412345')).toBe('checkDigit');
    expect(gtinProblem('12345')).toBe('format');
    expect(gtinProblem('59012341234a7')).toBe('format');
    expect(GTIN_MESSAGES.checkDigit.cs).toContain('kontrolní číslici');
    expect(GTIN_MESSAGES.checkDigit.en).toContain('check digit');
  });

  it('computes the check digit and reads a GTIN as printed under a barcode', () => {
    expect(gtinCheckDigit('590123412345')).toBe(7);
    expect(withGtinCheckDigit('859000000001')).toMatch(/^859000000001\d$/);
    expect(gtinProblem(withGtinCheckDigit('859000000001'))).toBeNull();
    expect(normalizeGtin(' 590 1234-12345 7 ')).toBe('5901234123457');
  });
});
