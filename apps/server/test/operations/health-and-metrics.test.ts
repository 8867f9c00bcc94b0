import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { instruments } from '../../src/market/schema';
import type { Market } from '../../src/market/service';
import { feedCheck } from '../../src/ops/health';
import { credit, trader } from '../admin-helpers';
import { adminQuery } from '../global-setup';
import { listenOnLoopback, startTestApp, type TestApp } from '../harness';
import { scratchDir } from '../scratch';

const METRICS_TOKEN = 'a-collector-token-of-at-least-32-characters';
const PAGE = '<!doctype html><title>Meridian</title>';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(scratchDir(), 'meridian-web-'));
  writeFileSync(path.join(webDist, 'index.html'), PAGE);
  t = await startTestApp({ webDist, metricsToken: METRICS_TOKEN });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.http.inject({ method: 'GET', url, remoteAddress: options.ip, headers: options.headers });

const expectJsonNotFound = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toMatchObject({ code: Code.NOT_FOUND, data: null });
};

describe('a dead node must not look healthy: /livez and /readyz answer JSON (issue 49)', () => {
  it('/livez answers {"status":"ok"}, never the web app page', async () => {
    const res = await get('/livez');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz reports the database, Redis, the feed and the migrations, and is ready', async () => {
    const res = await get('/readyz');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.checks.database).toEqual({ ok: true, detail: 'select 1 answered' });
    expect(body.checks.redis).toEqual({ ok: true, detail: 'not used' });
    expect(body.checks.migrations.ok).toBe(true);
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'feed', 'migrations', 'redis']);
  });

  it('a feed that stopped is reported but does not make the node unready; a fresh quote makes it ok', async () => {
    t.clock.set(t.clock.now() + 60 * 60_000);
    const stale = (await get('/readyz')).json();
    expect(stale.status).toBe('ok');
    expect(stale.checks.feed.ok).toBe(false);
    t.quote('EURUSD', '1.16500');
    const fresh = (await get('/readyz')).json();
    expect(fresh.checks.feed).toEqual({ ok: true, detail: expect.stringMatching(/^freshest quote 0 s old/) });
  });

  it('with every market closed (a weekend), a quiet feed is healthy', () => {
    const weekend = {
      instruments: () => [{ id: 1, code: 'EURUSD', isOpen: () => false }],
      quoteState: () => ({ time: 0 }),
    } as unknown as Market;
    expect(feedCheck(weekend, t.clock.now(), 10_000)).toEqual({ ok: true, detail: 'all markets closed' });
  });

  it('a node that drains answers /readyz 503 "fail" at once, while /livez still answers', async () => {
    const draining = await startTestApp();
    try {
      draining.drain();
      const res = await draining.http.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'fail', checks: { database: { ok: true } } });
      expect((await draining.http.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('a Redis that is down degrades the node, it does not make it unready', async () => {
    const closed = await listenOnLoopback(createServer());
    const app = await startTestApp({ redisUrl: `redis://127.0.0.1:${closed}` });
    try {
      const res = await app.http.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'ok',
        checks: { redis: { ok: false, detail: 'unreachable' } },
      });
    } finally {
      await app.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('a PostgreSQL database that went away makes /readyz 503', async () => {
    const app = await startTestApp();
    const name = new URL(app.config.databaseUrl!).pathname.slice(1);
    const admin = (text: string) => adminQuery(process.env.DATABASE_URL!, text);
    await app.engine.idle();
    try {
      await admin(`alter database ${name} with allow_connections false`);
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      const res = await app.http.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'fail', checks: { database: { ok: false } } });
    } finally {
      await admin(`alter database ${name} with allow_connections true`);
      await app.close();
    }
  });
});

describe('/metrics: Prometheus text for this host and the token holder only (issue 49)', () => {
  it('answers a loopback collector with process, Node and platform figures', async () => {
    await get('/uploads/no-such-picture-1234567.png');
    const res = await get('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'meridian_http_request_duration_seconds_bucket',
      'meridian_orders_placed_total',
      'meridian_orders_closed_total',
      'meridian_ws_connections',
      'meridian_quote_age_seconds',
      'meridian_engine_queue_depth',
      'meridian_price_spikes_total{outcome="held"}',
      'meridian_price_spikes_total{outcome="dropped"}',
    ]) {
      expect(res.body).toContain(name);
    }
    expect(res.body).toContain('meridian_leader 1');
    expect(res.body).toContain('meridian_quote_age_seconds{symbol="EURUSD"}');
    // Requests are timed by their route's pattern: an id in the URL never makes a series of its own.
    expect(res.body).toMatch(/route="\/uploads\/:name",status="404"/);
    expect(res.body).not.toContain('no-such-picture-1234567');
  });

  it('times each answer into cumulative buckets whose last holds its count, per route pattern and status', async () => {
    const series = 'method="GET",route="/livez",status="200"';
    const seen = (body: string, metric: string) =>
      Number(
        body.match(new RegExp(`^${metric}\\{${series.replace(/[/]/g, '\\/')}\\} (\\S+)$`, 'm'))?.[1] ?? 0,
      );
    const before = (await get('/metrics')).body;
    for (let i = 0; i < 3; i++) expect((await get('/livez')).statusCode).toBe(200);
    await get('/v1/api/no/such/route');
    const body = (await get('/metrics')).body;
    const count = 'meridian_http_request_duration_seconds_count';
    expect(seen(body, count) - seen(before, count)).toBe(3);
    const buckets = [
      ...body.matchAll(/^meridian_http_request_duration_seconds_bucket\{le="([^"]+)",(.+)\} (\d+)$/gm),
    ]
      .filter((m) => m[2] === series)
      .map((m) => ({ le: m[1], value: Number(m[3]) }));
    expect(buckets.map((b) => b.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    for (let i = 1; i < buckets.length; i++)
      expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
    expect(buckets.at(-1)!.value).toBe(seen(body, count));
    expect(seen(body, 'meridian_http_request_duration_seconds_sum')).toBeGreaterThan(0);
    expect(body).toMatch(/route="unmatched",status="404"/);
  });

  it('counts the orders placed and the positions closed, by reason', async () => {
    const [eurusd] = await t.database.db.select().from(instruments).where(eq(instruments.code, 'EURUSD'));
    const u = await trader(t, 'metrics1');
    await credit(t, u.id, '100000');
    t.quote('EURUSD', '1.16500');
    const order = await t.trading.place(u.id, {
      side: 'buy',
      instrumentId: eurusd!.id,
      lots: eurusd!.minLots,
      leverage: eurusd!.leverages[0]!,
      pendingTarget: null,
      stopLoss: null,
      takeProfit: null,
    });
    await t.trading.close(order.id, 'user', { userId: u.id });
    const text = (await get('/metrics')).body;
    expect(text).toMatch(/^meridian_orders_placed_total 1$/m);
    expect(text).toMatch(/^meridian_orders_closed_total\{reason="user"\} 1$/m);
  });

  it('another address gets the usual JSON 404, as for a path that does not exist', async () => {
    expectJsonNotFound(await get('/metrics', { ip: '203.0.113.9' }));
  });

  it('a loopback connection from a proxy on this host (X-Forwarded-For) is another address', async () => {
    expectJsonNotFound(await get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } }));
  });

  it('another address with the METRICS_TOKEN bearer gets the figures; a wrong token does not', async () => {
    const ip = '203.0.113.9';
    const right = await get('/metrics', { ip, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('meridian_leader');
    expectJsonNotFound(await get('/metrics', { ip, headers: { authorization: 'Bearer guessed-token' } }));
  });

  it('refuses a METRICS_TOKEN short enough to guess', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'metrics' })).toThrow(/METRICS_TOKEN: at least 32 characters/);
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
  });

  it('each app keeps its own registry: two apps in one process each report themselves', async () => {
    const other = await startTestApp();
    try {
      const ours = await get('/metrics');
      const theirs = await other.http.inject({ method: 'GET', url: '/metrics' });
      expect(theirs.statusCode).toBe(200);
      expect(ours.body).toContain('route="/uploads/:name"');
      expect(theirs.body).not.toContain('route="/uploads/:name"');
    } finally {
      await other.close();
    }
  });
});

describe('unknown API and health paths answer JSON 404, never the web app (issue 49)', () => {
  it.each(['/api/x', '/v1/api/x', '/admin/api/x', '/health', '/healthz'])(
    'GET %s is the JSON not-found envelope',
    async (url) => {
      expectJsonNotFound(await get(url));
    },
  );

  it.each(['/trade', '/mine/history'])('the app route %s still loads the web app', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
  });
});
