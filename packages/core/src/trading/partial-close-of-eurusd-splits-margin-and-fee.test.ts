import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { checkPartialClose, splitPosition } from './partialClose';

const EURUSD = { lotStep: '0.01', minLots: '0.01' };

describe('closing 0.3 of a 1-lot EURUSD buy', () => {
  it('is allowed, and takes 30 % of the margin and fee with it', () => {
    expect(checkPartialClose(EURUSD, '1', '0.3')).toBeNull();
    const { closed, rest } = splitPosition({ lots: '1', margin: '1100.05', fee: '5', swap: '-2' }, '0.3');
    expect([closed.lots, closed.margin, closed.fee].map(String)).toEqual(['0.3', '330.015', '1.5']);
    expect([rest.lots, rest.margin, rest.fee].map(String)).toEqual(['0.7', '770.035', '3.5']);
    // Its accrued swap too (TRADING.md "Swaps"): the part settles 30 %, the rest keeps accruing on 70 %.
    expect([closed.swap, rest.swap].map(String)).toEqual(['-0.6', '-1.4']);
  });

  it('rounds the share as money and leaves the remainder with the position: thirds add up exactly', () => {
    const { closed, rest } = splitPosition({ lots: '0.03', margin: '10', fee: '0.1', swap: '-1' }, '0.01');
    expect(closed.margin.toFixed()).toBe('3.333333');
    expect(rest.margin.toFixed()).toBe('6.666667');
    expect(closed.fee.plus(rest.fee).toFixed()).toBe('0.1');
    expect([closed.swap, rest.swap].map((s) => s.toFixed())).toEqual(['-0.333333', '-0.666667']);
  });

  it('refuses lots off the step, none, more than held, or a rest under the minimum', () => {
    expect(checkPartialClose(EURUSD, '1', '0.305')).toBe('lots_off_step');
    expect(checkPartialClose(EURUSD, '1', '0')).toBe('lots_not_positive');
    expect(checkPartialClose(EURUSD, '1', 'abc')).toBe('lots_invalid');
    expect(checkPartialClose(EURUSD, '1', '1.01')).toBe('close_lots_above_position');
    expect(checkPartialClose({ lotStep: '0.01', minLots: '0.1' }, '1', '0.95')).toBe('close_rest_below_min');
    // All of it is a whole close, and the instrument's maximum does not limit a close.
    expect(checkPartialClose(EURUSD, '1', '1')).toBeNull();
  });

  it('never creates or loses a unit of margin, fee or swap, whatever the split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 100_000 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
        (hundredths, marginMicros, feeMicros, part, swapMicros) => {
          const lots = dec(hundredths).div(100);
          const closing = dec(Math.min(part, hundredths - 1)).div(100);
          const margin = dec(marginMicros).div(1e6);
          const fee = dec(feeMicros).div(1e6);
          const swap = dec(swapMicros).div(1e6);
          const { closed, rest } = splitPosition({ lots, margin, fee, swap }, closing);
          expect(closed.margin.plus(rest.margin).eq(margin)).toBe(true);
          expect(closed.fee.plus(rest.fee).eq(fee)).toBe(true);
          expect(closed.swap.plus(rest.swap).eq(swap)).toBe(true);
          expect(closed.lots.plus(rest.lots).eq(lots)).toBe(true);
          expect(closed.margin.gte(0) && rest.margin.gte(0)).toBe(true);
        },
      ),
    );
  });
});
