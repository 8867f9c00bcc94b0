import { api } from '@meridian/contract';
import { dec, toFixed } from '@meridian/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { post } from '../src/ledger/post';
import { DemoTraders, seedDemoTraders } from '../src/ranking/demo-traders';
import { maskedName } from '../src/ranking/mask';
import { refreshLeaderboard } from '../src/ranking/service';
import { orders } from '../src/trading/schema';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

let serial = 0;
async function trader(email: string) {
  serial += 1;
  const [user] = await t.database.db
    .insert(users)
    .values({ uid: `rank${serial}`, loginType: 'email', email, inviteCode: `RANK${serial}` })
    .returning();
  await t.database.db.transaction((tx) =>
    post(tx, { userId: user!.id, account: 'balance', type: 'deposit', amount: '50000' }),
  );
  return { id: user!.id, token: await createSession(t.database.db, user!.id) };
}

const instrument = (code: string) => t.market.instrumentByCode(code)!.id;
function tick(code: string, price: string) {
  t.clock.set(t.clock.now() + 1000);
  t.quote(code, price);
}

/** Opens at `open`, closes at `close` through the trading service; returns the closed row. */
async function roundTrip(
  userId: number,
  code: string,
  side: 'buy' | 'sell',
  leverage: number,
  open: string,
  close: string,
) {
  tick(code, open);
  const order = await t.trading.place(userId, {
    side,
    instrumentId: instrument(code),
    lots: '1',
    leverage,
    pendingTarget: null,
    stopLoss: null,
    takeProfit: null,
  });
  tick(code, close);
  return t.trading.close(order.id, 'user', { userId });
}

const board = async () => (await t.call('GET', api.followList.path)).body.data as Record<string, unknown>[];

describe('leaderboard job', () => {
  it('computes return rate, win rate and profit exactly from closed trades of opted-in traders only', async () => {
    const anna = await trader('anna.lee@gmail.com');
    const hidden = await trader('hidden@example.com');
    const optIn = (token: string, on: number) =>
      t.call('POST', api.followOptIn.path, { token, form: { on } });
    expect((await optIn(anna.token, 1)).body.data).toEqual({ on: true });

    const trades = [
      await roundTrip(anna.id, 'EURUSD', 'buy', 100, '1.10000', '1.10500'),
      await roundTrip(anna.id, 'EURUSD', 'sell', 100, '1.10500', '1.10800'),
      await roundTrip(anna.id, 'XAUUSD', 'buy', 50, '4100.00', '4120.00'),
      await roundTrip(anna.id, 'EURUSD', 'buy', 200, '1.10000', '1.10200'),
    ];
    await roundTrip(hidden.id, 'EURUSD', 'buy', 100, '1.10000', '1.10500');
    // The first trade closed a month ago: it counts all-time, not in the three weeks.
    const old = trades[0]!;
    await t.database.db
      .update(orders)
      .set({ closedAt: new Date(t.clock.now() - 30 * 86_400_000) })
      .where(eq(orders.id, old.id));

    expect(await refreshLeaderboard(t.database.db, t.clock.now())).toBe(1);
    const rows = await board();
    expect(rows).toHaveLength(1);

    const rate = (list: typeof trades) =>
      toFixed(
        list
          .reduce((s, o) => s.plus(o.profit!), dec(0))
          .div(list.reduce((s, o) => s.plus(o.margin), dec(0)))
          .times(100),
        2,
      );
    const recent = trades.slice(1);
    const wins = recent.filter((o) => dec(o.profit!).gt(0)).length;
    expect(wins).toBe(2);
    expect(rows[0]).toEqual({
      user: 'an***@gm***',
      multiple: 100,
      three_week_rate: rate(recent),
      three_week_win: toFixed(dec(wins).div(3).times(100), 2),
      three_week_profit: toFixed(
        recent.reduce((s, o) => s.plus(o.profit!), dec(0)),
        2,
      ),
      total_rate: rate(trades),
      total_trade_num: 4,
      code: 'EUR/USD',
      provider_id: anna.id,
      demo: false,
      followers: 0,
    });
    expect(rows[0]!.three_week_win).toBe('66.67');

    expect((await t.call('GET', api.followOptInState.path, { token: anna.token })).body.data).toEqual({
      on: true,
    });
    await optIn(anna.token, 0);
    expect(await board()).toEqual([]);
  });

  it('masks names, e-mails and phone numbers', () => {
    expect(maskedName({ name: 'Amelia K.', email: null, mobile: null })).toBe('Am***K.');
    expect(maskedName({ name: null, email: 'anna@gmail.com', mobile: null })).toBe('an***@gm***');
    expect(maskedName({ name: null, email: null, mobile: '7700900123' })).toBe('77***23');
  });
});

describe('demo traders', () => {
  it('trade crypto by themselves through the trading service, and the board shows them', async () => {
    await seedDemoTraders(t.database.db, '100000');
    await seedDemoTraders(t.database.db, '100000');
    const bots = await t.database.db.select().from(users).where(eq(users.loginType, 'bot'));
    expect(bots).toHaveLength(8);
    expect(bots.every((b) => b.isDemo)).toBe(true);

    // Always 0.1: open, BTCUSD, buy, the smallest size and leverage, a hold of 6.75 s.
    const traders = new DemoTraders(t.database.db, t.trading, t.market, () => 0.1);
    tick('BTCUSD', '96000.00');
    await traders.tick(t.clock.now());
    const ids = bots.map((b) => b.id);
    const opened = await t.database.db.select().from(orders).where(inArray(orders.userId, ids));
    expect(opened).toHaveLength(8);
    expect(opened.every((o) => o.showCode === 'Bitcoin' && o.status === 1 && o.side === 1)).toBe(true);

    tick('BTCUSD', '96500.00');
    await traders.tick(t.clock.now());
    expect(
      (await t.database.db.select().from(orders).where(inArray(orders.userId, ids))).every(
        (o) => o.status === 1,
      ),
    ).toBe(true);
    t.clock.set(t.clock.now() + 7_000);
    tick('BTCUSD', '96500.00');
    await traders.tick(t.clock.now());
    const after = await t.database.db.select().from(orders).where(inArray(orders.userId, ids));
    expect(after.filter((o) => o.status === 3)).toHaveLength(8);

    await refreshLeaderboard(t.database.db, t.clock.now());
    const rows = await board();
    expect(rows.map((r) => r.user)).toContain('Am***K.');
    expect(rows[0]).toMatchObject({ code: 'Bitcoin', total_trade_num: 1, three_week_win: '100.00' });
    // Play-money traders say so on the board.
    expect(rows.every((r) => r.demo)).toBe(true);
  });
});
