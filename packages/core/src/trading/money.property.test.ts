import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { accountFigures } from './account';
import type { Instrument } from './instrument';
import { orderCost } from './margin';
import { settleClose } from './settle';
import { decimalText, EURUSD, pricesOf, signedDecimalText } from './test/fixtures';

const holdingsArb = fc.array(fc.record({ margin: decimalText(5000, 6), pnl: signedDecimalText(8000, 6) }), {
  maxLength: 10,
});

const instrumentArb: fc.Arbitrary<Instrument> = fc
  .record({
    contractSize: decimalText(100000, 2).filter((v) => v !== '0'),
    feeRate: decimalText(10, 6),
    fixedMargin: fc.boolean(),
    pricePrecision: fc.integer({ min: 0, max: 8 }),
    spreadRate: decimalText(0.01, 6),
    quoteCurrency: fc.constantFrom('USD', 'JPY', 'GBP'),
  })
  .map((terms) => ({ ...EURUSD, ...terms }));

describe('money identities', () => {
  it('keeps equity = balance + used margin + floating P&L, free margin = equity − used margin', () => {
    fc.assert(
      fc.property(signedDecimalText(100000, 2), holdingsArb, (balance, holdings) => {
        const figures = accountFigures(balance, holdings);
        const used = holdings.reduce((sum, h) => sum.plus(h.margin), dec(0));
        const pnl = holdings.reduce((sum, h) => sum.plus(h.pnl), dec(0));
        expect(figures.usedMargin.eq(used)).toBe(true);
        expect(figures.equity.eq(dec(balance).plus(used).plus(pnl))).toBe(true);
        expect(figures.freeMargin.plus(figures.usedMargin).eq(figures.equity)).toBe(true);
        if (used.isZero()) expect(figures.riskRate).toBeNull();
        else
          expect(figures.riskRate!.times(used).div(100).minus(figures.equity).abs().lt('1e-30')).toBe(true);
      }),
    );
  });

  it('never gives a negative margin or fee for a valid order', () => {
    fc.assert(
      fc.property(
        instrumentArb,
        decimalText(100, 2).filter((v) => v !== '0'),
        decimalText(100000, 5).filter((v) => v !== '0'),
        fc.constantFrom(...EURUSD.leverages),
        fc.constantFrom(1, 2),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        (instrument, lots, price, leverage, tradeFeeType, side) => {
          const prices = pricesOf({ USDJPY: '150.123', GBPUSD: '1.27' });
          const cost = orderCost(instrument, { side, lots, leverage }, price, tradeFeeType, prices);
          expect(cost.margin.gte(0)).toBe(true);
          expect(cost.fee.gte(0)).toBe(true);
        },
      ),
    );
  });

  it('settles so that balance after = balance + margin + P&L + top-up, never below zero with protection', () => {
    fc.assert(
      fc.property(
        decimalText(10000, 2),
        decimalText(5000, 6),
        signedDecimalText(8000, 6),
        (balance, margin, pnl) => {
          const settlement = settleClose(balance, { margin, pnl });
          expect(
            settlement.balanceAfter.eq(dec(balance).plus(settlement.amount).plus(settlement.topUp)),
          ).toBe(true);
          expect(settlement.topUp.gte(0)).toBe(true);
          expect(settlement.balanceAfter.gte(0)).toBe(true);
        },
      ),
    );
  });
});
