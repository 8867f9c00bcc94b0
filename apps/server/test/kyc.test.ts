import { Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/operators/schema';
import { adminCall, operatorToken, trader } from './admin-helpers';
import { PNG, startFundingApp, upload } from './funding-fixtures';
import type { TestApp } from './harness';

let t: TestApp;
let support: string;
beforeAll(async () => {
  t = await startFundingApp();
  support = (await operatorToken(t, 'support')).token;
});
afterAll(() => t?.close());

const center = (token: string) => t.call('GET', '/api/user_real/center', { token }).then((r) => r.body.data);

async function submit(token: string, form: Record<string, string> = {}) {
  const front = (await upload(t, token, PNG)).data!.url;
  const reverse = (await upload(t, token, PNG)).data!.url;
  const res = await t.call('POST', '/api/user_real/real_name', {
    token,
    form: { name: 'Ana Lima', card_id: 'AB1234567', front_pic: front, reverse_pic: reverse, ...form },
  });
  return res.body;
}

describe('real-name verification', () => {
  it('goes 0 → 1 → 0 (rejected, with the reason) → 1 → 2, and the user becomes real with the verified name', async () => {
    const who = await trader(t, 'kyc1');
    expect(await center(who.token)).toEqual({ review_status: 0, name: '', card_id: '', reason: '' });

    expect(await submit(who.token)).toMatchObject({
      code: 1,
      msg: 'Verification submitted',
      data: { review_status: 1 },
    });
    expect(await center(who.token)).toEqual({
      review_status: 1,
      name: 'Ana Lima',
      card_id: 'AB*****67',
      reason: '',
    });
    expect(await submit(who.token)).toMatchObject({
      code: Code.REFUSED,
      msg: 'Your verification is under review or already approved',
    });

    const queue = await adminCall(t, 'GET', '/admin/api/verifications', support, { status: 1 });
    const row = queue.data.rows.find((r: { user: { id: number } }) => r.user.id === who.id);
    expect(row).toMatchObject({
      name: 'Ana Lima',
      card_id: 'AB1234567',
      front_url: expect.stringMatching(/^\/uploads\//),
      reverse_url: expect.stringMatching(/^\/uploads\//),
      status: 1,
    });
    const picture = await t.http.inject({
      method: 'GET',
      url: row.front_url,
      headers: { authorization: support },
    });
    expect(picture.statusCode).toBe(200);

    const rejected = await adminCall(t, 'POST', '/admin/api/verifications/reject', support, {
      id: row.id,
      reason: 'The picture is blurred',
    });
    expect(rejected.code).toBe(1);
    // SPEC.md §4: 0 shows the upload form again, any value but 0 and 1 reads "Certified".
    expect(await center(who.token)).toMatchObject({ review_status: 0, reason: 'The picture is blurred' });

    expect((await submit(who.token, { name: 'Ana M. Lima' })).code).toBe(1);
    const again = await adminCall(t, 'GET', '/admin/api/verifications', support, { status: 1 });
    const second = again.data.rows.find((r: { user: { id: number } }) => r.user.id === who.id);
    expect(
      (await adminCall(t, 'POST', '/admin/api/verifications/approve', support, { id: second.id })).code,
    ).toBe(1);
    expect(
      (await adminCall(t, 'POST', '/admin/api/verifications/approve', support, { id: second.id })).code,
    ).toBe(Code.REFUSED);
    expect(await center(who.token)).toMatchObject({ review_status: 2, name: 'Ana M. Lima' });
    const info = await t.call('GET', '/api/user/info', { token: who.token });
    expect(info.body.data).toMatchObject({ is_real: 1, name: 'Ana M. Lima' });
    expect(await submit(who.token)).toMatchObject({ code: Code.REFUSED });

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'verification'));
    expect(audits.map((a) => a.action)).toEqual(['verification.reject', 'verification.approve']);
  });

  it('requires every field and the caller’s own pictures', async () => {
    const a = await trader(t, 'kyc2');
    const b = await trader(t, 'kyc3');
    const picOfB = (await upload(t, b.token, PNG)).data!.url;
    expect((await submit(a.token, { name: '' })).code).toBe(Code.INVALID_INPUT);
    expect((await submit(a.token, { card_id: '' })).code).toBe(Code.INVALID_INPUT);
    expect(await submit(a.token, { front_pic: picOfB })).toMatchObject({
      code: Code.REFUSED,
      msg: 'Please upload the front and back of your ID',
    });
    expect((await center(a.token)).review_status).toBe(0);
  });

  it('lets only support (and admin) review; finance is FORBIDDEN, a trader token 999', async () => {
    const who = await trader(t, 'kyc4');
    const { token: financeToken } = await operatorToken(t, 'finance');
    expect((await adminCall(t, 'GET', '/admin/api/verifications', financeToken)).code).toBe(Code.FORBIDDEN);
    expect(
      (await adminCall(t, 'POST', '/admin/api/verifications/approve', financeToken, { id: 1 })).code,
    ).toBe(Code.FORBIDDEN);
    expect((await adminCall(t, 'GET', '/admin/api/verifications', who.token)).code).toBe(999);
  });
});
