import { Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instruments } from '../src/market/schema';
import { adminCall, credit, operatorToken, trader } from './admin-helpers';
import { PNG, startFundingApp, upload } from './funding-fixtures';
import type { TestApp } from './harness';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await startFundingApp();
  url = await t.http.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

async function submitVerification(token: string) {
  const front = (await upload(t, token, PNG)).data!.url;
  const reverse = (await upload(t, token, PNG)).data!.url;
  const res = await t.call('POST', '/api/user_real/real_name', {
    token,
    form: { name: 'Ana Lima', card_id: 'AB1234567', front_pic: front, reverse_pic: reverse },
  });
  expect(res.body.code).toBe(1);
  return { front, reverse };
}

describe('user detail', () => {
  it('shows the verification state and every submission with its ID pictures and reviewer', async () => {
    const who = await trader(t, 'detailkyc');
    const support = await operatorToken(t, 'support');
    const detail = () =>
      adminCall(t, 'GET', '/admin/api/users/detail', support.token, { id: who.id }).then((r) => r.data);

    expect((await detail()).verification).toEqual({ status: 0, is_real: false, submissions: [] });

    const first = await submitVerification(who.token);
    const waiting = (await detail()).verification;
    expect(waiting).toMatchObject({
      status: 1,
      is_real: false,
      submissions: [
        {
          name: 'Ana Lima',
          card_id: 'AB1234567',
          status: 1,
          reason: '',
          operator: null,
          front_url: first.front,
          reverse_url: first.reverse,
          reviewed_at: null,
        },
      ],
    });
    // The operator can open the pictures the detail links to.
    const picture = await t.http.inject({
      method: 'GET',
      url: waiting.submissions[0].front_url,
      headers: { authorization: support.token },
    });
    expect(picture.statusCode).toBe(200);

    // The risk desk reads the state, not the identity: masked number, no pictures.
    const risk = await operatorToken(t, 'risk');
    const asRisk = await adminCall(t, 'GET', '/admin/api/users/detail', risk.token, { id: who.id });
    expect(asRisk.data.verification.submissions[0]).toMatchObject({
      status: 1,
      card_id: 'AB*****67',
      front_url: null,
      reverse_url: null,
    });

    const id = waiting.submissions[0].id;
    await adminCall(t, 'POST', '/admin/api/verifications/reject', support.token, { id, reason: 'blurred' });
    await submitVerification(who.token);
    const second = (await detail()).verification;
    await adminCall(t, 'POST', '/admin/api/verifications/approve', support.token, {
      id: second.submissions[0].id,
    });

    const done = await detail();
    expect(done.name).toBe('Ana Lima');
    expect(done.verification).toMatchObject({
      status: 2,
      is_real: true,
      submissions: [
        { status: 2, operator: expect.stringMatching(/^op-support-/), reason: '' },
        { id, status: 3, reason: 'blurred', operator: expect.stringMatching(/^op-support-/) },
      ],
    });
    expect(done.verification.submissions[0].reviewed_at).toBeTruthy();
  });
});

/** Reads server-sent events from the risk stream until one satisfies `wanted`. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async function next(wanted: (data: any) => boolean, timeoutMs = 10_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'risk' && data) {
          const parsed = JSON.parse(data);
          if (wanted(parsed)) return parsed;
        }
        cut = buffer.indexOf('\n\n');
      }
      if (Date.now() > deadline) throw new Error('no matching risk event');
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { next, close: () => reader.cancel() };
}

const openStream = (token: string) =>
  fetch(`${url}/admin/api/risk/live`, {
    headers: { authorization: token, accept: 'text/event-stream', lang: 'en' },
  });

describe('live risk view', () => {
  it('answers one snapshot in the envelope without Accept: text/event-stream', async () => {
    const risk = await operatorToken(t, 'risk');
    const res = await adminCall(t, 'GET', '/admin/api/risk/live', risk.token);
    expect(res).toMatchObject({
      code: 1,
      data: {
        exposure: { rows: expect.any(Array), floating_pnl: expect.any(String) },
        accounts: { rows: expect.any(Array), margin_call_level: expect.any(String) },
        at: expect.any(String),
      },
    });
  });

  it('refuses the stream to other roles and to traders, with the usual envelope', async () => {
    const support = await operatorToken(t, 'support');
    const refused = await openStream(support.token);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(((await refused.json()) as { code: number }).code).toBe(Code.FORBIDDEN);
    const who = await trader(t, 'streamtrader');
    expect(((await (await openStream(who.token)).json()) as { code: number }).code).toBe(
      Code.SESSION_INVALID,
    );
  });

  it('pushes a new position, its price moves and its close as they happen on the bus', async () => {
    const [eurusd] = await t.database.db.select().from(instruments).where(eq(instruments.code, 'EURUSD'));
    const who = await trader(t, 'streamer');
    await credit(t, who.id, '10000');
    t.quote('EURUSD', '1.16500');

    const risk = await operatorToken(t, 'risk');
    const res = await openStream(risk.token);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const { next, close } = sseReader(res.body!);
    const empty = await next(() => true);
    expect(empty.exposure.rows).toEqual([]);

    const order = await t.trading.place(who.id, {
      side: 'buy',
      instrumentId: eurusd!.id,
      lots: '1',
      leverage: 100,
      pendingTarget: null,
      stopLoss: null,
      takeProfit: null,
    });
    const opened = await next((s) => s.exposure.rows.length === 1);
    expect(opened.exposure.rows[0]).toMatchObject({ code: 'EUR/USD', long_lots: '1', net_lots: '1' });

    // A price move alone (no order change) reaches the view: the floating P&L follows the tick.
    const before = opened.exposure.floating_pnl;
    t.clock.set(t.clock.now() + 1000);
    t.quote('EURUSD', '1.17500');
    const moved = await next((s) => s.exposure.floating_pnl !== before);
    expect(Number(moved.exposure.floating_pnl)).toBeGreaterThan(Number(before));

    await adminCall(t, 'POST', '/admin/api/orders/close', risk.token, { id: order.id });
    const closed = await next((s) => s.exposure.rows.length === 0);
    expect(closed.exposure.positions).toBe(0);
    await close();
  });
});
