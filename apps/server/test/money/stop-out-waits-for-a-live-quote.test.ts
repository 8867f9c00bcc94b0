import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk } from '../desk';
import { startTestApp, TEST_START, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const atRisk = async (userId: number) =>
  (await d.operatorCall('GET', '/admin/api/risk/accounts')).data.rows.find(
    (r: { user_id: number }) => r.user_id === userId,
  );

// Defect 4 of issue 18: stop-out marked positions at the last price, fresh or not, and closed them there.
describe('buy gold, it crashes, and then its feed goes quiet', () => {
  it('does not stop out at the stale price, shows the account as blocked, and stops out at the next live tick', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.4', forex_id: d.id('XAUUSD'), multiple: 100 });
    expect(buy.code).toBe(1);
    // The crash tick and the silence that follows, with no sweep between them: 11 s without a tick is stale.
    d.tick('XAUUSD', '1985.00');
    t.clock.set(t.clock.now() + 11_000);
    await d.settled();
    expect((await d.order(buy.data.Id)).status).toBe(1);
    expect(await atRisk(userId)).toMatchObject({ state: 'stop_out', stop_out_blocked: true });

    d.tick('XAUUSD', '1984.00');
    await d.settled();
    // Closed at the live price: 1984.00 × (1 − 0.0001) = 1983.80.
    expect(await d.order(buy.data.Id)).toMatchObject({
      status: 3,
      closeReason: 'stop_out',
      closePrice: '1983.8000000000',
    });
    expect(await atRisk(userId)).toBeUndefined();
    await d.expectBalanced(userId);
  });
});

describe('hold Apple into the close of Wall Street, with gold falling while Apple cannot trade', () => {
  it('closes gold, the position it can close, leaves Apple for the open, and protects only once flat', async () => {
    // Thursday 20:00 UTC: New York is open until 21:00.
    t.clock.set(Date.parse('2026-11-19T20:00:00Z'));
    expect(TEST_START).toBeLessThan(t.clock.now());
    const { id: userId, token } = await d.trader('1000');
    d.tick('AAPL', '200.00');
    d.tick('XAUUSD', '2000.00');
    const apple = await d.submit(token, { type: 1, cont: '20', forex_id: d.id('AAPL'), multiple: 10 });
    const gold = await d.submit(token, { type: 1, cont: '0.2', forex_id: d.id('XAUUSD'), multiple: 100 });
    expect([apple.code, gold.code]).toEqual([1, 1]);
    d.tick('AAPL', '190.00');
    // 21:30: New York has closed on a loss; gold trades on and falls.
    t.clock.set(Date.parse('2026-11-19T21:30:00Z'));
    d.tick('XAUUSD', '1960.00');
    await d.settled();
    expect(await d.order(gold.data.Id)).toMatchObject({ status: 3, closeReason: 'stop_out' });
    expect((await d.order(apple.data.Id)).status).toBe(1);
    // 196.64 of cash + 400.04 of gold's margin − 808: below zero while Apple is still held, unprotected.
    expect((await d.account(userId)).balance.toFixed()).toBe('-211.32');
    expect(await atRisk(userId)).toMatchObject({ state: 'stop_out', stop_out_blocked: true });

    // Friday 14:31: New York opens where it closed; Apple is stopped out and the account is flat at −13.60.
    t.clock.set(Date.parse('2026-11-20T14:31:00Z'));
    d.tick('AAPL', '190.00');
    await d.settled();
    expect(await d.order(apple.data.Id)).toMatchObject({ status: 3, closeReason: 'stop_out' });
    const protection = (await d.ledger(userId)).filter((r) => r.type === 'negative_balance_protection');
    expect(protection.map((r) => r.amount)).toEqual(['13.60000000']);
    expect((await d.account(userId)).balance.toFixed()).toBe('0');
    await d.expectBalanced(userId);
  });
});
