import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const edit = (input: Record<string, unknown>) => d.operatorCall('POST', '/admin/api/instruments/edit', input);

// TRADING.md "Prices": a position closes at the live bid or ask, so a spread an operator widens is the spread
// it closes at, as at any broker; its fill, margin and fee stay as they were.
describe('buy EURUSD, then the operator widens its spread twenty times', () => {
  it('keeps the fill, and marks and closes the position at the bid of the wider spread; a new order opens at its ask', async () => {
    const { token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    const buy = await d.submit(token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    // The ask: 1.10000 × (1 + 0.00005) = 1.100055 → 1.10006.
    expect(buy.data.Price).toBe('1.10006');
    expect((await edit({ id: d.id('EURUSD'), spread_rate: '0.001' })).code).toBe(1);

    d.tick('EURUSD', '1.10100');
    await d.settled();
    // The bid: 1.10100 × (1 − 0.001) = 1.099899 → 1.09989; P&L (1.09989 − 1.10006) × 100,000 = −17.
    const [marked] = (await d.myDeal(token, 1)).data.data;
    expect(marked).toMatchObject({ Price: '1.10006', UpdatePrice: '1.09989', FactProfits: '-17.000000' });
    const closed = await d.close(token, buy.data.Id);
    expect(closed.data).toMatchObject({ UpdatePrice: '1.09989', FactProfits: '-17.000000' });

    const next = await d.submit(token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    // The ask: 1.10100 × 1.001 = 1.102101 → 1.10211, rounded up.
    expect(next.data.Price).toBe('1.10211');
    await edit({ id: d.id('EURUSD'), spread_rate: '0.00005' });
  });
});
