import { describe, expect, it } from 'vitest';
import { dec, isDecimalText, toFixed } from './decimal';

describe('decimal money', () => {
  it('adds cents without float drift', () => {
    expect(dec('0.1').plus('0.2').toString()).toBe('0.3');
  });

  it('rounds half up once, at the edge', () => {
    expect(toFixed('2.345', 2)).toBe('2.35');
    expect(toFixed('-2.345', 2)).toBe('-2.35');
    expect(toFixed('1', 6)).toBe('1.000000');
  });

  it('accepts only plain decimal text', () => {
    expect(isDecimalText('12.50')).toBe(true);
    expect(isDecimalText('-3')).toBe(true);
    for (const junk of ['', '1e3', '0x10', ' 1', 'NaN', 'Infinity', '1.', '.5', '1,5']) {
      expect(isDecimalText(junk)).toBe(false);
    }
  });
});
