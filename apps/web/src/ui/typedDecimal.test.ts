import { LANGUAGES, type Language } from '@meridian/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';
import { readDecimal, writeDecimal } from './typedDecimal';

/** The languages that write decimals with a comma (Intl's data: 1.234,5 · 1 234,5 · 1234,5). */
const COMMA: Language[] = ['vn', 'fr', 'de', 'ru', 'spa', 'pt', 'it', 'tr'];

const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^\d{1,9}$/),
    fc.option(fc.stringMatching(/^\d{1,8}$/), { nil: undefined }),
  )
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);

describe('a number typed in the language of the screen', () => {
  it('reads the decimal comma of the languages that write one, and the point too', () => {
    for (const lang of COMMA) {
      expect(readDecimal('0,02', lang)).toBe('0.02');
      expect(readDecimal('0.02', lang)).toBe('0.02');
      expect(readDecimal(' 12,5 ', lang)).toBe('12.5');
      expect(readDecimal('1.08512', lang)).toBe('1.08512');
    }
  });

  it('reads a comma in the languages that write a decimal point as grouping only, never as the decimal sign', () => {
    for (const lang of LANGUAGES.filter((l) => !COMMA.includes(l))) {
      expect(readDecimal('0,02', lang)).toBeNull();
      expect(readDecimal('1,5', lang)).toBeNull();
      expect(readDecimal('1,000', lang)).toBe('1000');
      expect(readDecimal('1,000.5', lang)).toBe('1000.5');
      expect(readDecimal('0.02', lang)).toBe('0.02');
    }
  });

  it('reads the language’s grouping as grouping: German points, French and Russian spaces', () => {
    expect(readDecimal('1.000,5', 'de')).toBe('1000.5');
    expect(readDecimal('1.000', 'de')).toBe('1000');
    expect(readDecimal('1.234.567,25', 'de')).toBe('1234567.25');
    expect(readDecimal('1.000', 'it')).toBe('1000');
    // French groups with a narrow no-break space, Russian with a no-break space; a plain one is read alike.
    expect(readDecimal('1\u202f000,5', 'fr')).toBe('1000.5');
    expect(readDecimal('1 000,5', 'fr')).toBe('1000.5');
    expect(readDecimal('1\u00a0000,5', 'ru')).toBe('1000.5');
    expect(readDecimal('12 345 678', 'ru')).toBe('12345678');
    // A point is no grouping sign in French: there it is the decimal point.
    expect(readDecimal('1.000', 'fr')).toBe('1.000');
  });

  it('reads what each language writes back as the number written', () => {
    fc.assert(
      fc.property(
        decimalText,
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(...LANGUAGES),
        (value, places, lang) => {
          const written = formatNumber(value, places, { lang });
          const back = readDecimal(written, lang);
          expect(back).not.toBeNull();
          expect(formatNumber(back, places, { lang })).toBe(written);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('shows plain decimal text with the language’s sign, and reads it back unchanged', () => {
    expect(writeDecimal('0.02', 'de')).toBe('0,02');
    expect(writeDecimal('0.02', 'en')).toBe('0.02');
    expect(writeDecimal('abc', 'de')).toBe('abc');
    fc.assert(
      fc.property(decimalText, fc.constantFrom(...LANGUAGES), (value, lang) => {
        expect(readDecimal(writeDecimal(value, lang), lang)).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses what is no number, grouping out of place and two decimal signs', () => {
    for (const typed of [
      '',
      ' ',
      'abc',
      '1.2.3',
      '1,2,3',
      '0,02,5',
      '1,000.5',
      '12.34,5',
      ',',
      '.',
      '-',
      '1 00,5',
      '1e5',
    ])
      expect(readDecimal(typed, 'de'), typed).toBeNull();
    for (const typed of ['1,00', '1.000,5', '0,020', '1 00'])
      expect(readDecimal(typed, 'en'), typed).toBeNull();
  });

  it('keeps a minus for the checks to judge, and reads an Arabic keypad’s digits and signs', () => {
    expect(readDecimal('-1', 'en')).toBe('-1');
    expect(readDecimal('−0,5', 'de')).toBe('-0.5');
    expect(readDecimal('٠٫٠٢', 'ar')).toBe('0.02');
    expect(readDecimal('١٬٠٠٠', 'ar')).toBe('1000');
  });
});
