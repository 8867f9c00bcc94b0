import { Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { auditLog } from '../src/operators/schema';
import { adminCall, operatorToken, trader } from './admin-helpers';
import { lastMessage, stepUpCode } from './codes';
import { ledgerCheck, PNG, startFundingApp, upload } from './funding-fixtures';
import type { TestApp } from './harness';

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await startFundingApp();
  finance = (await operatorToken(t, 'finance')).token;
});
afterAll(() => t?.close());

const get = (token: string, url: string, query: Record<string, string | number> = {}) =>
  t.call('GET', url, { token, query }).then((r) => r.body);
const post = (token: string, url: string, form: Record<string, string | number>) =>
  t.call('POST', url, { token, form }).then((r) => r.body);
/** A call that moves money, with the step-up code the trader was sent for it (accounts/step-up.ts). */
async function stepUpPost(token: string, url: string, form: Record<string, string | number>) {
  const email = (await get(token, '/api/user/info')).data.email as string;
  return post(token, url, { ...form, auth_code: await stepUpCode(t, token, email) });
}

/** A trader with `amount` deposited and approved through the operator API; returns the trader. */
async function funded(name: string, amount: string) {
  const who = await trader(t, name);
  const proof = (await upload(t, who.token, PNG)).data!.url;
  const info = (await get(who.token, '/api/quickCharge/info')).data;
  const submitted = await get(who.token, '/api/quickCharge/submit', {
    number: amount,
    proofImg: proof,
    address: info.coin[0].address,
    charge_id: info.coin[0].id,
  });
  expect(submitted).toMatchObject({ code: 1, msg: 'Deposit request submitted' });
  const approved = await adminCall(t, 'POST', '/admin/api/deposits/approve', finance, {
    id: submitted.data.id,
  });
  expect(approved.code).toBe(1);
  return { ...who, depositId: submitted.data.id as number };
}

async function bindCoin(token: string, currencyCode = 'USDT') {
  const currencies = (await get(token, '/api/account/draw_symbol_list', { type: 1 })).data;
  const currency = currencies.find((c: { code: string }) => c.code === currencyCode);
  const bound = await stepUpPost(token, '/api/wallet/bind_draw_method', {
    type: 1,
    draw_id: currency.id,
    dc_address: 'TXYZabc123456789',
  });
  expect(bound).toMatchObject({ code: 1, msg: 'Withdrawal method saved' });
  return { currency, method: bound.data };
}

describe('deposit options and requests', () => {
  it('lists the demo coin addresses and wire channel, marked demo, without a payment page by default', async () => {
    const who = await trader(t, 'opts');
    const info = await get(who.token, '/api/quickCharge/info');
    expect(info.code).toBe(1);
    expect(
      info.data.coin.map((c: { currency_code: string; protocol_code: string }) => c.currency_code),
    ).toEqual(['USDT', 'USDT', 'BTC', 'ETH']);
    expect(info.data.coin[0]).toEqual({
      id: expect.any(Number),
      currency_code: 'USDT',
      protocol_code: 'TRC20',
      address: expect.any(String),
      demo: true,
    });
    expect(info.data.wire[0]).toMatchObject({
      bank_name: expect.any(String),
      account_number: expect.any(String),
      demo: true,
    });
    expect(info.data.pay_url).toBe('');
  });

  it('refuses a wire deposit without a channel, a zero amount and a proof that is not the caller’s upload', async () => {
    const a = await trader(t, 'wirea');
    const b = await trader(t, 'wireb');
    const proofOfB = (await upload(t, b.token, PNG)).data!.url;
    const proofOfA = (await upload(t, a.token, PNG)).data!.url;
    const wire = (await get(a.token, '/api/quickCharge/info')).data.wire[0];
    expect(
      await get(a.token, '/api/quickCharge/wire_submit', { number: '10', proofImg: proofOfA, wire_id: 9999 }),
    ).toMatchObject({ code: Code.REFUSED, msg: 'Please choose a payment method' });
    expect(
      (
        await get(a.token, '/api/quickCharge/wire_submit', {
          number: '0',
          proofImg: proofOfA,
          wire_id: wire.id,
        })
      ).code,
    ).toBe(Code.INVALID_INPUT);
    expect(
      await get(a.token, '/api/quickCharge/wire_submit', {
        number: '10',
        proofImg: proofOfB,
        wire_id: wire.id,
      }),
    ).toMatchObject({ code: Code.REFUSED, msg: 'Please upload your proof of payment' });
    expect(
      (
        await get(a.token, '/api/quickCharge/wire_submit', {
          number: '10.5',
          proofImg: proofOfA,
          wire_id: wire.id,
        })
      ).code,
    ).toBe(1);
  });
});

describe('the ledger through deposit, withdrawal, payout and return', () => {
  it('keeps balance = Σ balance rows and lock_balance = Σ lock rows at every step', async () => {
    const who = await funded('ledger', '1000');
    const check = async (balance: number, lock: number) => {
      const l = await ledgerCheck(t, who.id);
      expect(l).toEqual({ balance, lock, ledgerBalance: balance, ledgerLock: lock });
      const detail = await get(who.token, '/v1/api/main/account/forexDetail');
      expect(detail.data).toEqual({
        balance: balance.toFixed(2),
        lock_balance: lock.toFixed(2),
        withdrawable: balance.toFixed(2),
      });
    };
    await check(1000, 0);

    const { currency, method } = await bindCoin(who.token);
    const draw = (number: string) =>
      stepUpPost(who.token, '/api/account/draw', {
        draw_currency_id: currency.id,
        number,
        memo: 'rent',
        draw_method_id: method.id,
      });
    const first = await draw('300');
    expect(first).toMatchObject({ code: 1, msg: 'Withdrawal request submitted' });
    await check(700, 300);
    const second = await draw('200');
    await check(500, 500);

    expect(
      (await adminCall(t, 'POST', '/admin/api/withdrawals/approve', finance, { id: first.data.id })).code,
    ).toBe(1);
    await check(500, 200);
    const rejected = await adminCall(t, 'POST', '/admin/api/withdrawals/reject', finance, {
      id: second.data.id,
      reason: 'Address checks failed',
    });
    expect(rejected.code).toBe(1);
    await check(700, 0);

    const records = await get(who.token, '/api/account/draw_list', { type: 1, page: 1 });
    expect(records.data.total).toBe(2);
    expect(records.data.data[0]).toEqual({
      id: second.data.id,
      number: '200.00',
      real_number: '199.00',
      fee: '1.000000',
      status: 2,
      status_name: 'Rejected',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      type: 1,
      address: 'TXYZabc123456789',
      payee_account: '',
      notes: 'Address checks failed',
      draw_currency: { code: 'USDT', protocol: 'TRC20' },
    });
    expect(records.data.data[1]).toMatchObject({ status_name: 'Paid', notes: 'rent', real_number: '299.00' });
    const hk = await t.call('GET', '/api/account/draw_list', {
      token: who.token,
      lang: 'hk',
      query: { type: 1 },
    });
    expect(hk.body.data.data[1].status_name).toBe('已支付');

    const history = await get(who.token, '/v1/api/main/accountLog/forexChange', { page: 1 });
    expect(history.data.data.map((r: { MemoTran: string }) => r.MemoTran)).toEqual([
      'Withdrawal returned: Address checks failed',
      'Withdrawal requested',
      'Withdrawal requested',
      'Deposit',
    ]);
  });

  it('changes each request once: a second approve or reject is refused and moves nothing', async () => {
    const who = await funded('twice', '100');
    const again = await adminCall(t, 'POST', '/admin/api/deposits/approve', finance, { id: who.depositId });
    expect(again).toMatchObject({
      code: Code.REFUSED,
      msg: 'This request was not found or has already been processed',
    });
    const reject = await adminCall(t, 'POST', '/admin/api/deposits/reject', finance, {
      id: who.depositId,
      reason: 'x',
    });
    expect(reject.code).toBe(Code.REFUSED);
    const { currency, method } = await bindCoin(who.token);
    const withdrawal = await stepUpPost(who.token, '/api/account/draw', {
      draw_currency_id: currency.id,
      number: '50',
      draw_method_id: method.id,
    });
    // Approve and reject race: exactly one wins.
    const both = await Promise.all([
      adminCall(t, 'POST', '/admin/api/withdrawals/approve', finance, { id: withdrawal.data.id }),
      adminCall(t, 'POST', '/admin/api/withdrawals/reject', finance, {
        id: withdrawal.data.id,
        reason: 'late',
      }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([Code.REFUSED, Code.OK].sort());
    const l = await ledgerCheck(t, who.id);
    expect(l.balance).toBe(l.ledgerBalance);
    expect(l.lock).toBe(l.ledgerLock);
    expect(l.balance + l.lock).toBeLessThanOrEqual(100);
  });

  it('writes an audit row for every operator decision', async () => {
    const who = await funded('audited', '10');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(who.depositId)));
    expect(rows.filter((r) => r.targetType === 'deposit').map((r) => r.action)).toEqual(['deposit.approve']);
  });
});

describe('withdrawal refusals', () => {
  it('refuses beyond the balance, below the minimum, above the maximum and without a bound method', async () => {
    const who = await funded('limits', '100');
    const currencies = (await get(who.token, '/api/account/draw_symbol_list', { type: 1 })).data;
    expect(currencies[0]).toEqual({
      id: expect.any(Number),
      code: 'USDT',
      protocol: 'TRC20',
      draw_rate: '1',
      fee_type: 1,
      usd_price: '1',
      min: '10',
      max: '50000',
    });
    const usdt = currencies[0];
    const noMethod = await stepUpPost(who.token, '/api/account/draw', {
      draw_currency_id: usdt.id,
      number: '20',
    });
    expect(noMethod).toMatchObject({ code: Code.REFUSED, msg: 'Please add a withdrawal method first' });
    const { method } = await bindCoin(who.token);
    const draw = (number: string, currencyId = usdt.id) =>
      stepUpPost(who.token, '/api/account/draw', {
        draw_currency_id: currencyId,
        number,
        draw_method_id: method.id,
      });
    expect((await draw('100.01')).msg).toBe('You can withdraw at most 100.00 USD now');
    expect((await draw('5')).msg).toBe('The minimum withdrawal is 10');
    expect((await draw('50001')).msg).toBe('The maximum withdrawal is 50,000');
    // A method bound for USDT TRC20 does not pay out another currency.
    expect((await draw('20', currencies[1].id)).msg).toBe('Please add a withdrawal method first');
    const l = await ledgerCheck(t, who.id);
    expect(l).toEqual({ balance: 100, lock: 0, ledgerBalance: 100, ledgerLock: 0 });
  });

  it('requires the bank fields of SPEC.md §5 for a bank method', async () => {
    const who = await trader(t, 'bank');
    const usd = (await get(who.token, '/api/account/draw_symbol_list', { type: 2 })).data[0];
    expect(usd).toMatchObject({ code: 'USD', fee_type: 1 });
    const missing = await stepUpPost(who.token, '/api/wallet/bind_draw_method', {
      type: 2,
      draw_id: usd.id,
      bank_name: 'Bank',
      bank_address: 'Street 1',
      payee_name: 'Ana',
    });
    expect(missing).toMatchObject({ code: Code.INVALID_INPUT, msg: 'Invalid value for payee_account' });
    const bound = await stepUpPost(who.token, '/api/wallet/bind_draw_method', {
      type: 2,
      draw_id: usd.id,
      bank_name: 'Bank',
      bank_address: 'Street 1',
      bank_swift: 'BANKGB22',
      payee_name: 'Ana',
      payee_account: 'GB00 1234',
      coin_type: 'USD',
      remark: 'main',
    });
    expect(bound.data).toEqual({
      id: expect.any(Number),
      type: 2,
      draw_id: usd.id,
      dc_address: '',
      bank_name: 'Bank',
      bank_address: 'Street 1',
      bank_swift: 'BANKGB22',
      payee_name: 'Ana',
      payee_account: 'GB00 1234',
      coin_type: 'USD',
      remark: 'main',
      draw_currency: { code: 'USD', protocol: 'SWIFT' },
    });
    const coinAsBank = await stepUpPost(who.token, '/api/wallet/bind_draw_method', {
      type: 1,
      draw_id: usd.id,
      dc_address: 'abc',
    });
    expect(coinAsBank.msg).toBe('This withdrawal currency is not available');
  });
});

describe('one user never reaches another’s', () => {
  it('keeps methods, records and uploads private', async () => {
    const a = await funded('priva', '100');
    const b = await trader(t, 'privb');
    const { currency, method } = await bindCoin(a.token);
    await stepUpPost(a.token, '/api/account/draw', {
      draw_currency_id: currency.id,
      number: '20',
      draw_method_id: method.id,
    });
    const proof = (await upload(t, a.token, PNG)).data!.url;

    expect((await get(b.token, '/api/wallet/get_draw_method', { draw_type: 1 })).data).toEqual([]);
    expect((await get(a.token, '/api/wallet/get_draw_method', { draw_type: 1 })).data).toHaveLength(1);
    expect(await post(b.token, '/api/wallet/del_draw_method', { id: method.id })).toMatchObject({
      code: Code.REFUSED,
      msg: 'Withdrawal method not found',
    });
    expect((await get(b.token, '/api/account/draw_list', { type: 1 })).data).toEqual({ data: [], total: 0 });
    // B cannot use A's method either.
    await funded('privb2', '100').then(async (b2) => {
      const r = await stepUpPost(b2.token, '/api/account/draw', {
        draw_currency_id: currency.id,
        number: '20',
        draw_method_id: method.id,
      });
      expect(r.msg).toBe('Please add a withdrawal method first');
    });

    const view = (token?: string) =>
      t.http.inject({ method: 'GET', url: proof, headers: token ? { authorization: token } : {} });
    expect((await view(b.token)).statusCode).toBe(404);
    expect((await view()).statusCode).toBe(404);
    const own = await view(a.token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const operatorView = await view(finance);
    expect(operatorView.statusCode).toBe(200);

    expect(await post(a.token, '/api/wallet/del_draw_method', { id: method.id })).toMatchObject({
      code: 1,
      msg: 'Deleted',
    });
    // The record keeps the address it was paid to after the method is gone.
    expect((await get(a.token, '/api/account/draw_list', { type: 1 })).data.data[0].address).toBe(
      'TXYZabc123456789',
    );
  });
});

describe('who may do what', () => {
  it('lets only finance (and admin) move money; support gets FORBIDDEN, a trader token 999', async () => {
    const who = await trader(t, 'roles');
    const proof = (await upload(t, who.token, PNG)).data!.url;
    const wire = (await get(who.token, '/api/quickCharge/info')).data.wire[0];
    const { data } = await get(who.token, '/api/quickCharge/wire_submit', {
      number: '50',
      proofImg: proof,
      wire_id: wire.id,
    });
    for (const role of ['support', 'content', 'risk'] as const) {
      const { token } = await operatorToken(t, role);
      for (const path of ['/admin/api/deposits/approve', '/admin/api/withdrawals/approve']) {
        expect((await adminCall(t, 'POST', path, token, { id: data.id })).code, `${role} ${path}`).toBe(
          Code.FORBIDDEN,
        );
      }
      expect((await adminCall(t, 'GET', '/admin/api/deposits', token)).code).toBe(Code.FORBIDDEN);
    }
    expect((await adminCall(t, 'POST', '/admin/api/deposits/approve', who.token, { id: data.id })).code).toBe(
      999,
    );
    expect((await adminCall(t, 'GET', '/admin/api/withdrawals', who.token)).code).toBe(999);
    expect((await ledgerCheck(t, who.id)).balance).toBe(0);

    const { token: admin } = await operatorToken(t, 'admin');
    const queue = await adminCall(t, 'GET', '/admin/api/deposits', admin, { status: 0 });
    const row = queue.data.rows.find((r: { id: number }) => r.id === data.id);
    expect(row).toMatchObject({
      user: { id: who.id, uid: 'u-roles', email: 'roles@example.com' },
      type: 'wire',
      amount: '50',
      proof_url: proof,
      status: 0,
      reviewed_at: null,
    });
    expect(queue.data.total).toBeGreaterThanOrEqual(1);
    expect((await adminCall(t, 'POST', '/admin/api/deposits/approve', admin, { id: data.id })).code).toBe(1);
    expect((await ledgerCheck(t, who.id)).balance).toBe(50);
  });

  it('lists and edits deposit channels and withdrawal currencies, audited', async () => {
    const { token: support } = await operatorToken(t, 'support');
    expect((await adminCall(t, 'GET', '/admin/api/deposit-channels', support)).code).toBe(Code.FORBIDDEN);
    const channels = await adminCall(t, 'GET', '/admin/api/deposit-channels', finance);
    const wire = channels.data.find((c: { kind: string }) => c.kind === 'wire');
    // A new account number redirects deposits: it waits for a second operator, who makes it.
    const asked = await adminCall(t, 'POST', '/admin/api/deposit-channels', finance, {
      ...wire,
      account_number: 'DE89370400440532013000',
    });
    expect(asked).toMatchObject({ code: 1, data: { status: 0 } });
    const unchanged = (await adminCall(t, 'GET', '/admin/api/deposit-channels', finance)).data;
    expect(unchanged.find((c: { id: number }) => c.id === wire.id).account_number).toBe(wire.account_number);
    const own = await adminCall(t, 'POST', '/admin/api/approvals/approve', finance, {
      id: asked.data.request_id,
    });
    expect(own).toMatchObject({
      code: Code.REFUSED,
      msg: 'You cannot approve your own request: another operator must',
    });
    const second = (await operatorToken(t, 'finance')).token;
    const approved = await adminCall(t, 'POST', '/admin/api/approvals/approve', second, {
      id: asked.data.request_id,
    });
    expect(approved.data.outcome).toMatchObject({ id: wire.id, account_number: 'DE89370400440532013000' });
    // Sorting or disabling a channel sends no money anywhere: made at once.
    const sorted = await adminCall(t, 'POST', '/admin/api/deposit-channels', finance, {
      ...approved.data.outcome,
      sort: 7,
    });
    expect(sorted.data).toMatchObject({ id: wire.id, sort: 7 });
    const created = await adminCall(t, 'POST', '/admin/api/deposit-channels', finance, {
      kind: 'coin',
      currency_code: 'EUR',
      protocol_code: '',
      address: '',
    });
    expect(created).toMatchObject({ code: Code.INVALID_INPUT, msg: 'Invalid value for address' });

    const currencies = await adminCall(t, 'GET', '/admin/api/withdraw-currencies', finance);
    const btc = currencies.data.find((c: { code: string }) => c.code === 'BTC');
    const disabled = await adminCall(t, 'POST', '/admin/api/withdraw-currencies', finance, {
      ...btc,
      enabled: false,
    });
    expect(disabled.data).toMatchObject({ id: btc.id, enabled: false });
    const who = await trader(t, 'catalog');
    const list = (await get(who.token, '/api/account/draw_symbol_list', { type: 1 })).data;
    expect(list.map((c: { code: string }) => c.code)).not.toContain('BTC');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'withdraw_currency'));
    expect(audits[0]).toMatchObject({
      action: 'withdraw_currency.update',
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  it('refuses demo accounts everything with “only true account”', async () => {
    const [demo] = await t.database.db
      .insert(users)
      .values({ uid: 'demo-f', loginType: 'demo', isDemo: true, demoId: 'dev-f', inviteCode: 'DEMOF' })
      .returning();
    const token = await createSession(t.database.db, demo!.id);
    const msg = 'This needs a real account: sign up or sign in with one';
    expect(await get(token, '/api/quickCharge/info')).toMatchObject({ code: Code.REFUSED, msg });
    expect(await get(token, '/api/account/draw_symbol_list', { type: 1 })).toMatchObject({ msg });
    expect(await post(token, '/api/account/draw', { draw_currency_id: 1, number: '10' })).toMatchObject({
      msg,
    });
    expect(await get(token, '/api/user_real/center')).toMatchObject({ msg });
    expect(await upload(t, token, PNG)).toMatchObject({ msg });
  });
});

describe('step-up before money leaves', () => {
  it('refuses a new address and a withdrawal without a fresh code, takes each once, and tells the trader of both', async () => {
    const who = await funded('stepup', '500');
    const email = 'stepup@example.com';
    const usdt = (await get(who.token, '/api/account/draw_symbol_list', { type: 1 })).data.find(
      (c: { code: string }) => c.code === 'USDT',
    );
    const bind = { type: 1, draw_id: usdt.id, dc_address: 'TStepUp123456789' };
    expect(await post(who.token, '/api/wallet/bind_draw_method', bind)).toMatchObject({
      code: Code.REFUSED,
      msg: 'The verification code is wrong or has expired',
    });
    expect(
      await post(who.token, '/api/wallet/bind_draw_method', { ...bind, auth_code: '000000' }),
    ).toMatchObject({
      code: Code.REFUSED,
    });
    const code = await stepUpCode(t, who.token, email);
    const bound = await post(who.token, '/api/wallet/bind_draw_method', { ...bind, auth_code: code });
    expect(bound.code).toBe(1);
    expect((await lastMessage(t, email))?.body).toContain(
      'A withdrawal address was added to your account: TStepUp123456789.',
    );
    // The same code twice: it was used up.
    expect(
      await post(who.token, '/api/account/draw', {
        draw_currency_id: usdt.id,
        number: '20',
        memo: '',
        draw_method_id: bound.data.id,
        auth_code: code,
      }),
    ).toMatchObject({ code: Code.REFUSED, msg: 'The verification code is wrong or has expired' });
    const drawn = await stepUpPost(who.token, '/api/account/draw', {
      draw_currency_id: usdt.id,
      number: '20',
      memo: '',
      draw_method_id: bound.data.id,
    });
    expect(drawn.code).toBe(1);
    expect((await lastMessage(t, email))?.body).toMatch(
      /^A withdrawal of 20 USD to TStepUp123456789 was requested from your account\. If this was not you/,
    );
    expect(await ledgerCheck(t, who.id)).toMatchObject({ balance: 480, lock: 20 });
  });

  it('a withdrawal tapped again and again with its one right code asks once, and the trader is not locked out of codes', async () => {
    const who = await funded('doubletap', '100');
    const { currency, method } = await bindCoin(who.token);
    const email = (await get(who.token, '/api/user/info')).data.email as string;
    const code = await stepUpCode(t, who.token, email);
    const draw = { draw_currency_id: currency.id, number: '10', memo: '', draw_method_id: method.id };
    const taps = () =>
      Promise.all(
        Array.from({ length: 5 }, () => post(who.token, '/api/account/draw', { ...draw, auth_code: code })),
      );
    // Five taps at once, then five more while the first answers are slow to come.
    const answers = [...(await taps()), ...(await taps())];
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 1)) {
      expect(refused).toMatchObject({
        code: Code.REFUSED,
        msg: 'The verification code is wrong or has expired',
      });
    }
    expect(await ledgerCheck(t, who.id)).toMatchObject({ balance: 90, lock: 10 });
    // The refused taps were the right code, not guesses: the next code is taken at once.
    expect(await stepUpPost(who.token, '/api/account/draw', draw)).toMatchObject({ code: 1 });
    expect(await ledgerCheck(t, who.id)).toMatchObject({ balance: 80, lock: 20 });
  });

  it('sends a step-up code only to the trader’s own address, whatever address is named', async () => {
    const who = await funded('stepown', '100');
    const sent = await t.call('POST', '/api/notify/send_email', {
      token: who.token,
      form: { type: 3, to: 'attacker@example.com' },
    });
    expect(sent.body.code).toBe(1);
    expect(await lastMessage(t, 'attacker@example.com')).toBeUndefined();
    expect((await lastMessage(t, 'stepown@example.com'))?.body).toMatch(/\b\d{6}\b/);
  });
});
