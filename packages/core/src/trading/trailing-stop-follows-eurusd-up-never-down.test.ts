import { describe, expect, it } from 'vitest';
import { checkTrailingDistance, trailedStop } from './trailing';

describe('a EURUSD buy with a 20-point (0.00200) trailing stop', () => {
  const trail = (price: string, stop: string | null) =>
    trailedStop('buy', price, '0.00200', stop, 5)?.toFixed();

  it('starts 0.00200 under the price and follows it up', () => {
    expect(trail('1.10000', null)).toBe('1.098');
    expect(trail('1.10050', '1.09800')).toBe('1.0985');
  });

  it('never moves back when the price falls', () => {
    expect(trail('1.09990', '1.09850')).toBeUndefined();
    expect(trail('1.10050', '1.09850')).toBeUndefined();
  });

  it('jumps the whole gap at once when the price gaps up', () => {
    expect(trail('1.12000', '1.09850')).toBe('1.118');
  });

  it('rounds away from the price: never closer than the distance', () => {
    expect(trailedStop('buy', '1.100005', '0.002', null, 5)!.toFixed()).toBe('1.098');
    expect(trailedStop('sell', '1.100005', '0.002', null, 5)!.toFixed()).toBe('1.10201');
  });
});

describe('a gold sell with a 5.00 trailing stop', () => {
  it('sits above the price and follows it down only', () => {
    expect(trailedStop('sell', '2000.00', '5', null, 2)!.toFixed()).toBe('2005');
    expect(trailedStop('sell', '1990.00', '5', '2005', 2)!.toFixed()).toBe('1995');
    expect(trailedStop('sell', '1993.00', '5', '1995', 2)).toBeNull();
  });
});

describe('the trailing distance', () => {
  it('must be a positive price difference at the precision, less than the price', () => {
    expect(checkTrailingDistance('0.002', '1.1', 5)).toBeNull();
    expect(checkTrailingDistance('0', '1.1', 5)).toBe('trailing_invalid');
    expect(checkTrailingDistance('0.000001', '1.1', 5)).toBe('trailing_invalid');
    expect(checkTrailingDistance('2', '1.1', 5)).toBe('trailing_invalid');
    expect(checkTrailingDistance('x', '1.1', 5)).toBe('trailing_invalid');
  });
});
