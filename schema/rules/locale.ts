export type Locale = 'cs' | 'en';

export function isLocale(value: unknown): value is Locale {
  return value === 'cs' || value === 'en';
}

/** BCP 47 tag used with Intl for a shop locale. */
export function localeTag(locale: Locale): 'cs-CZ' | 'en-US' {
  return locale === 'cs' ? 'cs-CZ' : 'en-US';
}
