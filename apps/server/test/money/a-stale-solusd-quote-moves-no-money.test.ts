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

const SOL = { type: 1, cont: '1', multiple: 10 } as const;

// Defect 1 of issue 47: a trigger fired on a tick executed at that tick's price, even when the quote was stale by then.
describe('a SOLUSD buy with its stop loss at 135.00, and a feed that falls silent as the stop is crossed', () => {
  it('closes nothing while the quote is stale, then closes at the next live tick, at its price', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('SOLUSD', '140.00');
    const buy = await d.submit(token, { ...SOL, forex_id: d.id('SOLUSD'), stop_loss_price: '135.00' });
    expect(buy.code).toBe(1);
    // The tick crosses the stop, and 11 s pass before its close runs: the quote it would close on is stale.
    d.tick('SOLUSD', '134.93');
    t.clock.set(t.clock.now() + 11_000);
    await d.settled();
    expect((await d.order(buy.data.Id)).status).toBe(1);

    d.tick('SOLUSD', '134.50');
    await d.settled();
    // The bid of the live tick: 134.50 × (1 − 0.0005) = 134.43275.
    expect(await d.order(buy.data.Id)).toMatchObject({
      status: 3,
      closeReason: 'stop_loss',
      closePrice: '134.4300000000',
    });
    await d.expectBalanced(userId);
  });
});

describe('a SOLUSD buy limit at 135.10, reached just before the feed falls silent', () => {
  it('fills nothing on the stale quote, waits while the price is above its target, and fills at the live tick that reaches it', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('SOLUSD', '140.00');
    const limit = await d.submit(token, {
      ...SOL,
      forex_id: d.id('SOLUSD'),
      status: 0,
      target_price: '135.10',
    });
    expect(limit.code).toBe(1);
    d.tick('SOLUSD', '135.07');
    t.clock.set(t.clock.now() + 11_000);
    await d.settled();
    expect((await d.order(limit.data.Id)).status).toBe(0);

    // Live again, but above the target: the limit keeps waiting.
    d.tick('SOLUSD', '135.20');
    await d.settled();
    expect((await d.order(limit.data.Id)).status).toBe(0);

    d.tick('SOLUSD', '135.00');
    await d.settled();
    // The ask of the live tick: 135.00 × (1 + 0.0005) = 135.0675.
    expect(await d.order(limit.data.Id)).toMatchObject({ status: 1, price: '135.0700000000' });
    await d.expectBalanced(userId);
  });
});
