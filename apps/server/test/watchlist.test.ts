import { api, Code, WATCHLIST_MAX } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/i18n';
import { watchlist } from '../src/watchlist/schema';
import { desk } from './desk';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const list = async (token: string) => (await t.call('GET', api.watchlist.path, { token })).body;
const add = async (token: string, forexId: number | string, lang = 'en') =>
  (await t.call('POST', api.watchlistAdd.path, { token, lang, form: { forex_id: forexId } })).body;
const remove = async (token: string, forexId: number) =>
  (await t.call('POST', api.watchlistRemove.path, { token, form: { forex_id: forexId } })).body;
const order = async (token: string, forexIds: string) =>
  (await t.call('POST', api.watchlistOrder.path, { token, form: { forex_ids: forexIds } })).body;

describe("a trader's watchlist", () => {
  it('starts empty and keeps the instruments starred, in the order they were starred', async () => {
    const d = desk(t);
    const trader = await d.trader();
    expect(await list(trader.token)).toMatchObject({ code: Code.OK, data: [] });
    await add(trader.token, d.id('XAUUSD'));
    const after = await add(trader.token, d.id('EURUSD'));
    expect(after).toMatchObject({ code: Code.OK, data: [d.id('XAUUSD'), d.id('EURUSD')] });
    expect((await list(trader.token)).data).toEqual([d.id('XAUUSD'), d.id('EURUSD')]);
  });

  it('stars an instrument already on the list again without moving or doubling it', async () => {
    const d = desk(t);
    const trader = await d.trader();
    for (const code of ['BTCUSD', 'EURUSD', 'BTCUSD']) await add(trader.token, d.id(code));
    expect((await list(trader.token)).data).toEqual([d.id('BTCUSD'), d.id('EURUSD')]);
  });

  it('unstars an instrument; unstarring one not on the list changes nothing', async () => {
    const d = desk(t);
    const trader = await d.trader();
    for (const code of ['EURUSD', 'GBPUSD', 'USDJPY']) await add(trader.token, d.id(code));
    expect((await remove(trader.token, d.id('GBPUSD'))).data).toEqual([d.id('EURUSD'), d.id('USDJPY')]);
    expect(await remove(trader.token, d.id('GBPUSD'))).toMatchObject({
      code: Code.OK,
      data: [d.id('EURUSD'), d.id('USDJPY')],
    });
  });

  it('moves instruments to the top in the order named, the others following as they were', async () => {
    const d = desk(t);
    const trader = await d.trader();
    const [eur, gbp, jpy, gold] = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD'].map(d.id);
    for (const id of [eur, gbp, jpy, gold]) await add(trader.token, id!);
    expect((await order(trader.token, `${gold},${gbp}`)).data).toEqual([gold, gbp, eur, jpy]);
    expect((await order(trader.token, `${eur},${jpy},${gbp},${gold}`)).data).toEqual([eur, jpy, gbp, gold]);
    // A new star goes to the end of the reordered list.
    await add(trader.token, d.id('BTCUSD'));
    expect((await list(trader.token)).data).toEqual([eur, jpy, gbp, gold, d.id('BTCUSD')]);
  });

  it('refuses an order naming an instrument not on the list, or one twice, and changes nothing', async () => {
    const d = desk(t);
    const trader = await d.trader();
    const [eur, gbp, gold] = ['EURUSD', 'GBPUSD', 'XAUUSD'].map(d.id);
    await add(trader.token, eur!);
    await add(trader.token, gbp!);
    expect(await order(trader.token, `${gold},${eur}`)).toMatchObject({
      code: Code.REFUSED,
      msg: translate('en', 'watchlist_not_listed'),
    });
    const twice = await order(trader.token, `${gbp},${gbp}`);
    expect(twice.code).not.toBe(Code.OK);
    expect(twice.msg.length).toBeGreaterThan(0);
    expect((await list(trader.token)).data).toEqual([eur, gbp]);
  });

  it('refuses an unknown instrument in the trader language, and changes nothing', async () => {
    const trader = await desk(t).trader();
    const refused = await add(trader.token, 999_999, 'de');
    expect(refused).toMatchObject({ code: Code.NOT_FOUND, msg: translate('de', 'instrument_unknown') });
    expect((await add(trader.token, 'EURUSD')).code).not.toBe(Code.OK);
    expect((await list(trader.token)).data).toEqual([]);
  });

  it(`keeps at most ${WATCHLIST_MAX} instruments: one more is refused until one is taken off`, async () => {
    const d = desk(t);
    const trader = await d.trader();
    const traded = t.market.instruments().map((i) => i.id);
    // Instruments starred before they were disabled still count: fill the rest with those.
    const gone = Array.from({ length: WATCHLIST_MAX - (traded.length - 1) }, (_, i) => 900_000 + i);
    await t.database.db
      .insert(watchlist)
      .values(gone.map((instrumentId, position) => ({ userId: trader.id, instrumentId, position })));
    for (const id of traded.slice(0, -1)) expect((await add(trader.token, id)).code).toBe(Code.OK);
    const last = traded.at(-1)!;
    expect(await add(trader.token, last)).toMatchObject({
      code: Code.REFUSED,
      msg: translate('en', 'watchlist_full', { max: WATCHLIST_MAX }),
    });
    // Disabled instruments are not shown.
    expect((await list(trader.token)).data).toEqual(traded.slice(0, -1));
    // Starring one already on a full list is still fine.
    expect((await add(trader.token, traded[0]!)).code).toBe(Code.OK);
    await remove(trader.token, traded[0]!);
    expect((await add(trader.token, last)).data).toEqual([...traded.slice(1, -1), last]);
  });

  it("never shows one trader's list to another, nor lets another change it", async () => {
    const d = desk(t);
    const [a, b] = [await d.trader(), await d.trader()];
    await add(a.token, d.id('EURUSD'));
    await add(a.token, d.id('XAUUSD'));
    expect((await list(b.token)).data).toEqual([]);
    expect((await remove(b.token, d.id('EURUSD'))).data).toEqual([]);
    expect((await order(b.token, `${d.id('XAUUSD')}`)).code).toBe(Code.REFUSED);
    await add(b.token, d.id('BTCUSD'));
    expect((await list(a.token)).data).toEqual([d.id('EURUSD'), d.id('XAUUSD')]);
    expect((await list(b.token)).data).toEqual([d.id('BTCUSD')]);
  });
});
