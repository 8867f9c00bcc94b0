import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { pointsText } from './points';
import { platformQuote } from './quote';

const eurusd = { spreadRate: '0.00005', markup: '0', pricePrecision: 5 };

describe('the platform’s EURUSD quote around its provider’s prices', () => {
  it('puts a single price 1.16486 between bid 1.16480 and ask 1.16492: the spread, bid down, ask up', () => {
    // 1.16486 × 0.99995 = 1.164801757 → 1.16480; × 1.00005 = 1.164918243 → 1.16492
    const quote = platformQuote({ price: '1.16486' }, eurusd)!;
    expect([pointsText(quote.bid, 5), pointsText(quote.ask, 5)]).toEqual(['1.16480', '1.16492']);
  });

  it('takes a provider’s bid and ask as they are, and widens them by the markup: 3 points, 1.5 each side', () => {
    const raw = { bid: '1.16480', ask: '1.16492' };
    expect(platformQuote(raw, { ...eurusd, markup: '0' })).toEqual({ bid: 116480, ask: 116492 });
    expect(platformQuote(raw, { ...eurusd, markup: '3' })).toEqual({ bid: 116478, ask: 116494 });
    expect(platformQuote(raw, { ...eurusd, markup: '4' })).toEqual({ bid: 116478, ask: 116494 });
  });

  it('refuses an ask below the bid, and a price that is not positive', () => {
    expect(platformQuote({ bid: '1.16492', ask: '1.16480' }, eurusd)).toBeNull();
    expect(platformQuote({ price: '0' }, eurusd)).toBeNull();
    expect(platformQuote({ bid: '0.00001', ask: '0.00002' }, { ...eurusd, markup: '4' })).toBeNull();
  });

  it('never narrows: the bid is at or below the provider’s, the ask at or above, widened by at least the markup', () => {
    const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => dec(n).div(1000).toFixed());
    fc.assert(
      fc.property(
        price,
        fc.integer({ min: 0, max: 100 }).map((n) => dec(n).div(100_000).toFixed()),
        fc.integer({ min: 0, max: 20 }).map(String),
        fc.integer({ min: 0, max: 6 }),
        (p, spreadRate, markup, pricePrecision) => {
          const quote = platformQuote({ price: p }, { spreadRate, markup, pricePrecision });
          if (quote === null) return;
          const scale = dec(10).pow(pricePrecision);
          expect(dec(quote.bid).lte(dec(p).times(dec(1).minus(spreadRate)).times(scale))).toBe(true);
          expect(dec(quote.ask).gte(dec(p).times(dec(1).plus(spreadRate)).times(scale))).toBe(true);
          expect(quote.ask - quote.bid).toBeGreaterThanOrEqual(Number(markup));
        },
      ),
    );
  });
});
