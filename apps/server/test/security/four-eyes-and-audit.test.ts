import { Code } from '@meridian/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePosition } from '../../src/admin/user-accounts';
import { auditLog } from '../../src/operators/schema';
import { orders } from '../../src/trading/schema';
import { adminCall, operatorToken, trader } from '../admin-helpers';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const balanceOf = async (token: string) =>
  (await t.call('GET', '/v1/api/main/wallet/getBalance', { token })).body.data.balance;

describe('four eyes (issue 19, high 7)', () => {
  it('lets no single operator credit more than the four-eyes amount; a second one approves it, both audited', async () => {
    const who = await trader(t, 'foureyes');
    const alice = await operatorToken(t, 'finance');
    const bob = await operatorToken(t, 'finance');
    // Up to FOUR_EYES_AMOUNT (1000): made at once.
    expect(
      (
        await adminCall(t, 'POST', '/admin/api/users/adjust', alice.token, {
          id: who.id,
          amount: '1000',
          reason: 'small',
        })
      ).data,
    ).toEqual({
      balance: '1000',
    });
    const asked = await adminCall(t, 'POST', '/admin/api/users/adjust', alice.token, {
      id: who.id,
      amount: '5000',
      reason: 'goodwill',
    });
    expect(asked).toMatchObject({
      code: 1,
      msg: "Above the four-eyes limit: the change waits for a second operator's approval",
      data: { status: 0 },
    });
    expect(await balanceOf(who.token)).toBe('1000.00');
    expect(
      await adminCall(t, 'POST', '/admin/api/approvals/approve', alice.token, { id: asked.data.request_id }),
    ).toMatchObject({
      code: Code.REFUSED,
      msg: 'You cannot approve your own request: another operator must',
    });
    const waiting = await adminCall(t, 'GET', '/admin/api/approvals', bob.token, { status: 0 });
    expect(waiting.data.rows[0]).toMatchObject({
      kind: 'balance_adjust',
      payload: { amount: '5000' },
      reason: 'goodwill',
    });
    const approved = await adminCall(t, 'POST', '/admin/api/approvals/approve', bob.token, {
      id: asked.data.request_id,
    });
    expect(approved.data).toMatchObject({ status: 1, outcome: { balance: '6000' } });
    expect(await balanceOf(who.token)).toBe('6000.00');
    // Once decided, nothing more happens.
    expect(
      (await adminCall(t, 'POST', '/admin/api/approvals/approve', bob.token, { id: asked.data.request_id }))
        .msg,
    ).toBe('This request was not found or has already been processed');
    const trail = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3);
    expect(trail.map((a) => [a.action, a.operatorId])).toEqual([
      ['approval.approve', bob.id],
      ['user.adjust_balance', bob.id],
      ['approval.request', alice.id],
    ]);
  });

  it('closes a position and writes its audit row in one transaction: no audit row, no close', async () => {
    const who = await trader(t, 'auditclose');
    const alice = await operatorToken(t, 'finance');
    await adminCall(t, 'POST', '/admin/api/users/adjust', alice.token, {
      id: who.id,
      amount: '1000',
      reason: 'fund',
    });
    const eurusd = t.market.instrumentByCode('EURUSD')!;
    t.clock.set(t.clock.now() + 1000);
    t.quote('EURUSD', '1.10000');
    const order = await t.trading.place(who.id, {
      side: 'buy',
      instrumentId: eurusd.id,
      lots: '0.01',
      leverage: 100,
      pendingTarget: null,
      stopLoss: null,
      takeProfit: null,
    });
    // An operator the audit table cannot name: its row fails, and the close with it.
    await expect(closePosition(t.trading, { operatorId: 2_000_000 }, order.id)).rejects.toThrow();
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe(1);
    const risk = await operatorToken(t, 'risk');
    expect(await adminCall(t, 'POST', '/admin/api/orders/close', risk.token, { id: order.id })).toMatchObject(
      {
        code: 1,
        data: { status: 3 },
      },
    );
    const closes = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.close'));
    expect(closes.map((a) => [a.targetId, a.operatorId])).toEqual([[String(order.id), risk.id]]);
  });

  it('refuses to change or remove an audit row, in the database itself', async () => {
    const [row] = await t.database.db.select().from(auditLog).limit(1);
    // The database's own refusal, as the driver reports it under the query that failed.
    const refusedByDatabase = (err: { message: string; cause?: { message?: string } }) =>
      /append-only/.test(`${err.message} ${err.cause?.message ?? ''}`);
    await expect(
      t.database.db.update(auditLog).set({ reason: 'edited' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toSatisfy(refusedByDatabase);
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toSatisfy(
      refusedByDatabase,
    );
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toSatisfy(refusedByDatabase);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.id, row!.id)))[0]).toEqual(row);
  });
});
