import { api } from '@meridian/contract';
import { dec } from '@meridian/core';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { post } from '../src/ledger/post';
import { orders } from '../src/trading/schema';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const SYMBOLS = ['EURUSD', 'XAUUSD', 'USDJPY'] as const;

type Command =
  | {
      kind: 'place';
      symbol: number;
      buy: boolean;
      lots: number;
      leverage: number;
      pending: boolean;
      offset: number;
      stops: boolean;
    }
  | { kind: 'tick'; symbol: number; move: number }
  | { kind: 'close'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'stops'; pick: number; offset: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    symbol: fc.nat(2),
    buy: fc.boolean(),
    lots: fc.integer({ min: 1, max: 40 }),
    leverage: fc.constantFrom(10, 20, 50, 100),
    pending: fc.boolean(),
    offset: fc.integer({ min: -30, max: 30 }),
    stops: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('tick' as const),
    symbol: fc.nat(2),
    move: fc.integer({ min: -80, max: 80 }),
  }),
  fc.record({ kind: fc.constant('close' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(20) }),
  fc.record({
    kind: fc.constant('stops' as const),
    pick: fc.nat(20),
    offset: fc.integer({ min: 1, max: 40 }),
  }),
);

let serial = 0;

describe('trading invariants over random orders, ticks, closes and cancels', () => {
  it('keep balance = Σ ledger, no negative balance, one settlement per order, used margin = Σ holding margins', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        serial += 1;
        const tag = `inv${serial}${Math.random().toString(36).slice(2, 7)}`;
        const [user] = await t.database.db
          .insert(users)
          .values({ uid: tag, loginType: 'email', email: `${tag}@example.com`, inviteCode: tag })
          .returning();
        const userId = user!.id;
        await t.database.db.transaction((tx) =>
          post(tx, { userId, account: 'balance', type: 'deposit', amount: '20000' }),
        );
        const token = await createSession(t.database.db, userId);
        const placed: number[] = [];

        const push = (symbol: string, price: string) => {
          t.clock.set(t.clock.now() + 1000);
          t.market.pushTick({ symbol, price, time: t.clock.now(), volume: 1 });
        };
        for (const s of SYMBOLS) push(s, t.market.quote(t.market.instrumentByCode(s)!.id)!.price);

        for (const c of commands) {
          if (c.kind === 'tick') {
            const symbol = SYMBOLS[c.symbol]!;
            const instrument = t.market.instrumentByCode(symbol)!;
            const price = dec(t.market.quote(instrument.id)!.price).times(
              dec(1).plus(dec(c.move).div(10_000)),
            );
            push(symbol, price.toFixed(instrument.pricePrecision));
          } else if (c.kind === 'place') {
            const instrument = t.market.instrumentByCode(SYMBOLS[c.symbol]!)!;
            const price = dec(t.market.quote(instrument.id)!.price);
            const away = (bp: number) =>
              price.times(dec(1).plus(dec(bp).div(10_000))).toFixed(instrument.pricePrecision);
            const sign = c.buy ? 1 : -1;
            const res = await t.call('GET', api.submitOrder.path, {
              token,
              query: {
                type: c.buy ? 1 : 2,
                cont: dec(c.lots).div(100).toString(),
                forex_id: instrument.id,
                multiple: c.leverage,
                status: c.pending ? 0 : 1,
                target_price: c.pending ? away(c.offset || 5) : '',
                stop_loss_price: c.stops ? away(-sign * 50) : 0,
                target_profit_price: c.stops ? away(sign * 50) : 0,
              },
            });
            expect(res.status).toBeLessThan(500);
            if (res.body.code === 1) placed.push(res.body.data.Id);
          } else if (placed.length > 0) {
            const orderId = placed[c.pick % placed.length]!;
            const path =
              c.kind === 'close'
                ? api.closeOrder.path
                : c.kind === 'cancel'
                  ? api.cancelOrder.path
                  : api.setStopPrice.path;
            const res = await t.call('GET', path, {
              token,
              query: { id: orderId, stop_loss_price: 0, target_profit_price: 0 },
            });
            expect(res.status).toBeLessThan(500);
          }
          await t.engine.idle();
        }
        await t.engine.sweep();
        await t.engine.idle();
        await t.engine.sweep();
        await t.engine.idle();

        const [account] = await t.database.db.select().from(users).where(eq(users.id, userId));
        const [ledger] = await t.database.db
          .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
          .from(ledgerEntries)
          .where(sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.account} = 'balance'`);
        expect(dec(account!.balance).eq(ledger!.total)).toBe(true);
        expect(dec(account!.balance).gte(0)).toBe(true);

        const settlements = await t.database.db
          .select({ refId: ledgerEntries.refId, n: sql<number>`count(*)::int` })
          .from(ledgerEntries)
          .where(
            sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.type} in ('trade_settle', 'pending_refund')`,
          )
          .groupBy(ledgerEntries.refId);
        for (const s of settlements) expect(s.n).toBe(1);

        const own = await t.database.db.select().from(orders).where(eq(orders.userId, userId));
        const holdingMargin = own
          .filter((o) => o.status === 1)
          .reduce((sum, o) => sum.plus(o.margin), dec(0));
        const deal = await t.call('GET', api.myDeal.path, { token, query: { status: 1 } });
        expect(dec(deal.body.data.caution_money_all).eq(holdingMargin)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
