export type CzechPluralCategory = 'one' | 'few' | 'many' | 'other';

const czechPluralRules = new Intl.PluralRules('cs');

/**
 * Czech plural category, as i18next picks the `_one` / `_few` / `_many` / `_other` key:
 * 1 kus, 2 kusy, 5 kusů, 1,5 kusu.
 */
export function czechPluralCategory(count: number): CzechPluralCategory {
  return czechPluralRules.select(count) as CzechPluralCategory;
}
