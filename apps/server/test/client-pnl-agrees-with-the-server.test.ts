import { type AccountPush, api, type Instrument, type Order } from '@meridian/contract';
import { riskRateText, traderView } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corrections, liveHoldings, marksOf } from '../../web/src/stores/livePnl';
import type { UserEvent } from '../src/bus/channels';
import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { post } from '../src/ledger/post';
import { startTestApp, type TestApp, WATCHED } from './harness';

/**
 * Issue 50: the web app works floating P&L out from the quotes it follows (apps/web/src/stores/livePnl.ts), and
 * the server pushes what changes. At the same quotes the two must agree to the last decimal the wire writes,
 * for every way a position is priced: quoted in USD, in JPY (÷ USDJPY, its own quote), in GBP (× GBPUSD,
 * another instrument's), bought and sold.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const id = (code: string) => t.market.instrumentByCode(code)!.id;
const tick = (symbol: string, price: string) => {
  t.clock.set(t.clock.now() + 1000);
  expect(t.quote(symbol, price)).toBe(true);
};

async function trader() {
  const [user] = await t.database.db
    .insert(users)
    .values({ uid: 'pnl', loginType: 'email', email: 'pnl@example.com', inviteCode: 'pnl' })
    .returning();
  await t.database.db.transaction((tx) =>
    post(tx, { userId: user!.id, account: 'balance', type: 'deposit', amount: '50000' }),
  );
  return { id: user!.id, token: await createSession(t.database.db, user!.id) };
}

describe('the app’s floating P&L at the server’s quotes', () => {
  it('is the server’s, position by position and in total, with the same margin level', async () => {
    const { id: userId, token } = await trader();
    const opening = {
      EURUSD: '1.10000',
      USDJPY: '150.000',
      EURGBP: '0.85000',
      GBPUSD: '1.25000',
      XAUUSD: '4000.00',
    };
    for (const [code, price] of Object.entries(opening)) tick(code, price);
    const positions: [string, 1 | 2, string][] = [
      ['EURUSD', 1, '1'],
      ['USDJPY', 2, '1'],
      ['USDJPY', 1, '0.5'],
      ['EURGBP', 1, '1'],
      ['EURGBP', 2, '0.3'],
      ['XAUUSD', 2, '0.1'],
    ];
    for (const [code, type, cont] of positions) {
      const placed = await t.call('GET', api.submitOrder.path, {
        token,
        query: {
          status: 1,
          type,
          cont,
          forex_id: id(code),
          multiple: 100,
          stop_loss_price: 0,
          target_profit_price: 0,
        },
      });
      expect(placed.body.code).toBe(1);
    }

    const pushes: AccountPush[] = [];
    t.watch(userId);
    const off = t.bus.subscribe(WATCHED, (e) => {
      const event = e as UserEvent;
      if (event.userId === userId && event.message.type === 'FOREX_TRADE')
        pushes.push(event.message.quotation);
    });
    for (const [code, price] of Object.entries({
      EURUSD: '1.10150',
      USDJPY: '151.237',
      GBPUSD: '1.30011',
      XAUUSD: '3990.37',
    }))
      tick(code, price);
    await t.engine.idle();
    await t.engine.sweep();
    await t.engine.idle();
    off();
    const push = pushes.at(-1)!;

    const page = (await t.call('GET', api.myDeal.path, { token, query: { status: 1, page: 1 } })).body.data;
    const held: Order[] = page.data;
    expect(held).toHaveLength(positions.length);
    const instruments: Instrument[] = (await t.call('GET', api.tradeList.path)).body.data;

    // The app's own marks, from each position's fill price, lots and swap and the instruments' quotes.
    const marks = marksOf(held, instruments);
    const live = liveHoldings(held, marks, new Map(), new Map());
    const app = live.positions.map((o) => ({
      Id: o.Id,
      UpdatePrice: o.UpdatePrice,
      FactProfits: o.FactProfits,
    }));
    expect(app).toEqual(held.map((o) => push.TransOrder.find((p) => p.Id === o.Id)));
    expect(live.floatingPnl).toBe(push.ProfitsTotal);
    const view = traderView({
      cash: page.balance,
      usedMargin: page.caution_money_all,
      floatingPnl: live.floatingPnl,
      pendingReserve: page.pending_reserve,
    });
    expect(riskRateText(view.marginLevel)).toBe(push.HazardRate);
    // Nothing to carry: the server and the app agree at the same price.
    expect(corrections(new Map(), push.TransOrder, marks)).toEqual(new Map());
  });
});
