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
