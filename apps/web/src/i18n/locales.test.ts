import { LANGUAGES } from '@meridian/contract';
import { describe, expect, it } from 'vitest';

const locales = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});
const locale = (lang: string) => locales[`./locales/${lang}.json`]!;

/** Every key path of a locale, e.g. "orders.reason.stop_out". */
function keys(object: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('the web locales', () => {
  it('has a file for each of the 14 languages and nothing else', () => {
    expect(Object.keys(locales).sort()).toEqual(LANGUAGES.map((lang) => `./locales/${lang}.json`).sort());
  });

  it('has every English key, and only those, in every language', () => {
    const english = keys(locale('en')).sort();
    for (const lang of LANGUAGES) expect(keys(locale(lang)).sort(), lang).toEqual(english);
  });
});
