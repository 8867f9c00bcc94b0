import { describe, expect, it } from 'vitest';
import { orderCost } from './margin';
import { floatingPnl } from './pnl';
import { EURGBP, pricesOf } from './test/fixtures';

// Sell 0.2 lot EURGBP at 0.85500 with 1:100 while GBPUSD is 1.27000; EURGBP falls to 0.85000.
describe('EURGBP P&L converted to USD', () => {
  it('takes 20,000 × 0.855 ÷ 100 = 171 GBP of margin, × 1.27 = 217.17 USD', () => {
    const prices = pricesOf({ GBPUSD: '1.27000' });
    const cost = orderCost(EURGBP, { lots: '0.2', leverage: 100 }, '0.85500', 2, prices);
    expect(cost.margin.toFixed()).toBe('217.17');
  });

  it('makes 0.005 × 20,000 = 100 GBP, × GBPUSD now 1.26500 = 126.5 USD', () => {
    const position = { side: 'sell', lots: '0.2', price: '0.85500' } as const;
    const pnl = floatingPnl(EURGBP, position, '0.85000', pricesOf({ GBPUSD: '1.26500' }));
    expect(pnl.toFixed()).toBe('126.5');
  });
});
