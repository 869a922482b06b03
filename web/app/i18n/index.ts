// i18next with the interface texts of both languages bundled (they are small). The server makes
// one instance per request; the browser one per page load. The language comes from the URL.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import cs from './locales/cs/common.json';
import en from './locales/en/common.json';

export const resources = { cs: { common: cs }, en: { common: en } } as const;

export function createI18n(language: 'cs' | 'en'): i18n {
  const instance = i18next.createInstance();
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
