import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { accountFigures } from './account';
import type { Instrument } from './instrument';
import { orderCost } from './margin';
import { coverDeficit } from './settle';
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
        (instrument, lots, price, leverage, tradeFeeType) => {
          const prices = pricesOf({ USDJPY: '150.123', GBPUSD: '1.27' });
          const cost = orderCost(instrument, { lots, leverage }, price, tradeFeeType, prices);
          expect(cost.margin.gte(0)).toBe(true);
          expect(cost.fee.gte(0)).toBe(true);
        },
      ),
    );
  });

  it('covers a flat account’s negative balance with its own money first and tops up only the deficit left', () => {
    const held = fc.array(fc.record({ id: fc.nat(), amount: decimalText(500, 2) }), { maxLength: 5 });
    fc.assert(
      fc.property(signedDecimalText(2000, 6), held, held, fc.boolean(), (balance, reserves, locks, on) => {
        const cover = coverDeficit(balance, reserves, locks, on);
        const sumOf = (items: { amount: string }[]) => items.reduce((s, i) => s.plus(i.amount), dec(0));
        const given = sumOf(reserves.slice(0, cover.cancel.length)).plus(
          sumOf(locks.slice(0, cover.unlock.length)),
        );
        // Money is conserved: the balance moves by what was given back plus the top-up, nothing else.
        expect(cover.balanceAfter.eq(dec(balance).plus(given).plus(cover.protection))).toBe(true);
        // The top-up is the true deficit: all of the account's own money, and no more, was spent first.
        const own = dec(balance).plus(sumOf(reserves)).plus(sumOf(locks));
        expect(cover.protection.eq(on && own.isNegative() ? own.neg() : 0)).toBe(true);
        if (on) expect(cover.balanceAfter.gte(0)).toBe(true);
        if (dec(balance).gte(0)) expect(cover.cancel.length + cover.unlock.length).toBe(0);
      }),
    );
  });
});
