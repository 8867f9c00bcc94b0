import { api, Code } from '@meridian/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expireDue, expireOrder } from '../../src/trading/expiry';
import { utcText } from '../../src/util/time';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());
// Each scene starts from a live EURUSD quote above the limit: the clock moves on between them.
beforeEach(() => d.tick('EURUSD', '1.10000'));

const HOUR = 60 * 60_000;
const inHours = (hours: number) => utcText(new Date(t.clock.now() + hours * HOUR));
const buyLimit = (token: string, extra: Record<string, string | number> = {}) =>
  d.submit(token, {
    type: 1,
    cont: '0.01',
    forex_id: d.id('EURUSD'),
    multiple: 100,
    status: 0,
    target_price: '1.09000',
    ...extra,
  });
const refunds = async (userId: number) =>
  (await d.ledger(userId)).filter((row) => row.type === 'pending_refund');

describe('a EURUSD buy limit placed good till a time', () => {
  it('shows its kind and expiry, expires unfilled at that time, and is refunded exactly once', async () => {
    const { id: userId, token } = await d.trader('1000');
    const expiry = inHours(2);
    const placed = await buyLimit(token, { expires_at: expiry });
    expect(placed.code, placed.msg).toBe(1);
    expect(placed.data).toMatchObject({ Status: 0, PendingKind: 'buy_limit', ExpiresAt: expiry });
    const pending = await d.myDeal(token, 0);
    expect(pending.data.data[0]).toMatchObject({ PendingKind: 'buy_limit', ExpiresAt: expiry });

    // Before its time nothing happens to it.
    await expireDue(t.database.db, t.bus, new Date(t.clock.now()));
    expect((await d.order(placed.data.Id)).status).toBe(0);

    t.clock.set(t.clock.now() + 2 * HOUR);
    // Two nodes' runs at once (a follower that still thinks it leads): one cancels, the other finds nothing.
    await Promise.all([
      expireDue(t.database.db, t.bus, new Date(t.clock.now())),
      expireDue(t.database.db, t.bus, new Date(t.clock.now())),
    ]);
    await expireDue(t.database.db, t.bus, new Date(t.clock.now()));
    const expired = await d.order(placed.data.Id);
    expect(expired).toMatchObject({ status: 4, closeReason: 'expired' });
    expect(await refunds(userId)).toHaveLength(1);
    expect((await d.account(userId)).balance.toFixed()).toBe('1000');
    await d.expectBalanced(userId);

    // The trader is told, as of a cancel at the fill.
    await t.notices.settled();
    const inbox = (await t.call('GET', api.notificationList.path, { token })).body.data;
    expect(inbox.data[0]).toMatchObject({ kind: 'pending_expired', title: 'Pending order expired' });
    expect(inbox.data[0].text).toBe(
      `Your EUR/USD pending order #${placed.data.Id} expired unfilled: it was cancelled and its margin returned`,
    );
    // History shows why it left.
    const history = await d.myDeal(token, 3);
    expect(history.data.data[0]).toMatchObject({ Id: placed.data.Id, Status: 4, CloseReason: 'expired' });
  });

  it('expires rather than fills when its price comes after its expiry, before the expiry job ran', async () => {
    const { id: userId, token } = await d.trader('1000');
    const placed = await buyLimit(token, { expires_at: inHours(1) });
    expect(placed.code, placed.msg).toBe(1);
    t.clock.set(t.clock.now() + HOUR);
    d.tick('EURUSD', '1.08900');
    await d.settled();
    expect(await d.order(placed.data.Id)).toMatchObject({ status: 4, closeReason: 'expired' });
    expect(await refunds(userId)).toHaveLength(1);
    await d.expectBalanced(userId);
  });

  it('is good till cancelled without an expiry: no run of the job touches it', async () => {
    const { token } = await d.trader('1000');
    const placed = await buyLimit(token, { expires_at: '' });
    expect(placed.data).toMatchObject({ ExpiresAt: '', PendingKind: 'buy_limit' });
    await expireDue(t.database.db, t.bus, new Date(t.clock.now() + 400 * 24 * HOUR));
    expect((await d.order(placed.data.Id)).status).toBe(0);
    expect((await d.cancel(token, placed.data.Id)).code).toBe(1);
  });
});

describe('an expiry the trader may not ask for', () => {
  it('is refused with a message naming the expiry field, and places nothing', async () => {
    const { id: userId, token } = await d.trader('1000');
    const refused = async (query: Record<string, string | number>, msg: string) => {
      const answer = await d.submit(token, query);
      expect(answer).toMatchObject({ code: Code.REFUSED, msg, data: { field: 'expires_at' } });
    };
    const market = { type: 1, cont: '0.01', forex_id: d.id('EURUSD'), multiple: 100 };
    await refused({ ...market, expires_at: inHours(1) }, 'Only a pending order can have an expiry');
    const pending = { ...market, status: 0, target_price: '1.09000' };
    await refused({ ...pending, expires_at: inHours(-1) }, 'The expiry must be in the future');
    await refused({ ...pending, expires_at: inHours(366 * 24) }, 'The expiry can be at most 365 days ahead');
    const french = await t.call('GET', api.submitOrder.path, {
      token,
      lang: 'fr',
      query: { ...pending, expires_at: inHours(-1) },
    });
    expect(french.body.msg).toBe('La date d’expiration doit être dans le futur');
    // Not a real time: refused as input.
    const unreal = await d.submit(token, { ...pending, expires_at: '2026-02-30 12:00:00' });
    expect(unreal.code).toBe(Code.INVALID_INPUT);
    expect((await d.myDeal(token, 0)).data.total).toBe(0);
    expect((await d.account(userId)).balance.toFixed()).toBe('1000');
  });

  it('names the lots field when the lots are refused, so the app can show it there', async () => {
    const { token } = await d.trader('1000');
    const answer = await d.submit(token, { type: 1, cont: '0.015', forex_id: d.id('EURUSD'), multiple: 100 });
    expect(answer).toMatchObject({ code: Code.REFUSED, data: { field: 'cont' } });
    const broke = await d.submit(token, { type: 1, cont: '50', forex_id: d.id('EURUSD'), multiple: 100 });
    expect(broke).toMatchObject({ msg: 'Not enough free margin for this order', data: { field: 'cont' } });
  });
});

describe('a EURUSD buy limit whose price comes as it expires', () => {
  it('either fills or expires, once, and the money follows the one that won', async () => {
    const { id: userId, token } = await d.trader('1000');
    const placed = await buyLimit(token, { expires_at: inHours(1) });
    expect(placed.code, placed.msg).toBe(1);
    const expiring = new Date(t.clock.now() + HOUR);
    let release = () => {};
    let blocker: Promise<unknown> = Promise.resolve();
    if (process.env.DATABASE_URL) {
      // Someone else holds the account's row: the expiry and the fill both read the order pending, then queue.
      let locked!: () => void;
      const held = new Promise<void>((resolve) => {
        locked = resolve;
      });
      blocker = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${userId} for update`);
        locked();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await held;
    }
    // The expiry job runs at the expiry while the fill, on a clock a moment before it, fills.
    const expiry = expireOrder(t.database.db, placed.data.Id, expiring);
    if (process.env.DATABASE_URL) await d.untilWaitingOnLocks(1);
    d.tick('EURUSD', '1.08900');
    if (process.env.DATABASE_URL) await d.untilWaitingOnLocks(2);
    release();
    await blocker;
    const expired = await expiry;
    await d.settled();
    const order = await d.order(placed.data.Id);
    const ledger = await d.ledger(userId);
    if (expired) {
      expect(order).toMatchObject({ status: 4, closeReason: 'expired' });
      expect(ledger.filter((r) => r.type === 'pending_refund')).toHaveLength(1);
      expect((await d.account(userId)).balance.toFixed()).toBe('1000');
    } else {
      expect(order.status).toBe(1);
      expect(ledger.filter((r) => r.type === 'pending_refund')).toHaveLength(0);
    }
    await d.expectBalanced(userId);
  });
});
