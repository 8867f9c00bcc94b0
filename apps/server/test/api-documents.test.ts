/**
 * The published API documents against the running app: every route is in the OpenAPI document and
 * every documented call is a route, with the access level it enforces; the AsyncAPI document names every
 * message the websocket sends and takes; the reference page serves itself from this host. What each
 * call answers is held against its schema by every suite (CHECK_ANSWERS is on in tests).
 */
import { Code, endpoints } from '@meridian/contract';
import { operations } from '@meridian/contract/documents';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { checkAnswers } from '../src/http/answers';
import { route } from '../src/http/route';
import { startTestApp, type TestApp } from './harness';

type Doc = {
  paths: Record<string, Record<string, { 'x-access': string; 'x-codes': number[]; operationId: string }>>;
};

/** Routes that serve the documents themselves, a document page or a protocol other than the envelope. */
const NOT_CALLS = new Set([
  'GET /api/openapi.json',
  'GET /api/asyncapi.json',
  'GET /api/docs',
  'GET /api/docs/init.js',
  'GET /api/docs/swagger-ui.css',
  'GET /api/docs/swagger-ui-bundle.js',
]);

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.http.inject({ method: 'GET', url: '/api/openapi.json' });
  doc = res.json() as Doc;
});
afterAll(() => t?.close());

const isCallPath = (url: string) => /^\/(api|v1\/api|admin\/api)\//.test(url);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every route the app answers under /api, /v1/api and /admin/api', () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
    const missing = t.routes
      .filter((r) => isCallPath(r.url) && !NOT_CALLS.has(`${r.method} ${r.url}`))
      .filter((r) => !doc.paths[r.url]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents no call the app does not answer', () => {
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    const ghosts = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((m) => `${m.toUpperCase()} ${path}`)
        .filter((key) => !registered.has(key)),
    );
    expect(ghosts).toEqual([]);
  });

  it('gives each call the access level the route enforces: without a session, only public calls answer other than 999', async () => {
    const wrong: string[] = [];
    for (const op of operations()) {
      const res = await t.http.inject({
        method: op.method as 'GET' | 'POST',
        url: op.path,
        headers: { lang: 'en' },
      });
      const code = (res.json() as { code: number }).code;
      const needsSession = op.access === 'user' || op.access === 'real' || op.access === 'operator';
      if (needsSession !== (code === Code.SESSION_INVALID))
        wrong.push(`${op.path} (${op.access}) answered ${code}`);
      const documented = doc.paths[op.path]?.[op.method.toLowerCase()];
      if (!documented?.['x-codes'].includes(code)) wrong.push(`${op.path} answered ${code}, not documented`);
    }
    expect(wrong).toEqual([]);
  });

  it('turns an answer its schema does not describe into a 500, and lets one it describes through', async () => {
    const app = Fastify();
    const db = {} as Db;
    checkAnswers(db, true);
    // Twins of the public area list: one whose view strays from the schema, one that keeps to it.
    route(app, db, { ...endpoints.areaList, path: '/api/test/stray' }, async () => [{ id: 'one' }] as never);
    route(app, db, { ...endpoints.areaList, path: '/api/test/true' }, async () => []);
    expect((await app.inject({ method: 'GET', url: '/api/test/stray' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/test/true' })).json()).toMatchObject({
      code: 1,
      data: [],
    });
    await app.close();
  });
});

describe('the AsyncAPI document', () => {
  it('names the websocket channel and every message either side sends', async () => {
    const res = await t.http.inject({ method: 'GET', url: '/api/asyncapi.json' });
    const async = res.json() as {
      asyncapi: string;
      channels: Record<string, { address: string; messages: Record<string, unknown> }>;
      components: { messages: Record<string, unknown> };
    };
    expect(async.asyncapi).toBe('3.0.0');
    expect(Object.values(async.channels).map((c) => c.address)).toContain('/v1/ws');
    type Payload = { const?: string; properties?: { type?: { const?: string } } };
    const sent = Object.values(async.components.messages).map((m) => (m as { payload: Payload }).payload);
    const types = sent.map((p) => p.properties?.type?.const ?? p.const);
    expect(new Set(types)).toEqual(
      new Set([
        'ping',
        'sub',
        'unsub',
        'login',
        'logout',
        'pong',
        'login_result',
        'logout_result',
        'error',
        'DAY_MARKET',
        'DAY_MARKET_SNAPSHOT',
        'kline',
        'FOREX_TRADE',
        'FOREX_CLOSED',
        'FOREX_FILLED',
        'NOTIFICATION',
      ]),
    );
  });
});

describe('the reference page at /api/docs', () => {
  it('loads its renderer and its document from this host and nowhere else', async () => {
    const page = await t.http.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const asset of page.body.match(/\/api\/docs\/[\w.-]+/g) ?? []) {
      const res = await t.http.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
      expect(res.body.length, asset).toBeGreaterThan(100);
    }
    const init = await t.http.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain('/api/openapi.json');
  });
});
