import { api } from '@meridian/contract';
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

/** 0.10 lot EURUSD at 1:100: 10,000 euros, so each point (0.00001) is 0.10 USD. */
const EURUSD = { cont: '0.1', multiple: 100 } as const;
const quote = (bid: string, ask: string) => d.tick('EURUSD', { bid, ask });
/** A price as the orders table stores it (10 decimals). */
const price = (text: string) => `${text}00000`;
/** Price (fill) and OriginPrice (the side's market price) of a placed order. */
const opened = (placed: { data: { Price: string; OriginPrice: string } }) => [
  placed.data.Price,
  placed.data.OriginPrice,
];

describe('a EURUSD buy, quoted by a provider’s bid and ask (feed protocol v2)', () => {
  it('opens at the ask, is marked at the bid, and its stop loss fires on the bid while the ask is above it', async () => {
    const { id: userId, token } = await d.trader('10000');
    quote('1.16480', '1.16492');
    const buy = await d.submit(token, {
      ...EURUSD,
      type: 1,
      forex_id: d.id('EURUSD'),
      stop_loss_price: '1.16400',
    });
    expect(buy.code, buy.msg).toBe(1);
    expect(opened(buy)).toEqual(['1.16492', '1.16492']);

    // The bid 2 points above the stop: nothing closes.
    quote('1.16402', '1.16414');
    await d.settled();
    expect((await d.order(buy.data.Id)).status).toBe(1);
    const [held] = (await d.myDeal(token, 1)).data.data;
    // Marked where it would close: the bid 1.16402, (1.16402 − 1.16492) × 10,000 = −9.
    expect(held).toMatchObject({ UpdatePrice: '1.16402', FactProfits: '-9.000000' });

    // The bid reaches the stop: closed at the bid, with the ask far above.
    quote('1.16400', '1.16440');
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({
      status: 3,
      closeReason: 'stop_loss',
      closePrice: price('1.16400'),
      profit: '-9.20000000',
    });
    await d.expectBalanced(userId);
  });
});

describe('a EURUSD sell', () => {
  it('opens at the bid, and its take profit fires on the ask, not on the bid', async () => {
    const { id: userId, token } = await d.trader('10000');
    quote('1.16480', '1.16492');
    const sell = await d.submit(token, {
      ...EURUSD,
      type: 2,
      forex_id: d.id('EURUSD'),
      target_profit_price: '1.16300',
    });
    expect(opened(sell)).toEqual(['1.16480', '1.16480']);

    quote('1.16290', '1.16310');
    await d.settled();
    expect((await d.order(sell.data.Id)).status).toBe(1);

    quote('1.16280', '1.16300');
    await d.settled();
    // Closed at the ask: (1.16480 − 1.16300) × 10,000 = +18.
    expect(await d.order(sell.data.Id)).toMatchObject({
      status: 3,
      closeReason: 'take_profit',
      closePrice: price('1.16300'),
      profit: '18.00000000',
    });
    await d.expectBalanced(userId);
  });
});

describe('EURUSD pending orders', () => {
  it('fills a buy limit when the ask reaches it, and a sell limit when the bid does, each at that price', async () => {
    const { id: userId, token } = await d.trader('10000');
    quote('1.16480', '1.16492');
    const buyLimit = await d.submit(token, {
      ...EURUSD,
      type: 1,
      forex_id: d.id('EURUSD'),
      status: 0,
      target_price: '1.16450',
    });
    const sellLimit = await d.submit(token, {
      ...EURUSD,
      type: 2,
      forex_id: d.id('EURUSD'),
      status: 0,
      target_price: '1.16520',
    });
    expect([buyLimit.code, sellLimit.code]).toEqual([1, 1]);
    expect((await d.order(buyLimit.data.Id)).pendingKind).toBe('buy_limit');
    expect((await d.order(sellLimit.data.Id)).pendingKind).toBe('sell_limit');

    // The bid at the buy limit, the ask at the sell limit: neither fills.
    quote('1.16450', '1.16470');
    quote('1.16505', '1.16520');
    await d.settled();
    expect((await d.order(buyLimit.data.Id)).status).toBe(0);
    expect((await d.order(sellLimit.data.Id)).status).toBe(0);

    quote('1.16430', '1.16448');
    await d.settled();
    expect(await d.order(buyLimit.data.Id)).toMatchObject({ status: 1, price: price('1.16448') });
    quote('1.16521', '1.16533');
    await d.settled();
    expect(await d.order(sellLimit.data.Id)).toMatchObject({ status: 1, price: price('1.16521') });
    await d.expectBalanced(userId);
  });

  it('calls a buy at the ask “at market”, and judges a buy’s stop loss against the bid it closes at', async () => {
    const { token } = await d.trader('10000');
    quote('1.16480', '1.16492');
    const atAsk = await d.submit(token, {
      ...EURUSD,
      type: 1,
      forex_id: d.id('EURUSD'),
      status: 0,
      target_price: '1.16492',
    });
    expect(atAsk.code).not.toBe(1);
    const stopAboveBid = await d.submit(token, {
      ...EURUSD,
      type: 1,
      forex_id: d.id('EURUSD'),
      stop_loss_price: '1.16485',
    });
    expect(stopAboveBid.code).not.toBe(1);
  });
});

describe('an operator’s markup on EURUSD', () => {
  it('widens the provider’s quote by 4 points, 2 each side: a buy pays 2 points more, the list and the push show it', async () => {
    const { token } = await d.trader('10000');
    const edited = await d.operatorCall('POST', '/admin/api/instruments/edit', {
      id: d.id('EURUSD'),
      markup: '4',
    });
    expect(edited.code, edited.msg).toBe(1);
    try {
      quote('1.16480', '1.16492');
      const list = await t.call('GET', api.tradeList.path, { token });
      const row = list.body.data.find((i: { Code: string }) => i.Code === 'EURUSD');
      expect([row.Bid, row.Ask, row.ForexQuotations.Close]).toEqual(['1.16478', '1.16494', '1.16478']);
      const placed = await d.submit(token, { ...EURUSD, type: 1, forex_id: d.id('EURUSD') });
      expect(placed.data.Price).toBe('1.16494');
    } finally {
      await d.operatorCall('POST', '/admin/api/instruments/edit', { id: d.id('EURUSD'), markup: '0' });
    }
  });
});
