import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import hk from './hk.json';

/** The back office speaks English and Traditional Chinese; the same `lang` header goes to the API. */
export const ADMIN_LANGUAGES = ['en', 'hk'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
const LANG_KEY = 'meridian.admin.lang';

const saved = localStorage.getItem(LANG_KEY);
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, hk: { translation: hk } },
  lng: saved === 'hk' ? 'hk' : 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export function setLanguage(language: AdminLanguage): void {
  localStorage.setItem(LANG_KEY, language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language === 'hk' ? 'zh-Hant-HK' : 'en';
}
