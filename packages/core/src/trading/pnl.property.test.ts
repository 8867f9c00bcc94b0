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
          const units = (p: { lots: string }) => dec(p.lots).times(instrument.contractSize);
          const book = {
            side,
            units: positions.reduce((sum, p) => sum.plus(units(p)), dec(0)),
            entryValue: positions.reduce((sum, p) => sum.plus(units(p).times(p.price)), dec(0)),
          };
          const together = bookPnl(instrument.quoteCurrency, book, current, prices);
          // Exact where the conversion multiplies; a USDxxx rate divides, rounding at the 40th digit.
          if (instrument === USDJPY) expect(together.minus(each).abs().lt('1e-25')).toBe(true);
          else expect(together.eq(each)).toBe(true);
        },
      ),
    );
  });
});
