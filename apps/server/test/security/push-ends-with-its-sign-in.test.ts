/**
 * Issue 46, low finding: Web Push subscriptions survived sign-out, revoke, password change and disable. A
 * subscription records the sign-in that made it and is pushed to only while that sign-in lives; one whose
 * sign-in ended, or one stored before subscriptions kept theirs, is forgotten.
 */
import { api } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { createSession } from '../../src/http/sessions';
import { pushSubscriptions } from '../../src/push/schema';
import { adminCall, operatorToken } from '../admin-helpers';
import { type Desk, desk, type Trader } from '../desk';
import { startTestApp, type TestApp } from '../harness';
import { browserKeys, pushService, sessionIdOf } from '../push-fixtures';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  d.tick('EURUSD', { bid: '1.10000', ask: '1.10000' });
});
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60_000;
const post = async (token: string, path: string, form: Record<string, string | number>) =>
  (await t.call('POST', path, { token, form })).body;

/** A browser of `who` subscribed at `endpoint` by the sign-in `sessionId` (null: stored before sign-ins were kept). */
async function subscribed(who: Trader, endpoint: string, sessionId: number | null) {
  const keys = browserKeys();
  await t.database.db
    .insert(pushSubscriptions)
    .values({ userId: who.id, sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
}

const endpointsOf = async (who: Trader) =>
  (
    await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, who.id))
  ).map((s) => s.endpoint);

/** An alert of `who` that the next tick to `price` fires: a notification, pushed. */
async function alertAt(who: Trader, price: string) {
  const res = await post(who.token, api.alertCreate.path, {
    forex_id: d.id('EURUSD'),
    price,
    direction: 'above',
  });
  expect(res.code).toBe(1);
}

describe('a push subscription ends with the sign-in that made it (issue 46)', () => {
  it('records the sign-in that subscribed', async () => {
    const who = await d.trader();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${who.id}`;
    const keys = browserKeys();
    const res = await post(who.token, api.pushSubscribe.path, {
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
    });
    expect(res.code).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row!.sessionId).toBe(await sessionIdOf(t, who.token));
  });

  it('a signed-out browser, and one subscribed before sign-ins were kept, are pushed nothing more', async () => {
    d.tick('EURUSD', { bid: '1.10000', ask: '1.10000' });
    const who = await d.trader();
    const phone = await createSession(t.database.db, who.id);
    const service = await pushService(201);
    const [live, signedOut, legacy] = ['live', 'signed-out', 'legacy'].map(
      (name) => `${service.endpoint}-${name}`,
    );
    await subscribed(who, live!, await sessionIdOf(t, who.token));
    await subscribed(who, signedOut!, await sessionIdOf(t, phone));
    await subscribed(who, legacy!, null);
    expect((await t.call('POST', api.logout.path, { token: phone })).body.code).toBe(1);

    const delivered = service.next();
    await alertAt(who, '1.10100');
    d.tick('EURUSD', { bid: '1.10100', ask: '1.10100' });
    await t.notices.settled();
    await expect.poll(() => endpointsOf(who)).toEqual([live]);
    await delivered;
    await service.close();
    expect(service.received.map(({ req }) => req.url)).toEqual([new URL(live!).pathname]);
  });

  it("an operator's revoke, the account's disabling and a sign-in's expiry each end its pushes", async () => {
    d.tick('EURUSD', { bid: '1.10000', ask: '1.10000' });
    const service = await pushService(201);
    const support = (await operatorToken(t, 'support')).token;
    const [revoked, disabled, idle] = [await d.trader(), await d.trader(), await d.trader()];
    for (const who of [revoked, disabled, idle]) {
      await subscribed(who, `${service.endpoint}-${who.id}`, await sessionIdOf(t, who.token));
      await alertAt(who, '1.10200');
    }
    await adminCall(t, 'POST', '/admin/api/users/revoke-sessions', support, { id: revoked.id });
    await adminCall(t, 'POST', '/admin/api/users/disable', support, { id: disabled.id, disabled: true });
    // Unused for 31 days: past the trader's idle limit of 30.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(t.clock.now() - 31 * DAY_MS) })
      .where(eq(sessions.id, await sessionIdOf(t, idle.token)));

    d.tick('EURUSD', { bid: '1.10200', ask: '1.10200' });
    await t.notices.settled();
    for (const who of [revoked, disabled, idle]) await expect.poll(() => endpointsOf(who)).toEqual([]);
    await service.close();
    expect(service.received).toEqual([]);
  });
});
