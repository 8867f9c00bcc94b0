import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { bookPnl, floatingPnl } from './pnl';
import { decimalText, EURGBP, EURUSD, pricesOf, USDJPY, XAUUSD } from './test/fixtures';

const positive = (max: number, places: number) => decimalText(max, places).filter((v) => v !== '0');
const prices = pricesOf({ USDJPY: '151.237', GBPUSD: '1.26513' });

describe('a book of positions', () => {
  it('marks at the sum of its positions’ P&L, for every quote currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(EURUSD, XAUUSD, USDJPY, EURGBP),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        fc.array(fc.record({ lots: positive(100, 2), price: positive(5000, 5) }), {
          minLength: 1,
          maxLength: 30,
        }),
        positive(5000, 5),
        (instrument, side, positions, current) => {
          const each = positions.reduce(
            (sum, p) => sum.plus(floatingPnl(instrument, { side, ...p }, current, prices)),
            dec(0),
          );
          const book = {
            side,
            lots: positions.reduce((sum, p) => sum.plus(p.lots), dec(0)),
            lotsTimesPrice: positions.reduce((sum, p) => sum.plus(dec(p.lots).times(p.price)), dec(0)),
          };
          const together = bookPnl(instrument, book, current, prices);
          // Exact where the conversion multiplies; a USDxxx rate divides, rounding at the 40th digit.
          if (instrument === USDJPY) expect(together.minus(each).abs().lt('1e-25')).toBe(true);
          else expect(together.eq(each)).toBe(true);
        },
      ),
    );
  });
});
