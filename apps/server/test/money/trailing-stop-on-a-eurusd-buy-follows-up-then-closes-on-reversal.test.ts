import { api, Code } from '@meridian/contract';
import { dec } from '@meridian/core';
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

const stopOf = async (orderId: number) => {
  const { stopLoss } = await d.order(orderId);
  return stopLoss === null ? null : dec(stopLoss).toFixed();
};
/** A provider's quote with its bid and ask at `price` (no spread): the stop levels read as the prices. */
const at = (price: string) => ({ bid: price, ask: price });
/** A quote, then what the engine does with it. */
const tick = async (price: string) => {
  d.tick('EURUSD', at(price));
  await d.settled();
};

describe('buy EURUSD at 1.10000 with a 0.00200 trailing stop', () => {
  it('starts the stop 0.00200 under, follows the price up, holds on a dip, jumps a gap, and closes on the reversal', async () => {
    const trader = await d.trader('10000');
    d.tick('EURUSD', at('1.10000'));
    const placed = await d.submit(trader.token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      trailing_distance: '0.00200',
    });
    expect(placed).toMatchObject({
      code: Code.OK,
      data: { TrailingDistance: '0.00200', TargetLossPrice: '1.09800' },
    });
    const id: number = placed.data.Id;

    await tick('1.10100');
    expect(await stopOf(id)).toBe('1.099');
    await tick('1.10050');
    expect(await stopOf(id)).toBe('1.099');
    // A gap up carries the stop the whole way at once.
    await tick('1.10600');
    expect(await stopOf(id)).toBe('1.104');
    const view = (await d.myDeal(trader.token, 1)).data.data[0];
    expect(view).toMatchObject({ Id: id, TargetLossPrice: '1.10400', TrailingDistance: '0.00200' });

    // The reversal gaps through the stop: closed by it, at the tick.
    await tick('1.10300');
    const closed = await d.order(id);
    expect(closed).toMatchObject({ status: 3, closeReason: 'stop_loss' });
    expect(dec(closed.profit!).gt(0)).toBe(true);
    await d.expectBalanced(trader.id);
  });

  it('keeps a stop of its own until the price carries the trail past it', async () => {
    const trader = await d.trader('10000');
    d.tick('EURUSD', at('1.10000'));
    const placed = await d.submit(trader.token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      stop_loss_price: '1.09500',
      trailing_distance: '0.00200',
    });
    const id: number = placed.data.Id;
    await tick('1.10100');
    expect(await stopOf(id)).toBe('1.099');
    expect(dec((await d.order(id)).stopLoss!).gt('1.095')).toBe(true);
  });
});

describe('a gold sell given a 5.00 trailing stop after it opened', () => {
  it('trails down only, and stops trailing when set_stop_price leaves the distance out', async () => {
    const trader = await d.trader('10000');
    d.tick('XAUUSD', at('2000.00'));
    const placed = await d.submit(trader.token, {
      type: 2,
      cont: '0.01',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
    });
    const id: number = placed.data.Id;
    const set = await t.call('GET', api.setStopPrice.path, {
      token: trader.token,
      query: { id, stop_loss_price: 0, target_profit_price: '1900.00', trailing_distance: '5.00' },
    });
    expect(set.body).toMatchObject({
      code: Code.OK,
      data: { TargetLossPrice: '2005.00', TrailingDistance: '5.00' },
    });
    d.tick('XAUUSD', at('1990.00'));
    await d.settled();
    expect(await stopOf(id)).toBe('1995');
    d.tick('XAUUSD', at('1993.00'));
    await d.settled();
    expect(await stopOf(id)).toBe('1995');

    await d.setStops(trader.token, id, '1995.00', '1900.00');
    d.tick('XAUUSD', at('1980.00'));
    await d.settled();
    expect(await d.order(id)).toMatchObject({ trailingDistance: null });
    expect(await stopOf(id)).toBe('1995');
  });

  it('refuses a distance that is not a positive price difference, and changes nothing', async () => {
    const trader = await d.trader('10000');
    d.tick('XAUUSD', at('2000.00'));
    for (const trailing_distance of ['-5', 'abc', '0.001', '2500']) {
      const refused = await d.submit(trader.token, {
        type: 1,
        cont: '0.01',
        forex_id: d.id('XAUUSD'),
        multiple: 100,
        trailing_distance,
      });
      expect(refused.code, trailing_distance).not.toBe(Code.OK);
    }
    expect((await d.myDeal(trader.token, 1)).data.data).toEqual([]);
  });
});
