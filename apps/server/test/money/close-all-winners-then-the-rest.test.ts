import { api, Code } from '@meridian/contract';
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

const closeAll = async (token: string, query: Record<string, string | number> = {}) =>
  (await t.call('GET', api.closeAll.path, { token, query })).body;

/** A EURUSD hedge and a gold buy; EURUSD then rises and gold falls: the EURUSD buy wins, the rest lose. */
async function hedgedBook() {
  const trader = await d.trader('10000');
  d.tick('EURUSD', '1.10000');
  d.tick('XAUUSD', '2000.00');
  const buy = (
    await d.submit(trader.token, { type: 1, cont: '0.1', forex_id: d.id('EURUSD'), multiple: 100 })
  ).data;
  const sell = (
    await d.submit(trader.token, { type: 2, cont: '0.1', forex_id: d.id('EURUSD'), multiple: 100 })
  ).data;
  const gold = (
    await d.submit(trader.token, { type: 1, cont: '0.01', forex_id: d.id('XAUUSD'), multiple: 100 })
  ).data;
  d.tick('EURUSD', '1.10500');
  d.tick('XAUUSD', '1990.00');
  return { trader, buy: buy.Id as number, sell: sell.Id as number, gold: gold.Id as number };
}

const settles = async (userId: number, orderId: number) =>
  (await d.ledger(userId)).filter((r) => r.refId === orderId && r.type === 'trade_settle').length;

describe('close the winners of a hedged EURUSD book, then the gold loser, then the rest', () => {
  it('closes only what each filter chooses, each with its own settlement', async () => {
    const { trader, buy, sell, gold } = await hedgedBook();
    const winners = await closeAll(trader.token, { which: 'profit' });
    expect(winners.data.map((r: { Id: number; closed: boolean }) => [r.Id, r.closed])).toEqual([[buy, true]]);
    expect(winners.data[0].order).toMatchObject({ Id: buy, Status: 3, CloseReason: 'user' });
    expect(Number(winners.data[0].order.FactProfits)).toBeGreaterThan(0);

    const goldLosers = await closeAll(trader.token, { which: 'loss', forex_id: d.id('XAUUSD') });
    expect(goldLosers.data.map((r: { Id: number }) => r.Id)).toEqual([gold]);

    const rest = await closeAll(trader.token);
    expect(rest.data.map((r: { Id: number; closed: boolean }) => [r.Id, r.closed])).toEqual([[sell, true]]);
    expect((await d.myDeal(trader.token, 1)).data.data).toEqual([]);
    for (const id of [buy, sell, gold]) expect(await settles(trader.id, id)).toBe(1);
    await d.expectBalanced(trader.id);
    expect((await closeAll(trader.token)).data).toEqual([]);
  });

  it('closes each position once when two requests race, and says which it could not', async () => {
    const { trader, buy, sell, gold } = await hedgedBook();
    const [a, b] = await Promise.all([closeAll(trader.token), closeAll(trader.token)]);
    const closedBy = (r: { data: { Id: number; closed: boolean }[] }) =>
      r.data.filter((x) => x.closed).map((x) => x.Id);
    expect([...closedBy(a), ...closedBy(b)].sort()).toEqual([buy, sell, gold].sort());
    for (const r of [...a.data, ...b.data].filter((x: { closed: boolean }) => !x.closed)) {
      expect(r).toMatchObject({ msg: 'Order already closed', order: null });
    }
    for (const id of [buy, sell, gold]) expect(await settles(trader.id, id)).toBe(1);
    await d.expectBalanced(trader.id);
  });

  it('refuses an unknown filter and changes nothing', async () => {
    const { trader } = await hedgedBook();
    for (const which of ['winners', 'ALL', '1']) {
      expect((await closeAll(trader.token, { which })).code).toBe(Code.INVALID_INPUT);
    }
    expect((await d.myDeal(trader.token, 1)).data.data).toHaveLength(3);
  });
});
