import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { type AddressInfo, connect as connectTcp } from 'node:net';
import { WS_PATH } from '@meridian/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testConfig } from '../../src/config';
import { sharedPlaces } from '../../src/ws/places';
import { manualClock, startTestApp, startTestNode, type TestApp, throwawayDatabase } from '../harness';
import { freePort, type RedisServer, redisServer } from '../redis-server';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** This run's own keys: suites running at once on the same Redis stay apart. */
const prefix = `meridian-test:${randomBytes(6).toString('hex')}:`;
const MAX = 3;

/** Whether a Redis answers at `url` (these tests need a real one; they are skipped without). */
async function answers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const noRedis = !(await answers(REDIS_URL));

/**
 * A websocket to `node` from this test's one address (127.0.0.1): the socket once the node answers its
 * ping, or null when the node closes it as one connection too many (1008).
 */
async function connect(node: TestApp): Promise<WebSocket | null> {
  const { port } = node.http.server.address() as AddressInfo;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
  await once(ws, 'open');
  ws.send('ping');
  return new Promise((resolve, reject) => {
    ws.once('message', (data) => (data.toString() === 'pong' ? resolve(ws) : reject(new Error(`${data}`))));
    ws.once('close', (code) => (code === 1008 ? resolve(null) : reject(new Error(`closed ${code}`))));
  });
}

/** A connection to `node` once a place is free: a closed socket's place is given back just after it closes. */
async function connectOnceFree(node: TestApp): Promise<WebSocket> {
  let ws: WebSocket | null = null;
  await expect
    .poll(async () => {
      ws = await connect(node);
      return ws !== null;
    })
    .toBe(true);
  return ws!;
}

/**
 * A websocket upgrade to `node` that the client resets as soon as it is sent: the node completes it with the
 * peer gone, when its socket has no address any more.
 */
function upgradeThenReset(node: TestApp): Promise<void> {
  const { port } = node.http.server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1', () => {
      socket.write(
        `GET ${WS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
      setImmediate(() => {
        socket.resetAndDestroy();
        resolve();
      });
    });
    socket.on('error', () => resolve());
  });
}

const closeAll = async (sockets: (WebSocket | null)[]) => {
  const open = sockets.filter((ws): ws is WebSocket => ws !== null);
  for (const ws of open) ws.close();
  await Promise.all(open.map((ws) => once(ws, 'close')));
};

describe.skipIf(noRedis)('websocket places of one address, across nodes sharing a Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const shared = { redisUrl: REDIS_URL, redisPrefix: prefix, wsMaxPerIp: MAX };
    [a, b] = [await startTestApp(shared), await startTestApp(shared)];
    await a.http.listen({ port: 0, host: '127.0.0.1' });
    await b.http.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses the connection past WS_MAX_PER_IP wherever it lands, and a closed one frees its place', async () => {
    const held = [await connect(a), await connect(a), await connect(b)];
    expect(held.every((ws) => ws !== null)).toBe(true);
    // Each node alone holds fewer than the cap: only the shared count refuses these.
    expect(await connect(b)).toBeNull();
    expect(await connect(a)).toBeNull();

    await closeAll([held[0]!]);
    const again = await connectOnceFree(b);
    expect(await connect(a)).toBeNull();
    await closeAll([...held.slice(1), again]);
  });

  it('stays up when clients reset their connections while their upgrades complete', async () => {
    await Promise.all(Array.from({ length: 200 }, () => upgradeThenReset(a)));
    // Every place taken for them is given back, and the node still serves.
    const held = await Promise.all(Array.from({ length: MAX }, () => connectOnceFree(a)));
    await closeAll(held);
  });

  it('lets in exactly WS_MAX_PER_IP of many connections opened at once on both nodes', async () => {
    const opened = await Promise.all(Array.from({ length: 8 }, (_, i) => connect(i % 2 ? a : b)));
    expect(opened.filter((ws) => ws !== null)).toHaveLength(MAX);
    await closeAll(opened);
  });
});

describe.skipIf(noRedis)('a node that crashes holding places', () => {
  const address = '10.77.0.1';
  const links: Redis[] = [];
  /** One node's places, on a Redis connection of its own (its death is that connection's end). */
  const node = async (name: string, ttlMs: number) => {
    const redis = new Redis(REDIS_URL, {
      keyPrefix: `${prefix}crash:`,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    links.push(redis);
    await once(redis, 'ready');
    const fellBack: unknown[] = [];
    return {
      redis,
      fellBack,
      places: sharedPlaces(redis, { max: 2, node: name, onFallback: (err) => fellBack.push(err), ttlMs }),
    };
  };
  afterAll(() => {
    for (const redis of links) redis.disconnect();
  });

  it('keeps them while it lives (it vouches for them), and frees them within the TTL once it is gone', async () => {
    const ttlMs = 1_000;
    const crashing = await node('crashing', ttlMs);
    const survivor = await node('survivor', ttlMs);
    expect(await crashing.places.take(address)).not.toBeNull();
    expect(await crashing.places.take(address)).not.toBeNull();
    expect(await survivor.places.take(address)).toBeNull();
    // Past the TTL, the living node's connections are still counted.
    await new Promise((r) => setTimeout(r, 2 * ttlMs));
    expect(await survivor.places.take(address)).toBeNull();

    // The process dies: no close, no release, no more vouching.
    crashing.redis.disconnect();
    await crashing.places.stop();
    const freed = Date.now();
    await expect.poll(() => survivor.places.take(address), { timeout: 5_000, interval: 100 }).not.toBeNull();
    expect(Date.now() - freed).toBeLessThan(ttlMs + 1_000);
    expect(survivor.fellBack).toEqual([]);
    await survivor.places.stop();
  });
});

describe.skipIf(!existsSync(process.env.REDIS_SERVER ?? '/usr/bin/redis-server'))(
  'a Redis that hangs (of this test’s own)',
  () => {
    let redis: RedisServer;
    const links: Redis[] = [];
    beforeAll(async () => {
      redis = await redisServer();
      await redis.start();
    });
    afterAll(async () => {
      for (const link of links) link.disconnect();
      await redis?.stop();
    });

    it('does not hold a connection up: it is let in on the node’s count within half a second', async () => {
      const [node, admin] = [0, 1].map(() => {
        const link = new Redis(redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
        links.push(link);
        return link;
      }) as [Redis, Redis];
      await Promise.all([once(node, 'ready'), once(admin, 'ready')]);
      const fellBack: unknown[] = [];
      const places = sharedPlaces(node, { max: 1, node: 'n', onFallback: (err) => fellBack.push(err) });
      await admin.call('CLIENT', 'PAUSE', '2000', 'ALL');
      const asked = Date.now();
      expect(await places.take('10.77.0.2')).not.toBeNull();
      expect(Date.now() - asked).toBeLessThan(1_500);
      expect(fellBack).toHaveLength(1);
      // Its own count still holds the address to the cap.
      expect(await places.take('10.77.0.2')).toBeNull();
      await places.stop();
    });
  },
);

describe('a node whose Redis does not answer', () => {
  let c: TestApp;
  let drop = async () => {};
  const lines: { msg: string }[] = [];
  beforeAll(async () => {
    const nobody = `redis://127.0.0.1:${await freePort()}`;
    const { config, drop: dropDatabase } = await throwawayDatabase(
      testConfig({ redisUrl: nobody, redisPrefix: prefix, wsMaxPerIp: MAX, logLevel: 'info' }),
    );
    drop = dropDatabase;
    c = await startTestNode(config, {
      clock: manualClock(),
      logTo: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    await c.http.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await c?.close();
    await drop();
  });

  it('still lets each address in up to WS_MAX_PER_IP on its own count, and says so once', async () => {
    const held = await Promise.all(Array.from({ length: MAX }, () => connect(c)));
    expect(held.every((ws) => ws !== null)).toBe(true);
    expect(await connect(c)).toBeNull();
    await closeAll([held[0]!]);
    const again = await connectOnceFree(c);
    expect(lines.filter((l) => l.msg.startsWith('redis did not answer'))).toHaveLength(1);
    await closeAll([...held.slice(1), again]);
  });
});
