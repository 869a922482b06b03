// i18next with the interface texts of both languages bundled (they are small). One instance per
// language, made on first use and shared by every request (the server renders many pages with it; an
// instance per request cost a profile's worth of garbage). Nothing may call changeLanguage on it: the
// language comes from the URL, and another language is another instance.
import i18next, { type i18n } from 'i18next';
import { useContext } from 'react';
import { I18nContext, initReactI18next } from 'react-i18next';
import cs from './locales/cs/common.json';
import en from './locales/en/common.json';

export const resources = { cs: { common: cs }, en: { common: en } } as const;

const instances = new Map<'cs' | 'en', i18n>();

export function createI18n(language: 'cs' | 'en'): i18n {
  const existing = instances.get(language);
  if (existing) return existing;
  const instance = i18next.createInstance();
  instances.set(language, instance);
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'cs',
    supportedLngs: ['cs', 'en'],
    defaultNS: 'common',
    ns: ['common'],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

type Translation = { t: i18n['t']; i18n: i18n };
const translations = new WeakMap<i18n, Translation>();

/** More than the interface has keys: a key built from data cannot grow the memory without end. */
const REMEMBERED_TEXTS = 5000;

/**
 * `t` of an instance that remembers the texts asked for without options (nine calls in ten; the
 * resources never change), so a page does not look up the same keys again for every product card.
 */
function rememberingT(instance: i18n): i18n['t'] {
  const texts = new Map<string, string>();
  const t = (key: unknown, options?: unknown) => {
    if (options !== undefined || typeof key !== 'string') return instance.t(key as never, options as never);
    let text = texts.get(key);
    if (text === undefined) {
      text = instance.t(key) as string;
      if (texts.size < REMEMBERED_TEXTS) texts.set(key, text);
    }
    return text;
  };
  return t as i18n['t'];
}

/**
 * The interface texts of the page's language: `const { t } = useTranslation()`. Used instead of
 * react-i18next's hook of the same name, which copies the whole i18next instance and makes a new
 * `t` for every component on every render (a seventh of a server render's CPU in a profile); an
 * instance here never changes its language, so one `t` per instance is enough.
 */
export function useTranslation(): Translation {
  const { i18n } = useContext(I18nContext);
  let translation = translations.get(i18n);
  if (!translation) {
    translation = { t: rememberingT(i18n), i18n };
    translations.set(i18n, translation);
  }
  return translation;
}
