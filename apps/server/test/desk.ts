import { api } from '@meridian/contract';
import { type Dec, dec } from '@meridian/core';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { Channel, type UserEvent } from '../src/bus/channels';
import { users } from '../src/db/schema';
import { payWithdrawal, rejectWithdrawal } from '../src/funding/withdrawals.service';
import { createSession } from '../src/http/sessions';
import { post } from '../src/ledger/post';
import { ledgerEntries } from '../src/ledger/schema';
import { createOperatorSession } from '../src/operators/session';
import { orders, swapRollovers } from '../src/trading/schema';
import { pushTo } from '../src/util/multimap';
import { adminCall, operatorToken } from './admin-helpers';
import { stepUpCode } from './codes';
import { addDemoFunding } from './demo-data';
import type { TestApp } from './harness';

export type Query = Record<string, string | number>;
export interface Trader {
  id: number;
  token: string;
}

let serial = 0;

/**
 * A trading desk over a test app, for scenario tests: funded traders, exact ticks, the trader's calls,
 * the operator's decisions, and the account as the database holds it.
 */
export function desk(t: TestApp) {
  const db = t.database.db;
  const id = (code: string) => t.market.instrumentByCode(code)!.id;
  let admin: { id: number; token: string } | undefined;

  /**
   * The operator of these scenarios: an admin, who may make every back-office call, signed in again for
   * each (scenarios move the clock past the back office's 30 minutes idle and 12 hours).
   */
  async function operator() {
    admin ??= await operatorToken(t, 'admin');
    return { id: admin.id, token: await createOperatorSession(db, admin.id) };
  }

  const call = async (token: string, path: string, query: Query) =>
    (await t.call('GET', path, { token, query })).body;

  return {
    id,
    operator,

    /** A real account with `balance` deposited through the ledger. */
    async trader(balance = '10000'): Promise<Trader> {
      serial += 1;
      const tag = `d${serial}${Math.random().toString(36).slice(2, 8)}`;
      const [user] = await db
        .insert(users)
        .values({ uid: tag, loginType: 'email', email: `${tag}@example.com`, inviteCode: tag })
        .returning();
      await db.transaction((tx) =>
        post(tx, { userId: user!.id, account: 'balance', type: 'deposit', amount: balance }),
      );
      return { id: user!.id, token: await createSession(db, user!.id) };
    },

    /**
     * A quote one second after the last, which the market must take: a jump past the spike filter's
     * threshold is confirmed by the provider's next quote at the same price, as a real move would be.
     */
    tick(symbol: string, price: string | { bid: string; ask: string }) {
      t.clock.set(t.clock.now() + 1000);
      expect(t.quote(symbol, price)).toBe(true);
    },

    /** A market order unless `status: 0` says pending; SL and TP unset unless given. */
    submit: (token: string, query: Query) =>
      call(token, api.submitOrder.path, { status: 1, stop_loss_price: 0, target_profit_price: 0, ...query }),
    close: (token: string, orderId: number) => call(token, api.closeOrder.path, { id: orderId }),
    cancel: (token: string, orderId: number) => call(token, api.cancelOrder.path, { id: orderId }),
    setStops: (token: string, orderId: number, stopLoss: string, takeProfit: string) =>
      call(token, api.setStopPrice.path, {
        id: orderId,
        stop_loss_price: stopLoss,
        target_profit_price: takeProfit,
      }),
    myDeal: (token: string, status: 0 | 1 | 3) => call(token, api.myDeal.path, { status, page: 1 }),
    accountDetail: (token: string) => call(token, api.forexDetail.path, {}),

    /** Binds a USDT (TRC20) address of the demo's currencies, then asks to withdraw `amount` to it, each with a step-up code. */
    async withdraw(token: string, amount: string) {
      await addDemoFunding(t);
      const email = (await call(token, api.userInfo.path, {})).data.email as string;
      const currencies = await call(token, '/api/account/draw_symbol_list', { type: 1 });
      const usdt = currencies.data.find((c: { code: string }) => c.code === 'USDT');
      const methodsOf = async () =>
        (await call(token, '/api/wallet/get_draw_method', { draw_type: 1, draw_id: usdt.id })).data;
      let methods = await methodsOf();
      if (methods.length === 0) {
        const bound = await t.call('POST', '/api/wallet/bind_draw_method', {
          token,
          form: {
            type: 1,
            draw_id: usdt.id,
            dc_address: 'TXYZdesk123456789',
            auth_code: await stepUpCode(t, token, email),
          },
        });
        expect(bound.body.code).toBe(1);
        methods = await methodsOf();
      }
      const res = await t.call('POST', '/api/account/draw', {
        token,
        form: {
          draw_currency_id: usdt.id,
          number: amount,
          memo: '',
          draw_method_id: methods[0].id,
          auth_code: await stepUpCode(t, token, email),
        },
      });
      return res.body;
    },
    payWithdrawal: async (withdrawalId: number) =>
      payWithdrawal(db, (await operator()).id, withdrawalId, new Date(t.clock.now())),
    rejectWithdrawal: async (withdrawalId: number) =>
      rejectWithdrawal(db, (await operator()).id, withdrawalId, 'declined', new Date(t.clock.now())),
    /** A back-office call, as the admin app makes it, by the scenarios' operator. */
    operatorCall: async (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) =>
      adminCall(t, method, path, (await operator()).token, input),

    /** The operator sets an instrument's swap points per lot and night, of a buy and of a sell. */
    async setSwaps(code: string, swapLong: string, swapShort: string) {
      const edited = await adminCall(t, 'POST', '/admin/api/instruments/edit', (await operator()).token, {
        id: id(code),
        swap_long: swapLong,
        swap_short: swapShort,
      });
      expect(edited.code, edited.msg).toBe(1);
    },

    /** Moves the clock to `iso` and runs the leader's rollover job as its timer would, then lets the engine sweep. */
    async rolloverAt(iso: string) {
      t.clock.set(Date.parse(iso));
      const charged = await t.rollovers.run();
      await this.settled();
      return charged;
    },

    /** The nights a position was charged, oldest first: its swap_rollovers rows. */
    swapNights: (orderId: number) =>
      db
        .select({ night: swapRollovers.night, nights: swapRollovers.nights, amount: swapRollovers.amount })
        .from(swapRollovers)
        .where(eq(swapRollovers.orderId, orderId))
        .orderBy(asc(swapRollovers.night)),

    /** Lets the engine run what the ticks queued, sweep the accounts, and run what the sweep queued. */
    async settled() {
      await t.engine.idle();
      await t.engine.sweep();
      await t.engine.idle();
    },

    async account(userId: number): Promise<{ balance: Dec; lock: Dec }> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return { balance: dec(row!.balance), lock: dec(row!.lockBalance) };
    },

    /**
     * Follows the FOREX_FILLED or FOREX_CLOSED messages told to traders from now; the returned stop ends it and
     * says, per trader, the order ids of each message, sorted.
     */
    toldOf(type: 'FOREX_FILLED' | 'FOREX_CLOSED'): () => Map<number, number[][]> {
      const told = new Map<number, number[][]>();
      const off = t.bus.subscribe(Channel.user, (e) => {
        const { userId, message } = e as UserEvent;
        if (message.type !== type) return;
        const ids = [...(message as { quotation: number[] }).quotation].sort((a, b) => a - b);
        pushTo(told, userId, ids);
      });
      return () => {
        off();
        return told;
      };
    },

    /** Resolves once `n` backends of this database (PostgreSQL) wait on a lock: a race's second party has queued. */
    async untilWaitingOnLocks(n: number) {
      for (;;) {
        const result = await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if ((result as unknown as { rows: { n: number }[] }).rows[0]!.n >= n) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    },

    async order(orderId: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row!;
    },

    /** The account's ledger rows, oldest first. */
    ledger: (userId: number) =>
      db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(asc(ledgerEntries.id)),

    /** Each balance row's balance after is the one before it moved by its amount: posted as if one by one. */
    async expectEachBalanceAfter(userId: number) {
      let balance = dec(0);
      for (const r of (await this.ledger(userId)).filter((row) => row.account === 'balance')) {
        balance = balance.plus(r.amount);
        expect(dec(r.balanceAfter).toFixed(), `${r.type} ${r.id}`).toBe(balance.toFixed());
      }
    },

    /** TRADING.md "Ledger": balance = Σ balance rows and lock_balance = Σ lock rows. */
    async expectBalanced(userId: number) {
      const [sums] = await db
        .select({
          balance: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'balance'), 0)::text`,
          lock: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'lock'), 0)::text`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      const { balance, lock } = await this.account(userId);
      expect(balance.toFixed()).toBe(dec(sums!.balance).toFixed());
      expect(lock.toFixed()).toBe(dec(sums!.lock).toFixed());
    },
  };
}

export type Desk = ReturnType<typeof desk>;
