// i18next with the interface texts of both languages bundled (they are small). One instance per
// language, made on first use and shared by every request (the server renders many pages with it; an
// instance per request cost a profile's worth of garbage). Nothing may call changeLanguage on it: the
// language comes from the URL, and another language is another instance.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
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
