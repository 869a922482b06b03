export type CzechPluralCategory = 'one' | 'few' | 'many' | 'other';

// made at its first use, not when the module loads (a page's first CPU, dates.ts)
let czechPluralRules: Intl.PluralRules | undefined;

/**
 * Czech plural category, as i18next picks the `_one` / `_few` / `_many` / `_other` key:
 * 1 kus, 2 kusy, 5 kusů, 1,5 kusu.
 */
export function czechPluralCategory(count: number): CzechPluralCategory {
  czechPluralRules ??= new Intl.PluralRules('cs');
  return czechPluralRules.select(count) as CzechPluralCategory;
}

/**
 * A quantity with its unit as documents write it: '2 ks' in Czech (the abbreviation does not
 * change), '1 pc' and '2 pcs' in English (e-mails, invoices and return protocols).
 */
export function piecesText(quantity: number, language: 'cs' | 'en'): string {
  if (language === 'cs') return `${quantity} ks`;
  return `${quantity} ${quantity === 1 ? 'pc' : 'pcs'}`;
}
