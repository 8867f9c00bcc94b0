import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { adminEndpoints, api, Code, WS_PATH } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../../src/app';
import { Channel } from '../../src/bus/channels';
import { sessions } from '../../src/db/schema';
import { createSession, hashToken } from '../../src/http/sessions';
import { forexFilled } from '../../src/trading/pushes';
import { adminCall, operatorToken, trader } from '../admin-helpers';
import { ownCode } from '../codes';
import { startTestApp, type TestApp } from '../harness';
import { type RedisServer, redisServer } from '../redis-server';

/**
 * How long a socket may take to hear that its session ended: far below the 60 s safety recheck, so only the
 * announcement on the bus can meet it.
 */
const AT_ONCE = { timeout: 3_000, interval: 50 };

/** A websocket client of `app` that keeps what it is sent. */
async function client(app: App) {
  const { port } = app.http.server.address() as AddressInfo;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
  const seen: { type: string; code?: number; quotation?: unknown }[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    if (text !== 'pong') seen.push(JSON.parse(text));
  });
  await once(ws, 'open');
  const told = (code: number) => seen.some((m) => m.type === 'login_result' && m.code === code);
  return {
    seen,
    close: () => ws.close(),
    /** Signs the socket in with `token` and waits until it is bound. */
    async signIn(token: string) {
      ws.send(JSON.stringify({ type: 'login', params: token }));
      await expect.poll(() => told(Code.OK)).toBe(true);
    },
    /** Whether the server told it its session is no longer valid. */
    dropped: () => told(Code.SESSION_INVALID),
    /** Whether it heard the account push `FOREX_FILLED` of order `id`. */
    heardFill: (id: number) =>
      seen.some((m) => m.type === 'FOREX_FILLED' && (m.quotation as number[]).includes(id)),
  };
}
type Client = Awaited<ReturnType<typeof client>>;

let fills = 0;
/** An account push to every connection of `userId` on every node; resolves once `listener` heard it. */
async function pushReaches(a: TestApp, userId: number, listener: Client) {
  const id = ++fills;
  a.bus.publish(Channel.user, { userId, message: forexFilled([id]) });
  await expect.poll(() => listener.heardFill(id), AT_ONCE).toBe(true);
  return id;
}

/**
 * Two nodes of one deployment: `a` (a whole platform) and `b`, a second app over the same database and
 * the same bus, as a node beside it shares PostgreSQL and Redis.
 */
let a: TestApp;
let b: App;
beforeAll(async () => {
  a = await startTestApp();
  b = await buildApp({
    config: a.config,
    now: a.clock.now,
    database: a.database,
    bus: a.bus,
    market: a.market,
    trading: a.trading,
    throttle: a.throttle,
    secrets: a.secrets,
    uploads: a.uploads,
    log: a.log,
    node: { id: 'node-b', leading: false, draining: false, engineQueueDepth: 0 },
  });
  await a.http.listen({ port: 0, host: '127.0.0.1' });
  await b.http.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.http.close();
  await a?.close();
});

let traders = 0;
/** A trader signed in on two devices, a phone and a laptop, each watching its account on both nodes. */
async function trader2() {
  const name = `ended-${++traders}-${randomBytes(3).toString('hex')}`;
  const { id } = await trader(a, name);
  const phone = await createSession(a.database.db, id);
  const laptop = await createSession(a.database.db, id);
  const sockets = {
    phoneOnB: await client(b),
    laptopOnA: await client(a),
    laptopOnB: await client(b),
  };
  await sockets.phoneOnB.signIn(phone);
  await sockets.laptopOnA.signIn(laptop);
  await sockets.laptopOnB.signIn(laptop);
  return { id, email: `${name}@example.com`, phone, laptop, ...sockets };
}
const closeAll = (...clients: Client[]) => {
  for (const c of clients) c.close();
};

describe('a session that ends on one node (issue: 20,000 watching, several nodes)', () => {
  it('signed out on node A: its sockets on both nodes are told at once and get no more pushes; the other device stays', async () => {
    const t = await trader2();
    expect((await a.call('POST', api.logout.path, { token: t.laptop })).body.code).toBe(Code.OK);

    await expect.poll(() => t.laptopOnB.dropped() && t.laptopOnA.dropped(), AT_ONCE).toBe(true);
    expect(t.phoneOnB.dropped()).toBe(false);
    const fill = await pushReaches(a, t.id, t.phoneOnB);
    expect(t.laptopOnB.heardFill(fill) || t.laptopOnA.heardFill(fill)).toBe(false);
    closeAll(t.phoneOnB, t.laptopOnA, t.laptopOnB);
  });

  it('one device signed out by another, or all others: exactly those devices’ sockets are dropped', async () => {
    const t = await trader2();
    const third = await createSession(a.database.db, t.id);
    const thirdOnB = await client(b);
    await thirdOnB.signIn(third);
    const list = (await a.call('GET', api.sessionList.path, { token: t.phone })).body.data as {
      id: number;
    }[];
    const [row] = await a.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(third)));
    expect(list.some((s) => s.id === row!.id)).toBe(true);

    await a.call('POST', api.sessionRevoke.path, { token: t.phone, form: { id: row!.id } });
    await expect.poll(() => thirdOnB.dropped(), AT_ONCE).toBe(true);
    expect([t.phoneOnB.dropped(), t.laptopOnB.dropped()]).toEqual([false, false]);

    await a.call('POST', api.sessionRevokeOthers.path, { token: t.phone });
    await expect.poll(() => t.laptopOnB.dropped() && t.laptopOnA.dropped(), AT_ONCE).toBe(true);
    expect(t.phoneOnB.dropped()).toBe(false);
    await pushReaches(a, t.id, t.phoneOnB);
    closeAll(t.phoneOnB, t.laptopOnA, t.laptopOnB, thirdOnB);
  });

  it('a password change signs every device out, its sockets on the other node included', async () => {
    const t = await trader2();
    const code = await ownCode(a, t.phone, t.email, 2);
    const changed = await a.call('POST', api.amendPassword.path, {
      token: t.phone,
      form: { new_password: 'changed-pass-1', auth_code: code, type: 'email' },
    });
    expect(changed.body.code).toBe(Code.OK);
    await expect
      .poll(() => [t.phoneOnB.dropped(), t.laptopOnA.dropped(), t.laptopOnB.dropped()], AT_ONCE)
      .toEqual([true, true, true]);
    closeAll(t.phoneOnB, t.laptopOnA, t.laptopOnB);
  });

  it.each([
    ['revokes every session', adminEndpoints.revokeUserSessions.path, {}],
    ['disables the account', adminEndpoints.disableUser.path, { disabled: true, reason: 'fraud' }],
  ])('an operator who %s on node A drops the trader’s sockets on node B at once', async (_, path, input) => {
    const t = await trader2();
    const other = await trader2();
    const support = await operatorToken(a, 'support');
    expect((await adminCall(a, 'POST', path, support.token, { id: t.id, ...input })).code).toBe(Code.OK);
    await expect
      .poll(() => [t.phoneOnB.dropped(), t.laptopOnA.dropped(), t.laptopOnB.dropped()], AT_ONCE)
      .toEqual([true, true, true]);
    // Another trader's sockets on the same node are left alone.
    expect([other.phoneOnB.dropped(), other.laptopOnB.dropped()]).toEqual([false, false]);
    closeAll(t.phoneOnB, t.laptopOnA, t.laptopOnB, other.phoneOnB, other.laptopOnA, other.laptopOnB);
  });
});

/** A Redis of this file's own, stopped and started again: the bus loses what was said meanwhile. */
const redisMissing = !existsSync(process.env.REDIS_SERVER ?? '/usr/bin/redis-server');
describe.skipIf(redisMissing)(
  'sessions nobody announced ending (expired, or announced while the bus was away)',
  () => {
    let redis: RedisServer;
    let r: TestApp;
    beforeAll(async () => {
      redis = await redisServer();
      await redis.start();
      r = await startTestApp({ redisUrl: redis.url });
      await r.http.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await r?.close();
      await redis?.stop();
    });

    it('are found by the recheck the bus makes when it reconnects: 30 days unused or 90 after sign-in', async () => {
      const { id } = await trader(r, `expired-${randomBytes(3).toString('hex')}`);
      const [idle, old, fresh] = [
        await createSession(r.database.db, id),
        await createSession(r.database.db, id),
        await createSession(r.database.db, id),
      ];
      const sockets = [await client(r), await client(r), await client(r)] as const;
      await sockets[0].signIn(idle);
      await sockets[1].signIn(old);
      await sockets[2].signIn(fresh);
      const day = 86_400_000;
      await r.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(r.clock.now() - 31 * day) })
        .where(eq(sessions.tokenHash, hashToken(idle)));
      await r.database.db
        .update(sessions)
        .set({ createdAt: new Date(r.clock.now() - 91 * day) })
        .where(eq(sessions.tokenHash, hashToken(old)));

      await redis.stop();
      await redis.start();
      await expect
        .poll(() => sockets.map((s) => s.dropped()), { timeout: 15_000, interval: 100 })
        .toEqual([true, true, false]);
      for (const s of sockets) s.close();
    }, 30_000);
  },
);
