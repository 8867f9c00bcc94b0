import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WS_PATH } from '@meridian/contract';
import type { DestinationStream } from 'pino';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { testConfig } from '../../src/config';
import { manualClock, startTestNode, type TestApp, throwawayDatabase } from '../harness';
import { type RedisServer, redisServer } from '../redis-server';

/**
 * Two nodes of one deployment on a PostgreSQL database and a Redis of their own, which the test stops and
 * starts (never the shared one): the first leads, the second listens for websockets. One clock for both;
 * their log lines from `info` up to `logTo`, when given.
 */
export async function twoNodes(logTo?: DestinationStream) {
  const redis: RedisServer = await redisServer();
  await redis.start();
  const logged = logTo ? { logLevel: 'info' as const } : {};
  const { config, drop } = await throwawayDatabase(testConfig({ redisUrl: redis.url, ...logged }));
  const clock = manualClock();
  const leader = await startTestNode(config, { clock, logTo });
  const follower = await startTestNode(config, { clock, logTo });
  await follower.http.listen({ port: 0, host: '127.0.0.1' });
  return {
    redis,
    leader,
    follower,
    async close() {
      await follower.close();
      await leader.close();
      await redis.stop();
      await drop();
    },
  };
}

/** A websocket client of `node` that keeps what it is sent. */
export async function wsClient(node: TestApp) {
  const { port } = node.http.server.address() as AddressInfo;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
  const seen: any[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    if (text !== 'pong') seen.push(JSON.parse(text));
  });
  await once(ws, 'open');
  return {
    ws,
    send: (message: object) => ws.send(JSON.stringify(message)),
    has: (match: (m: any) => boolean) => seen.some(match),
    /** Waits for a message `match` accepts. */
    heard: (match: (m: any) => boolean) =>
      expect.poll(() => seen.some(match), { timeout: 15_000 }).toBe(true),
  };
}

/** A provider's quote with its bid and ask at `price`: the prices a scene names are the quote's. */
export const at = (price: string) => ({ bid: price, ask: price });

/** What `node`'s /metrics says of `name`. */
export async function metric(node: TestApp, name: string): Promise<number> {
  const { body } = await node.http.inject({ method: 'GET', url: '/metrics' });
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1]);
}
