import { api, Code } from '@meridian/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import { silentFeed } from '../src/feed/feed';
import { findDifferences, reconcile } from '../src/ledger/reconcile';
import { ledgerEntries } from '../src/ledger/schema';
import { instruments } from '../src/market/schema';
import { auditLog, operators } from '../src/operators/schema';
import { adminCall, credit, operatorToken, trader } from './admin-helpers';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await operatorToken(t, 'admin')).token;
});
afterAll(() => t?.close());

const ledgerSum = async (userId: number) => {
  const [row] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'balance')));
  return Number(row!.sum).toFixed(2);
};
const balanceOf = async (userId: number) =>
  Number((await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.balance).toFixed(2);

describe('balance adjustment', () => {
  it('writes an operator_adjust ledger row and an audit row, keeping balance = Σ ledger', async () => {
    const u = await trader(t, 'adj1');
    const finance = await operatorToken(t, 'finance');
    const res = await adminCall(t, 'POST', '/admin/api/users/adjust', finance.token, {
      id: u.id,
      amount: '250.50',
      reason: 'goodwill credit',
    });
    expect(res).toMatchObject({ code: 1, data: { balance: '250.5' } });
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'operator_adjust', note: 'goodwill credit', refType: 'operator' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.adjust_balance'), eq(auditLog.targetId, String(u.id))));
    expect(entry).toMatchObject({
      operatorId: finance.id,
      reason: 'goodwill credit',
      before: { balance: '0' },
    });
    expect(await balanceOf(u.id)).toBe(await ledgerSum(u.id));
  });

  it('refuses a debit below zero and an adjustment without a reason, changing nothing', async () => {
    const u = await trader(t, 'adj2');
    await adminCall(t, 'POST', '/admin/api/users/adjust', admin, { id: u.id, amount: '10', reason: 'x' });
    const negative = await adminCall(t, 'POST', '/admin/api/users/adjust', admin, {
      id: u.id,
      amount: '-10.01',
      reason: 'too much',
    });
    expect(negative).toMatchObject({ code: Code.REFUSED, msg: 'The balance cannot go below zero' });
    const noReason = await adminCall(t, 'POST', '/admin/api/users/adjust', admin, { id: u.id, amount: '5' });
    expect(noReason.code).toBe(Code.INVALID_INPUT);
    expect(await balanceOf(u.id)).toBe('10.00');
    expect(await ledgerSum(u.id)).toBe('10.00');
  });
});

describe('reconcile', () => {
  it('compares stored balances with ledger sums as a pure function', () => {
    const report = findDifferences([
      { userId: 1, uid: 'a', balance: '10.00', lockBalance: '0', ledgerBalance: '10', ledgerLock: '0' },
      { userId: 2, uid: 'b', balance: '5', lockBalance: '1', ledgerBalance: '4.5', ledgerLock: '0' },
    ]);
    expect(report.checked).toBe(2);
    expect(report.differences).toEqual([
      { user_id: 2, uid: 'b', account: 'balance', stored: '5', ledger: '4.5', difference: '0.5' },
      { user_id: 2, uid: 'b', account: 'lock', stored: '1', ledger: '0', difference: '1' },
    ]);
  });

  it('finds a planted difference, in the report and the API', async () => {
    expect((await reconcile(t.database.db)).differences).toEqual([]);
    const u = await trader(t, 'rec1');
    await t.database.db.update(users).set({ balance: '3.25' }).where(eq(users.id, u.id));
    const report = await reconcile(t.database.db);
    expect(report.differences).toEqual([
      { user_id: u.id, uid: 'u-rec1', account: 'balance', stored: '3.25', ledger: '0', difference: '3.25' },
    ]);
    const api = await adminCall(t, 'GET', '/admin/api/reconcile', admin);
    expect(api.data.differences).toHaveLength(1);
    await t.database.db.update(users).set({ balance: '0' }).where(eq(users.id, u.id));
  });
});

describe('instruments', () => {
  it('applies an edit to the very next order', async () => {
    const [eurusd] = await t.database.db.select().from(instruments).where(eq(instruments.code, 'EURUSD'));
    const u = await trader(t, 'ins1');
    await credit(t, u.id, '100000');
    t.quote('EURUSD', '1.16500');
    const order = {
      side: 'buy' as const,
      instrumentId: eurusd!.id,
      lots: '0.01',
      leverage: 30,
      pendingTarget: null,
      stopLoss: null,
      takeProfit: null,
    };
    await expect(t.trading.place(u.id, order)).rejects.toThrow('leverage_not_offered');

    const risk = await operatorToken(t, 'risk');
    const edit = await adminCall(t, 'POST', '/admin/api/instruments/edit', risk.token, {
      id: eurusd!.id,
      leverages: [10, 30, 100],
      min_lots: '0.02',
    });
    expect(edit).toMatchObject({ code: 1, data: { leverages: [10, 30, 100], min_lots: '0.02' } });
    await expect(t.trading.place(u.id, order)).rejects.toThrow('lots_below_min');
    const placed = await t.trading.place(u.id, { ...order, lots: '0.02' });
    expect(placed.leverage).toBe(30);

    const bad = await adminCall(t, 'POST', '/admin/api/instruments/edit', risk.token, {
      id: eurusd!.id,
      sessions: [{ open: 'Mon 25:00', close: 'Fri 22:00' }],
    });
    expect(bad.code).toBe(Code.INVALID_INPUT);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'instrument.edit'), eq(auditLog.targetId, String(eurusd!.id))));
    expect(entry?.after).toMatchObject({ leverages: [10, 30, 100] });
  });

  it('prices an instrument enabled while the server runs: history, a quote and a place in the feed', async () => {
    const [eurusd] = await t.database.db.select().from(instruments).where(eq(instruments.code, 'EURUSD'));
    const { id: _, ...definition } = eurusd!;
    const [added] = await t.database.db
      .insert(instruments)
      .values({ ...definition, code: 'EURSEK', showCode: 'EUR/SEK', enabled: false, referencePrice: '11.2' })
      .returning();
    const feedStart = vi.spyOn(silentFeed, 'start');
    const risk = await operatorToken(t, 'risk');
    const edit = await adminCall(t, 'POST', '/admin/api/instruments/edit', risk.token, {
      id: added!.id,
      enabled: true,
    });
    expect(edit).toMatchObject({ code: 1, data: { enabled: true } });

    const list = await t.call('GET', api.tradeList.path);
    expect(list.body.data).toContainEqual(expect.objectContaining({ Id: added!.id, Code: 'EURSEK' }));
    expect(t.market.quote(added!.id)?.price).toBeTruthy();
    expect(feedStart.mock.calls.at(-1)?.[0].map((i) => i.symbol)).toContain('EURSEK');
    expect(t.quote('EURSEK', '11.21000')).toBe(true);
    feedStart.mockRestore();
  });

  it('shows the open position in the exposure and lets an operator close it at market', async () => {
    const risk = await operatorToken(t, 'risk');
    const exposure = await adminCall(t, 'GET', '/admin/api/risk/exposure', risk.token);
    expect(exposure.data.rows).toEqual([
      expect.objectContaining({ code: 'EUR/USD', long_lots: '0.02', net_lots: '0.02' }),
    ]);
    const [position] = (await adminCall(t, 'GET', '/admin/api/users', risk.token, { q: 'ins1' })).data.rows;
    const orders = await adminCall(t, 'GET', '/admin/api/users/orders', risk.token, {
      id: position.id,
      status: 1,
    });
    const closed = await adminCall(t, 'POST', '/admin/api/orders/close', risk.token, {
      id: orders.data.rows[0].id,
    });
    expect(closed).toMatchObject({ code: 1, data: { status: 3 } });
    expect((await adminCall(t, 'GET', '/admin/api/risk/exposure', risk.token)).data.rows).toEqual([]);
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });
});

describe('users and settings', () => {
  it('disabling a trader ends their sessions', async () => {
    const u = await trader(t, 'dis1');
    expect((await t.call('GET', '/api/user/info', { token: u.token })).body.code).toBe(1);
    const support = await operatorToken(t, 'support');
    const res = await adminCall(t, 'POST', '/admin/api/users/disable', support.token, {
      id: u.id,
      disabled: true,
    });
    expect(res.code).toBe(1);
    expect((await t.call('GET', '/api/user/info', { token: u.token })).body.code).toBe(999);
    const detail = await adminCall(t, 'GET', '/admin/api/users/detail', support.token, { id: u.id });
    expect(detail.data).toMatchObject({ disabled: true, sessions: [] });
  });

  it('validates settings per key and audits the change', async () => {
    const bad = await adminCall(t, 'POST', '/admin/api/settings', admin, { stop_out_level: '120' });
    expect(bad.code).toBe(Code.INVALID_INPUT);
    expect((await adminCall(t, 'POST', '/admin/api/settings', admin, { trade_fee_type: '7' })).code).toBe(
      Code.INVALID_INPUT,
    );
    const ok = await adminCall(t, 'POST', '/admin/api/settings', admin, {
      demo_initial_balance: '5000',
      restricted_countries: 'us,kp',
    });
    expect(ok.data).toMatchObject({ demo_initial_balance: '5000', restricted_countries: 'US,KP' });
    const demo = await t.call('GET', '/api/user/createAccountDemoForU', {
      query: { demo_id: crypto.randomUUID() },
    });
    const info = await t.call('GET', '/v1/api/main/wallet/getBalance', { token: demo.body.data.token });
    expect(Number(info.body.data.balance)).toBe(5000);
    const audit = await adminCall(t, 'GET', '/admin/api/audit', admin, { action: 'settings' });
    expect(audit.data.rows[0]).toMatchObject({
      before: { demo_initial_balance: '' },
      after: { demo_initial_balance: '5000' },
    });
  });

  it('lets an operator enrol a TOTP second factor', async () => {
    const op = await operatorToken(t, 'content');
    // Not enrolled yet: the first enrolment takes the session and a code of the new secret.
    await t.database.db.update(operators).set({ totpSecret: null }).where(eq(operators.id, op.id));
    const setup = await adminCall(t, 'POST', '/admin/api/totp/setup', op.token);
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\//);
    expect((await adminCall(t, 'POST', '/admin/api/totp/enable', op.token, { code: '000000' })).code).toBe(
      Code.REFUSED,
    );
    const { totpCode } = await import('../src/http/totp');
    const enabled = await adminCall(t, 'POST', '/admin/api/totp/enable', op.token, {
      code: totpCode(setup.data.secret, t.clock.now()),
    });
    expect(enabled).toMatchObject({ code: 1, data: { totp_enabled: true } });
  });
});
