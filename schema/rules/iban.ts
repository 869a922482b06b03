// IBAN (ISO 13616): country code, two check digits (mod 97), then the national account number (BBAN).

/** IBAN length per country: the EU/EEA, its neighbours and the usual trading partners. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AL: 28, AT: 20, BA: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18,
  EE: 20, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GI: 23, GL: 18, GR: 27, HR: 21, HU: 28,
  IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, RS: 22, SE: 24, SI: 19, SK: 24, SM: 27,
  TR: 26, UA: 29, VA: 22, XK: 20,
};

/** Electronic form: no spaces, upper-case. */
export function compactIban(value: string): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : '';
}

/** Paper form: groups of four characters separated by spaces. */
export function formatIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

// Remainder of the number written by the string (letters A=10 … Z=35) modulo 97, one digit at a time
// so the arbitrarily long number never has to fit into a JS number.
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const char of alphanumeric) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The two check digits for a country code and BBAN. */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const remainder = mod97(bban + countryCode.toUpperCase() + '00');
  return String(98 - remainder).padStart(2, '0');
}

export function validateIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return false;
  const expectedLength = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength === undefined || iban.length !== expectedLength) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}
