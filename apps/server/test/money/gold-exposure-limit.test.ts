import { api, Code } from '@meridian/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { auditLog } from '../../src/operators/schema';
import { adminCall, operatorToken } from '../admin-helpers';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const REFUSAL =
  'This instrument has reached its exposure limit: only orders that reduce it are accepted for now';

/** A gold market order of `lots`: type 1 buys, 2 sells. */
const gold = (type: 1 | 2, lots: string) => ({ type, cont: lots, forex_id: d.id('XAUUSD'), multiple: 100 });

/** The risk desk's gold row, as a risk operator reads it. */
async function goldExposure() {
  const risk = await operatorToken(t, 'risk');
  const res = await adminCall(t, 'GET', '/admin/api/risk/exposure', risk.token);
  return res.data.rows.find((r: { instrument_id: number }) => r.instrument_id === d.id('XAUUSD'));
}

/** Sets gold's exposure limit (null clears it) as a risk operator on the back office. */
async function limitGold(limit: string | null) {
  const risk = await operatorToken(t, 'risk');
  const res = await adminCall(t, 'POST', '/admin/api/instruments/edit', risk.token, {
    id: d.id('XAUUSD'),
    exposure_limit: limit,
  });
  expect(res.code).toBe(Code.OK);
  return risk;
}

/** Clears gold's limit and brings the real accounts' net back to zero with one offsetting order. */
async function flatGold() {
  await limitGold(null);
  const net = Number((await goldExposure())?.net_lots ?? '0');
  if (net === 0) return;
  const house = await d.trader('10000000');
  expect((await d.submit(house.token, gold(net > 0 ? 2 : 1, String(Math.abs(net))))).code).toBe(Code.OK);
}

describe('gold with an exposure limit', () => {
  it('a gold buy that would take the book past its 5-lot limit is refused, a sell that reduces it passes', async () => {
    d.tick('XAUUSD', '2000.00');
    await flatGold();
    await limitGold('5');
    const first = await d.trader('100000');
    expect((await d.submit(first.token, gold(1, '4'))).code).toBe(Code.OK);

    const second = await d.trader('100000');
    const refused = await d.submit(second.token, gold(1, '2'));
    expect(refused).toMatchObject({ code: Code.REFUSED, msg: REFUSAL });
    // Refused, it changed nothing: no order, no money moved.
    expect((await d.account(second.id)).balance.toFixed()).toBe('100000');
    expect(await d.myDeal(second.token, 1)).toMatchObject({ data: { data: [], total: 0 } });

    // 4 long − 3 short: the book is 1 lot long, closer to zero.
    expect((await d.submit(second.token, gold(2, '3'))).code).toBe(Code.OK);
    // Up to the limit exactly is allowed: 1 + 4 = 5.
    expect((await d.submit(second.token, gold(1, '4'))).code).toBe(Code.OK);
    expect(await d.submit(first.token, gold(1, '0.01'))).toMatchObject({ code: Code.REFUSED, msg: REFUSAL });
    expect((await goldExposure()).net_lots).toBe('5');
    await d.expectBalanced(second.id);
  });

  it('a sell that crosses past the limit on the short side is refused', async () => {
    d.tick('XAUUSD', '2000.00');
    await flatGold();
    await limitGold('5');
    const trader = await d.trader('1000000');
    expect((await d.submit(trader.token, gold(1, '4'))).code).toBe(Code.OK);
    // From 4 long to 6 short: further from zero, past the limit.
    expect(await d.submit(trader.token, gold(2, '10'))).toMatchObject({ code: Code.REFUSED, msg: REFUSAL });
    expect((await goldExposure()).net_lots).toBe('4');
  });

  it('under a limit lowered below the book, only orders that bring the net closer to zero pass, even across it', async () => {
    d.tick('XAUUSD', '2000.00');
    await flatGold();
    const trader = await d.trader('1000000');
    expect((await d.submit(trader.token, gold(1, '4'))).code).toBe(Code.OK);
    await limitGold('2');
    expect(await d.submit(trader.token, gold(1, '0.01'))).toMatchObject({ code: Code.REFUSED, msg: REFUSAL });
    // 4 → 3 long: still above the limit, but closer to zero.
    expect((await d.submit(trader.token, gold(2, '1'))).code).toBe(Code.OK);
    // 3 long → 2.5 short: past zero, still closer to it.
    expect((await d.submit(trader.token, gold(2, '5.5'))).code).toBe(Code.OK);
    // 2.5 → 3.5 short: further again.
    expect(await d.submit(trader.token, gold(2, '1'))).toMatchObject({ code: Code.REFUSED, msg: REFUSAL });
    expect((await goldExposure()).net_lots).toBe('-2.5');
  });

  it('a demo account is never limited and does not count', async () => {
    d.tick('XAUUSD', '2000.00');
    await flatGold();
    await limitGold('1');
    const demo = await d.trader('1000000');
    await t.database.db.update(users).set({ isDemo: true }).where(eq(users.id, demo.id));
    expect((await d.submit(demo.token, gold(1, '20'))).code).toBe(Code.OK);
    // The demo's 20 lots are not the platform's: a real account still has its lot of room.
    expect((await goldExposure()).net_lots).toBe('0');
    const real = await d.trader('100000');
    expect((await d.submit(real.token, gold(1, '1'))).code).toBe(Code.OK);
    expect(await d.submit(real.token, gold(1, '0.01'))).toMatchObject({ code: Code.REFUSED, msg: REFUSAL });
    expect((await d.submit(demo.token, gold(1, '20'))).code).toBe(Code.OK);
  });

  it('two parallel buys cannot both slip under the limit', async () => {
    d.tick('XAUUSD', '2000.00');
    await flatGold();
    await limitGold('1');
    const traders = await Promise.all([1, 2, 3, 4, 5, 6].map(() => d.trader('100000')));
    // Six accounts: nothing but the instrument's limit puts their orders one after another.
    const answers = await Promise.all(traders.map((who) => d.submit(who.token, gold(1, '1'))));
    expect(answers.filter((a) => a.code === Code.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.REFUSED && a.msg === REFUSAL)).toHaveLength(5);
    expect((await goldExposure()).net_lots).toBe('1');
  });

  it('a buy limit that fills past the limit is cancelled and refunded', async () => {
    d.tick('XAUUSD', '2010.00');
    await flatGold();
    await limitGold('1');
    const trader = await d.trader('10000');
    const pending = await d.submit(trader.token, { ...gold(1, '1'), status: 0, target_price: '2000.00' });
    // Pending, it is no position yet: not checked, its margin and fee reserved.
    expect(pending.code).toBe(Code.OK);
    expect((await d.account(trader.id)).balance.lt('10000')).toBe(true);
    // Another account takes the lot of room before the price comes down to the target.
    const other = await d.trader('100000');
    expect((await d.submit(other.token, gold(1, '1'))).code).toBe(Code.OK);
    d.tick('XAUUSD', '1999.00');
    await d.settled();
    expect(await d.order(pending.data.Id)).toMatchObject({ status: 4, closeReason: 'exposure_limit' });
    expect((await d.account(trader.id)).balance.toFixed()).toBe('10000');
    await d.expectBalanced(trader.id);
  });

  it('a sell limit that brings the net closer to zero fills under a limit the book is above', async () => {
    d.tick('XAUUSD', '1990.00');
    await flatGold();
    const buyer = await d.trader('100000');
    expect((await d.submit(buyer.token, gold(1, '2'))).code).toBe(Code.OK);
    await limitGold('1');
    const trader = await d.trader('100000');
    const pending = await d.submit(trader.token, { ...gold(2, '1'), status: 0, target_price: '2000.00' });
    expect(pending.code).toBe(Code.OK);
    d.tick('XAUUSD', '2001.00');
    await d.settled();
    expect(await d.order(pending.data.Id)).toMatchObject({ status: 1 });
    expect((await goldExposure()).net_lots).toBe('1');
  });
});

describe('a copied order', () => {
  it('a follower copying a gold buy past the limit gets no position: the copy records the refusal', async () => {
    d.tick('XAUUSD', '2000.00');
    await flatGold();
    await limitGold('1');
    const provider = await d.trader('100000');
    const follower = await d.trader('100000');
    const form = async (token: string, path: string, fields: Record<string, string | number>) =>
      (await t.call('POST', path, { token, form: fields })).body;
    expect((await form(provider.token, api.followOptIn.path, { on: 1 })).code).toBe(Code.OK);
    const copy = await form(follower.token, api.copyStart.path, {
      provider_id: provider.id,
      allocation: '100000',
      stop_percent: '50',
    });
    expect(copy.code).toBe(Code.OK);
    // The provider's lot takes all the room: the follower's copy of it would be a second.
    expect((await d.submit(provider.token, gold(1, '1'))).code).toBe(Code.OK);
    await t.copier.settled();
    await t.copier.sweep();
    const detail = (
      await t.call('GET', api.copyDetail.path, { token: follower.token, query: { id: copy.data.id } })
    ).body.data;
    expect(detail.events[0]).toMatchObject({ action: 'open', ok: false, reason: REFUSAL });
    expect((await d.myDeal(follower.token, 1)).data.data).toEqual([]);
    expect((await goldExposure()).net_lots).toBe('1');
  });
});

describe('the risk desk', () => {
  it('an operator sets the limit, audited, and the desk shows net lots and USD of real accounts beside it', async () => {
    d.tick('XAUUSD', '2000.00');
    await flatGold();
    const trader = await d.trader('100000');
    expect((await d.submit(trader.token, gold(1, '2'))).code).toBe(Code.OK);
    const risk = await limitGold('1000');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, risk.id), eq(auditLog.action, 'instrument.edit')))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      targetId: String(d.id('XAUUSD')),
      before: { exposure_limit: null },
      after: { exposure_limit: '1000' },
    });
    // 2 lots × 100 ounces × the bid (the quote's Close) 2000.00 × (1 − 0.0001) = 1999.80.
    expect(await goldExposure()).toMatchObject({
      net_lots: '2',
      net_usd: '399960.00',
      exposure_limit: '1000',
    });

    // An instrument with a limit and no position has its row, to be watched and changed.
    const silver = d.id('XAGUSD');
    await adminCall(t, 'POST', '/admin/api/instruments/edit', risk.token, {
      id: silver,
      exposure_limit: '3',
    });
    const rows = (await adminCall(t, 'GET', '/admin/api/risk/exposure', risk.token)).data.rows;
    expect(rows.find((r: { instrument_id: number }) => r.instrument_id === silver)).toMatchObject({
      positions: 0,
      net_lots: '0',
      exposure_limit: '3',
    });

    // Cleared, the limit limits nothing.
    await limitGold(null);
    expect((await goldExposure()).exposure_limit).toBeNull();
    expect((await d.submit(trader.token, gold(1, '20'))).code).toBe(Code.OK);
  });

  it('refuses the limit to a support operator', async () => {
    const support = await operatorToken(t, 'support');
    const res = await adminCall(t, 'POST', '/admin/api/instruments/edit', support.token, {
      id: d.id('XAUUSD'),
      exposure_limit: '1',
    });
    expect(res.code).toBe(Code.FORBIDDEN);
  });
});
