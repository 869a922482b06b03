// A variant's GTIN (EAN-13, EAN-8, UPC-A, GTIN-14), as the price comparison feeds carry it (issue 44 §1;
// czech-market.md section 2). Optional; when given, it must be 8, 12, 13 or 14 digits whose last digit
// is the GS1 check digit of the others. Pure: the stock command, the seed and the feeds use it.
import type { Locale } from './locale.ts';

export type GtinProblem = 'format' | 'checkDigit';

const FORMAT = /^(?:\d{8}|\d{12,14})$/;

/** The GS1 check digit of the digits before it: weights 3 and 1 from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const digit = Number(body[body.length - 1 - index]);
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The GTIN as stored: spaces and dashes taken out (how it is printed under a barcode). */
export function normalizeGtin(input: string): string {
  return input.replace(/[\s-]+/g, '');
}

/** What is wrong with a GTIN (already normalized), or null when it is one. */
export function gtinProblem(gtin: string): GtinProblem | null {
  if (!FORMAT.test(gtin)) return 'format';
  return gtinCheckDigit(gtin.slice(0, -1)) === Number(gtin.at(-1)) ? null : 'checkDigit';
}

export const GTIN_MESSAGES: Record<GtinProblem, Record<Locale, string>> = {
  format: {
    cs: 'Kód EAN/GTIN musí mít 8, 12, 13 nebo 14 číslic.',
    en: 'The EAN/GTIN must have 8, 12, 13 or 14 digits.',
  },
  checkDigit: {
    cs: 'Kód EAN/GTIN má chybnou kontrolní číslici, zkontrolujte ho podle čárového kódu.',
    en: 'The EAN/GTIN has a wrong check digit; check it against the barcode.',
  },
};

/** A GTIN of `length` digits from a body one digit shorter (the demo data's codes). */
export function withGtinCheckDigit(body: string): string {
  return `${body}${gtinCheckDigit(body)}`;
}
