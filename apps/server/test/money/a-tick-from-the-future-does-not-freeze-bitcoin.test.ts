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

// Defect 2 of issue 47: a tick stamped 40 s ahead made every later real tick "older" and froze a fresh-looking quote.
describe('a Bitcoin buy with its stop loss at 95000.00, and a provider whose clock jumps 40 s ahead for one tick', () => {
  it('takes the future tick at the server clock, so the real ticks after it move the price and fire the stop', async () => {
    const { id: userId, token } = await d.trader('20000');
    d.tick('BTCUSD', '96000.00');
    const buy = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('BTCUSD'),
      multiple: 10,
      stop_loss_price: '95000.00',
    });
    expect(buy.code).toBe(1);
    expect(
      t.market.pushTick({ symbol: 'BTCUSD', price: '96500.00', time: t.clock.now() + 40_000, volume: 1 }),
    ).toBe(true);
    // Stamped one second on by a right clock: accepted, not held back behind the future stamp.
    d.tick('BTCUSD', '94000.00');
    // The bid of the real tick: 94000.00 × (1 − 0.0005) = 93953.00.
    expect(t.market.quote(d.id('BTCUSD'))!.price).toBe('93953.00');
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({
      status: 3,
      closeReason: 'stop_loss',
      closePrice: '93953.0000000000',
    });
    await d.expectBalanced(userId);
  });

  it('calls the future tick stale ten seconds after it arrived, and refuses orders on it', async () => {
    const { token } = await d.trader('20000');
    d.tick('BTCUSD', '96000.00');
    t.market.pushTick({ symbol: 'BTCUSD', price: '96100.00', time: t.clock.now() + 40_000, volume: 1 });
    t.clock.set(t.clock.now() + 11_000);
    // Its bid, 96100.00 × (1 − 0.0005) = 96051.95.
    expect(t.market.quote(d.id('BTCUSD'))).toMatchObject({ price: '96051.95', stale: true });
    const refused = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('BTCUSD'), multiple: 10 });
    expect(refused.msg).toBe('The price is unavailable right now, please try again shortly');
  });
});

// Defect 3 of issue 47: sessions were judged on the provider's stamp, so a late tick slipped past the close.
describe("EUR/USD at Friday's 22:00 close, and a tick stamped a second before it that arrives five seconds after", () => {
  it('moves nothing: the market is judged closed at the time the tick was received', async () => {
    const eurusd = d.id('EURUSD');
    t.clock.set(Date.parse('2026-11-20T21:59:58Z'));
    expect(t.quote('EURUSD', '1.16000')).toBe(true);
    t.clock.set(Date.parse('2026-11-20T22:00:05Z'));
    expect(
      t.market.pushTick({
        symbol: 'EURUSD',
        price: '1.17000',
        time: Date.parse('2026-11-20T21:59:59Z'),
        volume: 1,
      }),
    ).toBe(false);
    // Still the bid of 1.16000: 1.16000 × (1 − 0.00005) = 1.159942 → 1.15994.
    expect(t.market.lastPrice(eurusd)).toBe('1.15994');
  });
});

describe('Bitcoin quoted by a provider whose standby runs its clock 30 s behind', () => {
  it("takes the standby's ticks after a failover: a provider's clock orders only its own ticks", () => {
    const at = t.clock.now();
    expect(t.market.pushTick({ symbol: 'BTCUSD', price: '96200.00', time: at, volume: 1, source: 0 })).toBe(
      true,
    );
    t.clock.set(at + 1000);
    expect(
      t.market.pushTick({ symbol: 'BTCUSD', price: '96210.00', time: at - 30_000, volume: 1, source: 1 }),
    ).toBe(true);
    // Within one provider, an older stamp is still an older tick.
    expect(
      t.market.pushTick({ symbol: 'BTCUSD', price: '96220.00', time: at - 31_000, volume: 1, source: 1 }),
    ).toBe(false);
    // The bid of 96210.00: × (1 − 0.0005) = 96161.895 → 96161.89.
    expect(t.market.quote(d.id('BTCUSD'))!.price).toBe('96161.89');
  });
});
