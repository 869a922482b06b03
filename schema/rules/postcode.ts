// Postcodes (PSČ). Czech and Slovak ones are 5 digits shown as "123 45"; other countries are kept as typed.

// Czech postcodes start with 1–7, Slovak ones with 0, 8 or 9 (the two countries split one numbering plan).
const FIRST_DIGITS: Record<string, RegExp> = {
  CZ: /^[1-7]/,
  SK: /^[089]/,
};

/** The display form of a valid postcode ('123 45' for CZ and SK), or null when it is not valid. */
export function normalizePostcode(value: string, country: 'CZ' | 'SK' | (string & {})): string | null {
  if (typeof value !== 'string') return null;
  const countryCode = String(country ?? '').trim().toUpperCase();
  const firstDigit = FIRST_DIGITS[countryCode];
  if (!firstDigit) {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  const compact = value.replace(/\s+/g, '');
  if (!/^[0-9]{5}$/.test(compact) || !firstDigit.test(compact)) return null;
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}
