import { LANGUAGE_TAGS, type Language } from '@meridian/contract';

/** Each language named in itself (endonyms are the same in every locale) with its flag's region. */
export const LANGUAGE_OPTIONS: Record<Language, { name: string; region: string }> = {
  hk: { name: '繁體中文', region: 'HK' },
  cn: { name: '简体中文', region: 'CN' },
  en: { name: 'English', region: 'GB' },
  jp: { name: '日本語', region: 'JP' },
  kr: { name: '한국어', region: 'KR' },
  th: { name: 'ไทย', region: 'TH' },
  vn: { name: 'Tiếng Việt', region: 'VN' },
  fr: { name: 'Français', region: 'FR' },
  de: { name: 'Deutsch', region: 'DE' },
  ru: { name: 'Русский', region: 'RU' },
  spa: { name: 'Español', region: 'ES' },
  pt: { name: 'Português', region: 'BR' },
  ar: { name: 'العربية', region: 'SA' },
  it: { name: 'Italiano', region: 'IT' },
  tr: { name: 'Türkçe', region: 'TR' },
};

/** The Intl locale of a language: its own grouping, decimal sign and layout, with Latin digits everywhere. */
export const intlLocale = (lang: Language): string => `${LANGUAGE_TAGS[lang]}-u-nu-latn`;
