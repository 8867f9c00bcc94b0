import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { Channel, type PresenceEvent, userChannelOf } from '../src/bus/channels';
import { type Config, testConfig } from '../src/config';
import { embeddedDir } from '../src/db/client';
import { copyEmptyDatabaseTemplate } from '../src/db/template';
import { silentFeed } from '../src/feed/feed';
import { type Platform, startPlatform } from '../src/platform';
import { adminQuery } from './global-setup';

/** Starts a stand-in service (an SMS provider, a mail relay) on a free loopback port, which it resolves with. */
export async function listenOnLoopback(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** Test apps start on a Wednesday at noon UTC: forex, metals and crypto open, US exchanges not yet. */
export const TEST_START = Date.parse('2026-11-18T12:00:00Z');

export interface TestApp extends Platform {
  /** The market's clock: tests move time themselves and push ticks with `market.pushTick` or `quote`. */
  clock: { now(): number; set(ms: number): void };
  /**
   * A provider's quote of `symbol` at one `price` (v1 tick) or a bid and an ask (v2 quote), received now; a
   * jump the spike filter holds is confirmed by the provider's next quote at the same price. False when the
   * market refuses it.
   */
  quote(symbol: string, price: string | { bid: string; ask: string }, time?: number): boolean;
  /** The trader opens the app: signed in on a socket, as a node tells the leader; their figures go out on WATCHED. */
  watch(userId: number): void;
  /** Calls the API in process and returns the parsed envelope. */
  call(method: 'GET' | 'POST', url: string, options?: CallOptions): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  /** The caller's address (127.0.0.1 by default). */
  ip?: string;
  lang?: string;
  query?: Record<string, string | number>;
  form?: Record<string, string | number>;
}

/**
 * `config` on a database of its own, a copy of the run's migrated template (global-setup.ts): a throwaway
 * PostgreSQL database when DATABASE_URL is set, else an embedded one in a scratch folder (DATA_DIR).
 */
export async function throwawayDatabase(config: Config): Promise<{ config: Config; drop(): Promise<void> }> {
  const template = inject('databaseTemplate');
  if (config.databaseUrl && template.kind === 'postgres') {
    const name = `meridian_test_${randomBytes(6).toString('hex')}`;
    const adminUrl = config.databaseUrl;
    await adminQuery(adminUrl, `create database ${name} template ${template.name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      config: { ...config, databaseUrl: url.toString() },
      drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
    };
  }
  if (config.memoryDb && template.kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(path.dirname(template.dir), 'meridian-test-'));
    copyEmptyDatabaseTemplate(embeddedDir({ dataDir }), template.dir);
    return {
      config: { ...config, memoryDb: false, dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  return { config, drop: async () => {} };
}

/**
 * A migrated, seeded app on a database of its own, a copy of the run's migrated template (global-setup.ts):
 * a throwaway embedded database in a scratch folder, or a throwaway PostgreSQL database when DATABASE_URL
 * is set (the same suite then runs on both).
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  { at = TEST_START }: { /** Where the clock starts. */ at?: number } = {},
): Promise<TestApp> {
  const { config, drop: dropDatabase } = await throwawayDatabase(testConfig(overrides));
  const node = await startTestNode(config, { clock: manualClock(at) });
  return Object.assign(Object.create(node) as TestApp, {
    async close() {
      await node.close();
      await dropDatabase();
    },
  });
}

/** The node `TestApp.watch` says the trader's socket is on, and the channel of that node's account pushes. */
const TEST_SOCKETS = 'test-sockets';
export const WATCHED = userChannelOf(TEST_SOCKETS);

/** A clock that moves only when a test sets it, from `at`. */
export function manualClock(at = TEST_START): TestApp['clock'] {
  let time = at;
  return {
    now: () => time,
    set: (ms: number) => {
      time = ms;
    },
  };
}

/**
 * A node on `config`'s database as it is (several of them share one PostgreSQL database, as nodes of one
 * deployment do), on `clock`, its log lines to `logTo` when given. Closing it leaves the database.
 */
export async function startTestNode(
  config: Config,
  { clock, logTo }: { clock: TestApp['clock']; logTo?: DestinationStream },
): Promise<TestApp> {
  const platform = await startPlatform(config, { now: clock.now, feed: silentFeed, logTo });
  await platform.http.ready();

  const quote = (symbol: string, price: string | { bid: string; ask: string }, time = clock.now()) => {
    const tick = { symbol, time, volume: 1, ...(typeof price === 'string' ? { price } : price) };
    if (platform.market.pushTick(tick)) return true;
    return platform.market.pushTick(tick);
  };

  // Over the platform, not a copy: its engine and the other leader's parts are read when asked for.
  const helpers: Pick<TestApp, 'clock' | 'quote' | 'watch' | 'call' | 'close'> = {
    clock,
    quote,
    watch: (userId) =>
      platform.bus.publish(Channel.presence, {
        node: TEST_SOCKETS,
        joined: [userId],
        left: [],
      } satisfies PresenceEvent),
    async call(method, url, options = {}) {
      const headers: Record<string, string> = { lang: options.lang ?? 'en' };
      if (options.token) headers.authorization = options.token;
      const res = await platform.http.inject({
        method,
        url,
        remoteAddress: options.ip,
        query: Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)])),
        headers: options.form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
        payload: options.form
          ? new URLSearchParams(
              Object.entries(options.form).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString()
          : undefined,
      });
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = res.body;
      }
      return { status: res.statusCode, body };
    },
    close: () => platform.close(),
  };
  return Object.assign(Object.create(platform) as TestApp, helpers);
}
