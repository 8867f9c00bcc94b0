import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@meridian/contract';
import { describe, expect, it } from 'vitest';

const locales = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});
const locale = (lang: string) => locales[`./locales/${lang}.json`]!;

/** Every key path of a locale, e.g. "orders.reason.stop_out" or "orders.closeAll.done_one". */
function keys(object: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** i18next's plural suffixes: "done_few" is the form of "done" for the category "few". */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** A locale's keys with each plural's forms taken as one key, and the forms each plural has. */
function shape(lang: string): { keys: string[]; plurals: Map<string, string[]> } {
  const plurals = new Map<string, string[]>();
  const plain: string[] = [];
  for (const key of keys(locale(lang))) {
    const [, base, category] = PLURAL.exec(key) ?? [];
    if (base && category) plurals.set(base, [...(plurals.get(base) ?? []), category]);
    else plain.push(key);
  }
  return { keys: [...plain, ...plurals.keys()].sort(), plurals };
}

/** The plural categories of a language (CLDR, as Intl has them): Arabic's six, Russian's four, Chinese's one. */
const categories = (lang: Language) =>
  new Intl.PluralRules(LANGUAGE_TAGS[lang]).resolvedOptions().pluralCategories.slice().sort();

describe('the web locales', () => {
  it('has a file for each language and nothing else', () => {
    expect(Object.keys(locales).sort()).toEqual(LANGUAGES.map((lang) => `./locales/${lang}.json`).sort());
  });

  it('has every English key, and only those, in every language', () => {
    const english = shape('en').keys;
    for (const lang of LANGUAGES) expect(shape(lang).keys, lang).toEqual(english);
  });

  it("writes each plural in exactly the forms of the language's plural categories", () => {
    const english = [...shape('en').plurals.keys()].sort();
    expect(english.length).toBeGreaterThan(0);
    for (const lang of LANGUAGES) {
      const { plurals } = shape(lang);
      expect([...plurals.keys()].sort(), lang).toEqual(english);
      for (const [key, forms] of plurals) expect(forms.sort(), `${lang} ${key}`).toEqual(categories(lang));
    }
  });
});
