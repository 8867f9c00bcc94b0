import { dec, toFixed } from '@meridian/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeDirection, formatChange, formatPrice, toFixedText } from './format';

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
    expect(formatChange('0.25')).toBe('+0.25%');
    expect(formatChange('-1.1')).toBe('-1.10%');
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
