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

// Defect 7 of issue 18: a close read the spread from the instrument, so an operator's change repriced
// every open position.
describe('buy EURUSD, then the operator widens its spread twenty times', () => {
  it('marks and closes the position at the spread it opened with; a new order takes the new spread', async () => {
    const { token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    const buy = await d.submit(token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    expect(buy.data.Price).toBe('1.10006');
    expect((await edit({ id: d.id('EURUSD'), spread_rate: '0.001' })).code).toBe(1);

    d.tick('EURUSD', '1.10100');
    await d.settled();
    // At the spread it opened with: 1.10100 × (1 − 0.00005) = 1.10094; P&L (1.10094 − 1.10006) × 100,000.
    const [marked] = (await d.myDeal(token, 1)).data.data;
    expect(marked).toMatchObject({ UpdatePrice: '1.10094', FactProfits: '88.000000' });
    const closed = await d.close(token, buy.data.Id);
    expect(closed.data).toMatchObject({ UpdatePrice: '1.10094', FactProfits: '88.000000' });

    const next = await d.submit(token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    // 1.10100 × 1.001 = 1.102101 → 1.10210.
    expect(next.data.Price).toBe('1.10210');
    await edit({ id: d.id('EURUSD'), spread_rate: '0.00005' });
  });
});
