import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { floatingPnl } from './pnl';
import { priceForPnl } from './stopTargets';
import { decimalText, EURGBP, EURUSD, pricesOf, USDJPY, XAUUSD } from './test/fixtures';

const positive = (max: number, places: number) => decimalText(max, places).filter((v) => dec(v).gt(0));
const prices = pricesOf({ USDJPY: '151.237', GBPUSD: '1.26513' });

describe('the price for an amount of P&L', () => {
  it('shows P&L within one tick of the amount and never beyond it, for every quote currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(EURUSD, XAUUSD, USDJPY, EURGBP),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        positive(20, 2),
        positive(5000, 2),
        positive(10_000, 2),
        fc.boolean(),
        (instrument, side, lots, entryText, amount, loss) => {
          const entry = dec(entryText).toFixed(instrument.pricePrecision);
          const wanted = loss ? dec(amount).neg() : dec(amount);
          const level = priceForPnl(instrument, side, lots, entry, wanted, prices);
          const pnlAt = (price: string) =>
            floatingPnl(instrument, { side, lots, price: entry }, price, prices);
          const tick = dec(1).div(dec(10).pow(instrument.pricePrecision));
          // What one tick of this position is worth in USD.
          const tickValue = pnlAt(dec(entry).plus(tick).toFixed()).abs();
          if (level === null) {
            // Only when one tick is worth more than the amount, or the price would have to fall to zero or below.
            const falls = (side === 'buy') === loss;
            expect(tickValue.gt(amount) || (falls && pnlAt('0').abs().lte(amount))).toBe(true);
            return;
          }
          const pnl = pnlAt(level.toFixed());
          expect(pnl.isNeg()).toBe(loss);
          expect(pnl.abs().lte(amount)).toBe(true);
          expect(dec(amount).minus(pnl.abs()).lt(tickValue)).toBe(true);
          expect(level.decimalPlaces()).toBeLessThanOrEqual(instrument.pricePrecision);
        },
      ),
    );
  });
});
