import type { Instrument, Order } from '@meridian/contract';
import { dec } from '@meridian/core';
import { describe, expect, it } from 'vitest';
import { corrections, liveHoldings, marksOf, pricingSymbols } from './livePnl';

/** An instrument as the trade list has it, quoted at `bid`/`ask`. */
function instrument(
  Id: number,
  Code: string,
  QuoteCurrency: string,
  bid: string,
  ask: string,
  precision = 5,
) {
  return {
    Id,
    Code,
    QuoteCurrency,
    PricePrecision: precision,
    ForexContNum: Code === 'XAUUSD' ? '100' : '100000',
    Bid: bid,
    Ask: ask,
    ForexQuotations: { Open: bid, Close: bid, High: bid, Low: bid, Change: '0.00' },
  } as Instrument;
}

const position = (
  Id: number,
  ForexId: number,
  buy: boolean,
  lots: string,
  price: string,
  swap = '0',
): Order =>
  ({
    Id,
    ForexId,
    OrderType: buy ? 1 : 2,
    Status: 1,
    Quantity: lots,
    Price: price,
    Swap: swap,
    UpdatePrice: price,
    FactProfits: '0.000000',
  }) as Order;

const market = (eurgbp: string, gbpusd: string) => [
  instrument(1, 'EURGBP', 'GBP', eurgbp, eurgbp),
  instrument(2, 'GBPUSD', 'USD', gbpusd, gbpusd),
  instrument(3, 'USDJPY', 'JPY', '150.000', '150.010', 3),
  instrument(4, 'XAUUSD', 'USD', '4000.00', '4000.40', 2),
  instrument(5, 'CHFJPY', 'JPY', '', '', 3),
];

describe('the quotes a screen follows to price instruments', () => {
  it('are their own and the pair each quote currency converts to USD at', () => {
    const all = market('0.85000', '1.25000');
    const [eurgbp, , usdjpy, gold] = all;
    expect(pricingSymbols(all, [eurgbp!])).toEqual(['EURGBP', 'GBPUSD']);
    expect(pricingSymbols(all, [usdjpy!, gold!])).toEqual(['USDJPY', 'XAUUSD']);
  });
});

describe('a position marked at the app’s quotes', () => {
  it('closes a buy at the bid, converts at the pair’s bid and counts the swap', () => {
    const held = [
      position(10, 1, true, '1', '0.84000', '-1.500000'),
      position(11, 4, false, '0.1', '4010.00'),
    ];
    const live = liveHoldings(held, marksOf(held, market('0.85000', '1.30000')), new Map(), new Map());
    // (0.85 − 0.84) × 100,000 = 1,000 GBP × 1.30 = 1,300 − 1.50 swap; (4010.00 − 4000.40) × 10 = 96.
    expect(live.positions.map((o) => [o.UpdatePrice, o.FactProfits])).toEqual([
      ['0.85000', '1298.500000'],
      ['4000.40', '96.000000'],
    ]);
    expect(live.floatingPnl).toBe('1394.500000');
  });

  it('shows what the server last said of a position it cannot price (no quote yet)', () => {
    const held = [position(12, 5, true, '1', '170.000')];
    const server = new Map([[12, { UpdatePrice: '171.000', FactProfits: '665.000000' }]]);
    const live = liveHoldings(held, marksOf(held, market('0.85000', '1.30000')), new Map(), server);
    expect(live.positions[0]).toMatchObject({ UpdatePrice: '171.000', FactProfits: '665.000000' });
    expect(live.floatingPnl).toBe('665.000000');
  });
});

describe('the server’s FOREX_TRADE figures against the app’s', () => {
  const held = [position(10, 1, true, '1', '0.84000')];

  it('carry the difference the server knows of (a swap charged since the read) at the same price', () => {
    const marks = marksOf(held, market('0.85000', '1.30000'));
    const corrected = corrections(
      new Map(),
      [{ Id: 10, UpdatePrice: '0.85000', FactProfits: '1297.000000' }],
      marks,
    );
    expect(corrected.get(10)?.toFixed()).toBe('-3');
    // The next quote moves the figure from the server's, not from the app's own.
    const next = liveHoldings(held, marksOf(held, market('0.85100', '1.30000')), corrected, new Map());
    expect(next.positions[0]!.FactProfits).toBe('1427.000000');
  });

  it('do not pull the figure back to an older price: a push at another price keeps what was carried', () => {
    const carried = new Map([[10, dec('-3')]]);
    const now = marksOf(held, market('0.85100', '1.30000'));
    const stale = [{ Id: 10, UpdatePrice: '0.85000', FactProfits: '1297.000000' }];
    const corrected = corrections(carried, stale, now);
    expect(corrected).toEqual(carried);
    expect(liveHoldings(held, now, corrected, new Map()).positions[0]!.FactProfits).toBe('1427.000000');
  });

  it('carry nothing where the two agree, and forget positions no longer pushed', () => {
    const marks = marksOf(held, market('0.85000', '1.30000'));
    const agreeing = [{ Id: 10, UpdatePrice: '0.85000', FactProfits: '1300.000000' }];
    expect(corrections(new Map([[10, dec('-3')]]), agreeing, marks)).toEqual(new Map());
    expect(corrections(new Map([[10, dec('-3')]]), [], marks)).toEqual(new Map());
  });
});
