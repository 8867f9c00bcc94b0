import { dec, toFixed } from '@meridian/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  formatFigure,
  formatMoneyWithCurrency,
  formatNumber,
  formatPercent,
  formatPrice,
  toFixedText,
} from './format';

const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^\d{1,12}$/),
    fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }),
  )
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);

describe('screen number formatting without decimal.js', () => {
  it('rounds exactly as core toFixed does, half up', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 8 }), (value, places) => {
        expect(toFixedText(value, places)).toBe(toFixed(value, places));
      }),
      { numRuns: 2000 },
    );
  });

  it('handles carries, zeros and signs', () => {
    expect(toFixedText('-1.995', 2)).toBe('-2.00');
    expect(toFixedText('9.9999', 3)).toBe('10.000');
    expect(toFixedText('-0.001', 2)).toBe('0.00');
    expect(toFixedText('007.5', 0)).toBe('8');
    expect(formatPrice('1.164565', 5)).toBe('1.16457');
    expect(formatPrice('abc')).toBe('--');
    expect(formatPercent('0.25', { lang: 'en' })).toBe('+0.25%');
    expect(formatPercent('-1.1', { lang: 'en' })).toBe('-1.10%');
  });

  it('gives the direction core arithmetic gives', () => {
    fc.assert(
      fc.property(decimalText, (value) => {
        const d = dec(value);
        expect(changeDirection(value)).toBe(d.isNegative() ? 'down' : d.isZero() ? '' : 'up');
      }),
    );
  });
});

/** Intl's spaces: no-break in French groups before a currency, narrow no-break between groups. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers in the language of the screen, exactly from the decimal text', () => {
  it('groups and rounds long decimals exactly, with no float in between', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 8 }), (value, places) => {
        expect(formatNumber(value, places, { lang: 'en' }).replaceAll(',', '')).toBe(toFixed(value, places));
      }),
      { numRuns: 2000 },
    );
    // Beyond a double's 15–17 digits: a float would have turned this into ...568.00.
    expect(formatNumber('12345678901234567.125', 2, { lang: 'en' })).toBe('12,345,678,901,234,567.13');
  });

  it("uses each language's grouping and decimal sign, with Latin digits", () => {
    expect(formatPrice('96048.5', 2, { lang: 'en' })).toBe('96,048.50');
    expect(formatPrice('96048.5', 2, { lang: 'de' })).toBe('96.048,50');
    expect(plain(formatPrice('96048.5', 2, { lang: 'fr' }))).toBe('96 048,50');
    expect(plain(formatPrice('96048.5', 2, { lang: 'ru' }))).toBe('96 048,50');
    expect(formatPrice('96048.5', 2, { lang: 'hk' })).toBe('96,048.50');
    expect(formatPrice('1.10006', 5, { lang: 'pt' })).toBe('1,10006');
    // Arabic keeps Latin digits (as the app's dates do) and marks the number left-to-right inside the text.
    expect(formatNumber('-1234.5', 2, { lang: 'ar' })).toMatch(/^\u200e-1,234\.50$/);
  });

  it('shows lots and prices at the decimals they were sent with', () => {
    expect(formatFigure('0.02', { lang: 'de' })).toBe('0,02');
    expect(formatFigure('100000', { lang: 'en' })).toBe('100,000');
    expect(formatFigure('', { lang: 'en' })).toBe('--');
  });

  it('writes a percent figure where the language puts the sign', () => {
    expect(formatPercent('12.5', { lang: 'en' })).toBe('+12.50%');
    expect(plain(formatPercent('-0.25', { lang: 'de' }))).toBe('-0,25 %');
    expect(formatPercent('0.25', { lang: 'tr' })).toBe('+%0,25');
    expect(formatPercent('0', { lang: 'en' })).toBe('0.00%');
    expect(formatPercent('150', { lang: 'en', signed: false })).toBe('150.00%');
    expect(formatPercent('-1234.567', { lang: 'en' })).toBe('-1,234.57%');
  });

  it('puts the currency where the language puts it', () => {
    expect(formatMoneyWithCurrency('-9.04', { lang: 'en' })).toBe('-$9.04');
    expect(formatMoneyWithCurrency('9.04', { lang: 'en', signed: true })).toBe('+$9.04');
    expect(plain(formatMoneyWithCurrency('1234.5', { lang: 'de' }))).toBe('1.234,50 $');
    expect(formatMoneyWithCurrency('1234.5', { lang: 'hk' })).toBe('US$1,234.50');
    expect(formatMoneyWithCurrency('480.24', { lang: 'en', places: 6 })).toBe('$480.240000');
    expect(formatMoneyWithCurrency(undefined, { lang: 'en' })).toBe('--');
  });

  it('writes a currency Intl does not know as its code, in the place a code takes', () => {
    expect(plain(formatMoneyWithCurrency('100', { lang: 'en', currency: 'USDT' }))).toBe('USDT 100.00');
    expect(plain(formatMoneyWithCurrency('100', { lang: 'de', currency: 'USDT' }))).toBe('100,00 USDT');
  });
});
