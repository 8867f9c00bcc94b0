import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  isLanguage,
  isRtlLanguage,
  LANGUAGE_TAGS,
  LANGUAGES,
  type Language,
} from '@meridian/contract';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useApp } from '../stores/app';
import { afterFirstPaint } from '../ui/afterPaint';

/** Each language is its own chunk, fetched when first used. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[`./locales/${language}.json`];
    if (!load) return callback(new Error(`no locale ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** The language to start in: a supported `?lang=` wins over the saved choice (SPEC.md §9). */
export function initialLanguage(search: string): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  const saved = useApp.getState().lang;
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** Marks the document with the language and its direction; Arabic mirrors the layout. */
function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = LANGUAGE_TAGS[language];
  document.documentElement.dir = isRtlLanguage(language) ? 'rtl' : 'ltr';
}

export async function setupI18n(language: Language): Promise<typeof i18n> {
  useApp.getState().setLang(language);
  applyDocumentLanguage(language);
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      // Only the current language is fetched before the first paint; the fallback follows (below).
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      showSupportNotice: false,
    });
  pluralRulesByTag();
  afterFirstPaint(enableFallback);
  return i18n;
}

/** The plural rules i18next picks `_one`/`_few`/`_other`… by (`count`), asked of Intl by language. */
type PluralResolver = { getRule(code: string, options?: object): Intl.PluralRules | undefined };

/**
 * i18next asks Intl for plural rules under its own language codes, and ours are not BCP 47 (`hk`, `jp`, `kr`,
 * `vn`, `cn` would get English rules): it is given each language's tag instead.
 */
function pluralRulesByTag(): void {
  const resolver: PluralResolver = i18n.services.pluralResolver;
  const rule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => rule(isLanguage(code) ? LANGUAGE_TAGS[code] : code, options);
}

/**
 * SPEC.md §9: hk is the translation fallback. Every key exists in every language (a test checks), so
 * the fallback is a safety net: it is switched on and fetched after the first paint instead of costing
 * the first screen a second locale chunk (issue 11), and switched on once it is here. i18next reads
 * `fallbackLng` from its options on every lookup.
 */
function enableFallback(): void {
  // Fetched first and switched on once here: a fallback still loading makes every screen suspend (react-i18next
  // waits for it), for as long as a fetch that cannot succeed offline keeps retrying.
  void i18n.loadLanguages(FALLBACK_LANGUAGE).then(() => {
    if (i18n.hasResourceBundle(FALLBACK_LANGUAGE, 'translation'))
      i18n.options.fallbackLng = [FALLBACK_LANGUAGE];
  });
}

/** Switches the interface language, remembers it and sends it as the `lang` header from now on. */
export async function changeLanguage(language: Language): Promise<void> {
  useApp.getState().setLang(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
