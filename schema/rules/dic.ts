// VAT ID (DIČ): CZ + 8 digits (a company's IČO) or 9–10 digits (people), SK + 10 digits.
import { validateIco } from './ico.ts';

/** Upper-case without spaces, the form in which a DIČ is checked and stored. */
export function normalizeDic(value: string): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : '';
}

export function validateDic(value: string): boolean {
  const dic = normalizeDic(value);
  const czech = /^CZ([0-9]{8,10})$/.exec(dic);
  if (czech) {
    const digits = czech[1];
    return digits.length === 8 ? validateIco(digits) : true;
  }
  return /^SK[0-9]{10}$/.test(dic);
}
