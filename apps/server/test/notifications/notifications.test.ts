import { createPublicKey, verify } from 'node:crypto';
import { api, Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/push/schema';
import { adminCall, operatorToken, trader } from '../admin-helpers';
import { type Desk, desk, type Trader } from '../desk';
import { PNG, startFundingApp, upload } from '../funding-fixtures';
import type { TestApp } from '../harness';
import { browserKeys, pushService, sessionIdOf } from '../push-fixtures';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startFundingApp();
  d = desk(t);
  d.tick('EURUSD', { bid: '1.10000', ask: '1.10000' });
});
afterAll(() => t?.close());

const inbox = async (who: Trader, lang = 'en') =>
  (await t.call('GET', api.notificationList.path, { token: who.token, lang })).body.data;
const post = async (who: Trader, path: string, form: Record<string, string | number>) =>
  (await t.call('POST', path, { token: who.token, form })).body;

describe('a stop loss hit', () => {
  it('tells the trader once, with the close price and the loss', async () => {
    const who = await d.trader();
    const buy = await d.submit(who.token, {
      type: 1,
      cont: '1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      stop_loss_price: '1.09500',
    });
    expect(buy.code).toBe(1);
    d.tick('EURUSD', { bid: '1.09400', ask: '1.09400' });
    await d.settled();
    await t.notices.settled();
    d.tick('EURUSD', { bid: '1.09300', ask: '1.09300' });
    await d.settled();
    await t.notices.settled();
    const page = await inbox(who);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ kind: 'stop_loss_hit', title: 'Stop loss triggered', read: false });
    expect(page.data[0].text).toMatch(
      /^EUR\/USD position #\d+ was closed at 1\.09\d+ by its stop loss\. Profit: -\d+\.\d\d USD$/,
    );
    d.tick('EURUSD', { bid: '1.10000', ask: '1.10000' });
  });
});

describe('a refused deposit', () => {
  it("tells the trader once, with the operator's reason", async () => {
    const who = await trader(t, 'refused');
    const finance = (await operatorToken(t, 'finance')).token;
    const proof = (await upload(t, who.token, PNG)).data!.url;
    const info = (await t.call('GET', '/api/quickCharge/info', { token: who.token })).body.data;
    const submitted = (
      await t.call('GET', '/api/quickCharge/submit', {
        token: who.token,
        query: { number: '100', proofImg: proof, address: info.coin[0].address, charge_id: info.coin[0].id },
      })
    ).body;
    const rejected = await adminCall(t, 'POST', '/admin/api/deposits/reject', finance, {
      id: submitted.data.id,
      reason: 'Proof unreadable',
    });
    expect(rejected.code).toBe(1);
    await t.notices.settled();
    await t.notices.settled();
    const page = await inbox(who);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      kind: 'deposit_refused',
      title: 'Deposit refused',
      text: 'Your deposit of 100.00 USD was refused: Proof unreadable',
    });
    expect((await inbox(who, 'jp')).data[0].text).toBe('100.00 USD の入金は拒否されました：Proof unreadable');
  });
});

describe('reading notifications', () => {
  it('marks one or all read; another trader cannot see or mark them', async () => {
    d.tick('EURUSD', { bid: '1.10000', ask: '1.10000' });
    const who = await d.trader();
    const other = await d.trader();
    for (const price of ['1.10100', '1.10200']) {
      await post(who, api.alertCreate.path, { forex_id: d.id('EURUSD'), price, direction: 'above' });
    }
    d.tick('EURUSD', { bid: '1.10300', ask: '1.10300' });
    await t.notices.settled();
    const page = await inbox(who);
    expect(page.unread).toBe(2);
    expect(await inbox(other)).toEqual({ data: [], total: 0, unread: 0 });
    expect((await post(other, api.notificationRead.path, { id: page.data[0].id })).data).toEqual({
      unread: 0,
    });
    expect((await inbox(who)).unread).toBe(2);
    expect((await post(who, api.notificationRead.path, { id: page.data[0].id })).data).toEqual({ unread: 1 });
    expect((await inbox(who)).data.map((n: { read: boolean }) => n.read)).toEqual([true, false]);
    expect((await post(who, api.notificationRead.path, { all: 1 })).data).toEqual({ unread: 0 });
  });
});

describe('Web Push', () => {
  it('sends each new notification encrypted (aes128gcm) with a VAPID signature, in the language subscribed in', async () => {
    const who = await d.trader();
    const browser = browserKeys();
    const service = await pushService(201);
    const key = (await t.call('GET', api.pushKey.path, { token: who.token })).body.data.key as string;
    // The stand-in is plain http on this machine, which subscribe refuses: the row is stored as it would be.
    await t.database.db.insert(pushSubscriptions).values({
      userId: who.id,
      sessionId: await sessionIdOf(t, who.token),
      endpoint: service.endpoint,
      p256dh: browser.p256dh,
      auth: browser.auth,
      lang: 'de',
    });
    const delivered = service.next();
    await post(who, api.alertCreate.path, { forex_id: d.id('EURUSD'), price: '1.20000', direction: 'above' });
    d.tick('EURUSD', { bid: '1.20000', ask: '1.20000' });
    await t.notices.settled();
    await delivered;
    await service.close();

    const [{ req, body }] = service.received;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(req.headers.authorization ?? '')!;
    expect(k).toBe(key);
    const [header, claims, signature] = token!.split('.');
    const raw = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = Buffer.from(`${header}.${claims}`);
    expect(
      verify(
        'sha256',
        signed,
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString()).aud).toBe(
      new URL(service.endpoint).origin,
    );
    expect(browser.decrypt(body)).toEqual({
      title: 'Preisalarm',
      body: 'EUR/USD hat 1,20000 erreicht: auf oder über Ihrem Alarm bei 1,20000',
      url: '/notifications',
    });
  });

  it('drops a subscription its push service says is gone (410)', async () => {
    d.tick('EURUSD', { bid: '1.10000', ask: '1.10000' });
    const who = await d.trader();
    const browser = browserKeys();
    const service = await pushService(410);
    await t.database.db.insert(pushSubscriptions).values({
      userId: who.id,
      sessionId: await sessionIdOf(t, who.token),
      endpoint: service.endpoint,
      p256dh: browser.p256dh,
      auth: browser.auth,
    });
    const delivered = service.next();
    await post(who, api.alertCreate.path, { forex_id: d.id('EURUSD'), price: '1.10100', direction: 'above' });
    d.tick('EURUSD', { bid: '1.10100', ask: '1.10100' });
    await t.notices.settled();
    await delivered;
    await service.close();
    await expect
      .poll(async () =>
        t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, who.id)),
      )
      .toEqual([]);
  });

  it('subscribes only endpoints of known push services, strictly checked, and unsubscribes', async () => {
    const who = await d.trader();
    const browser = browserKeys();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123';
    const form = { endpoint, p256dh: browser.p256dh, auth: browser.auth };
    expect((await post(who, api.pushSubscribe.path, form)).code).toBe(1);
    expect(
      (await post(who, api.pushSubscribe.path, { ...form, endpoint: 'https://evil.example/x' })).code,
    ).toBe(Code.REFUSED);
    expect(
      (await post(who, api.pushSubscribe.path, { ...form, endpoint: 'http://fcm.googleapis.com/x' })).code,
    ).toBe(Code.INVALID_INPUT);
    expect((await post(who, api.pushSubscribe.path, { ...form, p256dh: 'short' })).code).toBe(
      Code.INVALID_INPUT,
    );
    const stored = () =>
      t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, who.id));
    expect((await stored()).map((s) => s.endpoint)).toEqual([endpoint]);
    expect((await post(who, api.pushUnsubscribe.path, { endpoint })).code).toBe(1);
    expect(await stored()).toEqual([]);
  });
});
