/**
 * Interface languages in the order the language picker shows them: SPEC.md §3's 14, and simplified Chinese
 * (`cn`, beyond the spec) beside the traditional.
 */
export const LANGUAGES = [
  'hk',
  'cn',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';
/** SPEC.md §9: translations missing in a language fall back to traditional Chinese. */
export const FALLBACK_LANGUAGE: Language = 'hk';

/** BCP 47 tags for `<html lang>`, Intl formatting and screen readers. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  hk: 'zh-Hant-HK',
  cn: 'zh-Hans-CN',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isRtlLanguage(language: Language): boolean {
  return language === 'ar';
}

/** Reads a `lang` header or query value; anything unknown gives the default. */
export function parseLanguage(value: unknown): Language {
  const raw = Array.isArray(value) ? value[0] : value;
  return isLanguage(raw) ? raw : DEFAULT_LANGUAGE;
}
