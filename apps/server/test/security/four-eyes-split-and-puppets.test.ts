import { Code } from '@meridian/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { verifyPassword } from '../../src/http/password';
import { ledgerEntries } from '../../src/ledger/schema';
import { auditLog, operatorRequests, operators } from '../../src/operators/schema';
import { createOperatorSession } from '../../src/operators/session';
import { adminCall, OPERATOR_TOTP_SECRET, operatorToken, trader } from '../admin-helpers';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const adjust = (token: string, id: number, amount: string) =>
  adminCall(t, 'POST', '/admin/api/users/adjust', token, { id, amount, reason: 'split' });

const approve = (token: string, id: number) =>
  adminCall(t, 'POST', '/admin/api/approvals/approve', token, { id });

const balanceOf = async (userId: number) =>
  (await t.database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0]!
    .balance;

/** What was adjusted at once (not through an approval) for a trader, and by whom, from the ledger. */
const madeAtOnce = (userId: number) =>
  t.database.db
    .select({ amount: ledgerEntries.amount, by: ledgerEntries.refId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.refType, 'operator')));

const waited = (answer: { data: { status?: number; request_id?: number } }) =>
  answer.data.request_id !== undefined;

/** An operator made through the API is signed in as its new owner would be, past its first steps. */
async function signedInAs(email: string) {
  const [row] = await t.database.db
    .update(operators)
    .set({ mustChangePassword: false, totpSecret: t.secrets.seal(OPERATOR_TOTP_SECRET) })
    .where(eq(operators.email, email))
    .returning();
  return { id: row!.id, token: await createOperatorSession(t.database.db, row!.id) };
}

describe('four eyes cannot be split (issue 46, finding 1)', () => {
  it('an operator cannot move 5,000 in five adjustments of 1,000 to one trader', async () => {
    const who = await trader(t, 'split-five');
    const finance = await operatorToken(t, 'finance');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await adjust(finance.token, who.id, '1000'));
    expect(answers.map((a) => a.code)).toEqual([1, 1, 1, 1, 1]);
    expect(answers.map(waited)).toEqual([false, true, true, true, true]);
    expect(answers[1]!.msg).toBe(
      "Above the four-eyes limit: the change waits for a second operator's approval",
    );
    expect(Number(await balanceOf(who.id))).toBe(1000);
  });

  it('an operator cannot spread adjustments over traders, nor operators pile them on one trader', async () => {
    const [a, b, c] = [await trader(t, 'spread-a'), await trader(t, 'spread-b'), await trader(t, 'spread-c')];
    const [alice, bob] = [await operatorToken(t, 'finance'), await operatorToken(t, 'finance')];
    expect(waited(await adjust(alice.token, a.id, '600'))).toBe(false);
    // Alice's day: 600 already, to another trader.
    expect(waited(await adjust(alice.token, b.id, '600'))).toBe(true);
    // Trader b's day is empty, Bob's too: made. Then a's day holds Alice's 600.
    expect(waited(await adjust(bob.token, b.id, '300'))).toBe(false);
    expect(waited(await adjust(bob.token, a.id, '600'))).toBe(true);
    // Bob has moved 1,000 today with this one; then even a debit of 1 waits: amounts count either way.
    expect(waited(await adjust(bob.token, c.id, '700'))).toBe(false);
    expect(waited(await adjust(bob.token, c.id, '-1'))).toBe(true);
    expect([await balanceOf(a.id), await balanceOf(b.id), await balanceOf(c.id)].map(Number)).toEqual([
      600, 300, 700,
    ]);
  });

  it('parallel adjustments queue on their rows: none slips under the limit and none deadlocks', async () => {
    const [x, y] = [await trader(t, 'parallel-x'), await trader(t, 'parallel-y')];
    const [alice, bob] = [await operatorToken(t, 'finance'), await operatorToken(t, 'finance')];
    // Each operator to each trader, crossed and repeated: 400 each, so at most two per operator and per trader.
    const calls = [];
    for (let round = 0; round < 3; round++) {
      for (const op of [alice, bob]) for (const who of [x, y]) calls.push(adjust(op.token, who.id, '400'));
    }
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => Code.OK));
    const made = [...(await madeAtOnce(x.id)), ...(await madeAtOnce(y.id))];
    expect(made.length).toBe(answers.filter((a) => !waited(a)).length);
    const sum = (rows: typeof made) => rows.reduce((total, r) => total + Math.abs(Number(r.amount)), 0);
    for (const op of [alice, bob]) expect(sum(made.filter((r) => r.by === op.id))).toBeLessThanOrEqual(1000);
    expect(sum(await madeAtOnce(x.id))).toBeLessThanOrEqual(1000);
    expect(sum(await madeAtOnce(y.id))).toBeLessThanOrEqual(1000);
    expect(Number(await balanceOf(x.id)) + Number(await balanceOf(y.id))).toBe(sum(made));
  });
});

describe('four eyes cannot be approved by a puppet (issue 46, finding 1)', () => {
  it('an admin cannot create a finance operator alone and approve their own adjustment with it', async () => {
    const who = await trader(t, 'puppet-money');
    const admin = await operatorToken(t, 'admin');
    const second = await operatorToken(t, 'admin');
    const asked = await adjust(admin.token, who.id, '50000');
    expect(asked.data).toMatchObject({ status: 0 });

    // Creating the operator is itself filed: no such operator yet.
    const email = `puppet-${Date.now()}@example.com`;
    const password = 'puppet-password-1';
    const filed = await adminCall(t, 'POST', '/admin/api/operators/create', admin.token, {
      email,
      password,
      role: 'finance',
    });
    expect(filed).toMatchObject({
      code: Code.OK,
      msg: "Operator changes take two: this one waits for a second operator's approval",
      data: { status: 0 },
    });
    expect(await t.database.db.select().from(operators).where(eq(operators.email, email))).toEqual([]);
    // The request holds the password's hash, never the password; the queue shows neither.
    const [request] = await t.database.db
      .select()
      .from(operatorRequests)
      .where(eq(operatorRequests.id, filed.data.request_id));
    expect(JSON.stringify(request!.payload)).not.toContain(password);
    expect(await verifyPassword(password, (request!.payload as { passwordHash: string }).passwordHash)).toBe(
      true,
    );
    const queued = (await adminCall(t, 'GET', '/admin/api/approvals', second.token, { status: 0 })).data.rows;
    expect(queued.find((r: { id: number }) => r.id === filed.data.request_id).payload).toEqual({
      email,
      role: 'finance',
    });
    expect((await approve(admin.token, filed.data.request_id)).msg).toBe(
      'You cannot approve your own request: another operator must',
    );

    // A second admin makes it; the new operator signs in with the password, but cannot approve what waited.
    expect((await approve(second.token, filed.data.request_id)).data.outcome).toMatchObject({
      email,
      role: 'finance',
      pending: 'operator_password_change_required',
    });
    const [created] = await t.database.db.select().from(operators).where(eq(operators.email, email));
    expect(await verifyPassword(password, created!.passwordHash)).toBe(true);
    const puppet = await signedInAs(email);
    expect(await approve(puppet.token, asked.data.request_id)).toMatchObject({
      code: Code.REFUSED,
      msg: 'You got your role after this request was filed: another operator must approve it',
    });
    expect(Number(await balanceOf(who.id))).toBe(0);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'operator'), eq(auditLog.targetId, String(created!.id))));
    expect(trail.map((a) => [a.action, a.operatorId])).toEqual([['operator.create', second.id]]);
  });

  it('a role granted after a request was filed does not approve it, and nobody approves their own promotion', async () => {
    const who = await trader(t, 'puppet-role');
    const [admin, second] = [await operatorToken(t, 'admin'), await operatorToken(t, 'admin')];
    const support = await operatorToken(t, 'support');
    const finance = await operatorToken(t, 'finance');
    const asked = await adjust(admin.token, who.id, '50000');

    const promote = (id: number, role: string) =>
      adminCall(t, 'POST', '/admin/api/operators/role', admin.token, { id, role });
    const toFinance = await promote(support.id, 'finance');
    expect(toFinance).toMatchObject({ code: Code.OK, data: { status: 0 } });
    expect((await promote(finance.id, 'finance')).msg).toBe('The operator already has this role');
    const toAdmin = await promote(finance.id, 'admin');
    expect((await approve(finance.token, toAdmin.data.request_id)).msg).toBe(
      'You cannot approve a change to your own account: another operator must',
    );
    // Finance approves money, not people: a finance operator cannot make the support operator finance.
    expect((await approve(finance.token, toFinance.data.request_id)).msg).toBe(
      'Only an admin may approve a change to the operators',
    );
    expect((await approve(second.token, toFinance.data.request_id)).data.outcome).toEqual({
      id: support.id,
      role: 'finance',
    });
    expect((await approve(support.token, asked.data.request_id)).msg).toBe(
      'You got your role after this request was filed: another operator must approve it',
    );
    expect(Number(await balanceOf(who.id))).toBe(0);
    // An operator who held an approving role before it was filed approves it.
    expect((await approve(second.token, asked.data.request_id)).data.outcome).toEqual({ balance: '50000' });
    const roles = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.role'));
    expect(roles.map((a) => [a.targetId, a.operatorId, a.before, a.after])).toEqual([
      [String(support.id), second.id, { role: 'support' }, { role: 'finance' }],
    ]);
  });

  it('a disabled operator comes back only when a second operator approves it', async () => {
    const [admin, second] = [await operatorToken(t, 'admin'), await operatorToken(t, 'admin')];
    const gone = await operatorToken(t, 'finance');
    const disable = (disabled: boolean) =>
      adminCall(t, 'POST', '/admin/api/operators/disable', admin.token, { id: gone.id, disabled });
    expect((await disable(true)).data).toEqual({ id: gone.id, disabled: true });
    const asked = await disable(false);
    expect(asked).toMatchObject({ code: Code.OK, data: { status: 0 } });
    const isDisabled = async () =>
      (await t.database.db.select().from(operators).where(eq(operators.id, gone.id)))[0]!.disabled;
    expect(await isDisabled()).toBe(true);
    expect((await approve(admin.token, asked.data.request_id)).code).toBe(Code.REFUSED);
    expect((await approve(second.token, asked.data.request_id)).data.outcome).toEqual({
      id: gone.id,
      disabled: false,
    });
    expect(await isDisabled()).toBe(false);
    const [enabled] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'operator.enable'));
    expect(enabled).toMatchObject({ operatorId: second.id, targetId: String(gone.id) });
  });

  it('the first operator alone adds the second at once: nobody else could approve it', async () => {
    const fresh = await startTestApp();
    try {
      const [first] = await fresh.database.db
        .update(operators)
        .set({ mustChangePassword: false, totpSecret: fresh.secrets.seal(OPERATOR_TOTP_SECRET) })
        .returning();
      const token = await createOperatorSession(fresh.database.db, first!.id);
      const create = (email: string) =>
        adminCall(fresh, 'POST', '/admin/api/operators/create', token, {
          email,
          password: 'second-password-1',
          role: 'admin',
        });
      const [made, third] = await Promise.all([create('second@example.com'), create('third@example.com')]);
      // Whichever came first was made; the other waits, as every one after the second does.
      expect([made, third].map((a) => a.data.status === 0).sort()).toEqual([false, true]);
      expect((await fresh.database.db.select().from(operators)).length).toBe(2);
    } finally {
      await fresh.close();
    }
  });
});
