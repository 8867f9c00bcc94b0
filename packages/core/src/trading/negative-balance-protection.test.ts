import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { orderCost } from './margin';
import { floatingPnl } from './pnl';
import { settleClose } from './settle';
import { pricesOf, XAUUSD } from './test/fixtures';

// Buy 0.1 lot gold at 2000.00 with 1:100 from a balance of 220.50; gold gaps down to 1970.00.
const usdOnly = pricesOf({});

describe('negative balance protection', () => {
  const cost = orderCost(XAUUSD, { side: 'buy', lots: '0.1', leverage: 100 }, '2000.00', 1, usdOnly);
  const balance = dec('220.50').minus(cost.margin).minus(cost.fee);
  const pnl = floatingPnl(XAUUSD, { side: 'buy', lots: '0.1', price: cost.price }, '1970.00', usdOnly);

  it('opens with margin 200 and fee 0.5, leaving 20; loses 30 × 10 = 300', () => {
    expect(balance.toFixed()).toBe('20');
    expect(pnl.toFixed()).toBe('-300');
  });

  it('returns 200 − 300 = −100, leaving −80, raised to 0 by a top-up of 80', () => {
    const settlement = settleClose(balance, { margin: cost.margin, pnl });
    expect(settlement.amount.toFixed()).toBe('-100');
    expect(settlement.topUp.toFixed()).toBe('80');
    expect(settlement.balanceAfter.toFixed()).toBe('0');
  });

  it('leaves −80 when the protection setting is off', () => {
    const settlement = settleClose(balance, { margin: cost.margin, pnl }, false);
    expect(settlement.topUp.toFixed()).toBe('0');
    expect(settlement.balanceAfter.toFixed()).toBe('-80');
  });
});
