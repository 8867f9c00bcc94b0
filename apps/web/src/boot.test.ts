import { DEFAULT_LANGUAGE, LANGUAGES } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { startLanguage } from './boot';

describe('the language whose strings boot.ts starts fetching', () => {
  it('is the one i18n/index.ts starts in: query, then saved choice, then the default', () => {
    for (const lang of LANGUAGES) {
      expect(startLanguage(`?lang=${lang}`, null)).toBe(lang);
      expect(startLanguage('', JSON.stringify({ state: { lang }, version: 0 }))).toBe(lang);
    }
    expect(startLanguage('?lang=fr', JSON.stringify({ state: { lang: 'de' } }))).toBe('fr');
    expect(startLanguage('?lang=xx', JSON.stringify({ state: { lang: 'de' } }))).toBe('de');
    expect(startLanguage('', null)).toBe(DEFAULT_LANGUAGE);
    expect(startLanguage('', '{broken')).toBe(DEFAULT_LANGUAGE);
  });
});
