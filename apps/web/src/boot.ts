/**
 * The first script the page runs, before the app's own bundle has downloaded: it starts fetching the
 * interface language's strings, which the app would otherwise ask for only once its framework code had
 * arrived and run (issue 11: one round trip less before the first paint). i18n/index.ts then gets the same
 * module from the browser's module map. Self-contained on purpose: importing the app's modules here would
 * make this script wait for the whole bundle (boot.test.ts keeps it in step with the contract).
 */
const loaders = import.meta.glob('./i18n/locales/*.json');
const DEFAULT = 'en';

/** SPEC.md §9: a supported `?lang=` wins over the saved choice (the `app` store in localStorage), else en. */
export function startLanguage(search: string, saved: string | null): string {
  const known = (lang: unknown): lang is string =>
    typeof lang === 'string' && `./i18n/locales/${lang}.json` in loaders;
  const fromQuery = new URLSearchParams(search).get('lang');
  if (known(fromQuery)) return fromQuery;
  try {
    const lang = JSON.parse(saved ?? 'null')?.state?.lang;
    if (known(lang)) return lang;
  } catch {
    // Unreadable storage: the default.
  }
  return DEFAULT;
}

if (typeof window !== 'undefined') {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem('app');
  } catch {
    // Storage blocked: the query or the default decides.
  }
  void loaders[`./i18n/locales/${startLanguage(window.location.search, saved)}.json`]?.().catch(() => {});
}
