// Czech company ID (IČO): 8 digits, the last one a mod-11 check digit over the first seven (weights 8..2).

const ICO_WEIGHTS = [8, 7, 6, 5, 4, 3, 2];

/** Removes spaces and left-pads to 8 digits; null when the input is not 1–8 digits. */
export function normalizeIco(value: string): string | null {
  if (typeof value !== 'string') return null;
  const compact = value.replace(/\s+/g, '');
  if (!/^[0-9]{1,8}$/.test(compact)) return null;
  return compact.padStart(8, '0');
}

export function icoCheckDigit(firstSevenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(firstSevenDigits[i]) * ICO_WEIGHTS[i];
  return (11 - (sum % 11)) % 10;
}

export function validateIco(value: string): boolean {
  const ico = normalizeIco(value);
  if (ico === null) return false;
  return icoCheckDigit(ico.slice(0, 7)) === Number(ico[7]);
}
