// A percentage as each language writes it: Czech puts a no-break space before the sign and a decimal
// comma ("21 %", "10,5 %"), English neither ("21%", "10.5%"). VAT rates and percentage vouchers on
// pages, e-mails and invoices are written by this one function.
import type { Locale } from './locale.ts';

const NBSP = '\u00a0';

export function formatPercent(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) throw new RangeError(`A percentage must be a finite number, got ${value}`);
  // at most two decimals, as the shop's rates are kept (money.ts), without trailing zeros
  const number = String(Math.round(value * 100) / 100);
  return locale === 'cs' ? `${number.replace('.', ',')}${NBSP}%` : `${number}%`;
}
