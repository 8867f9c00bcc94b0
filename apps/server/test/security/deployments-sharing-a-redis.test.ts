import { randomBytes } from 'node:crypto';
import { api, Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channel, type UserEvent } from '../../src/bus/channels';
import { loadConfig, throwawaySecrets } from '../../src/config';
import { forexFilled } from '../../src/trading/pushes';
import { startTestApp, type TestApp } from '../harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** This run's own: suites running at once on the same Redis stay apart too. */
const run = randomBytes(6).toString('hex');

/** Two deployments on one Redis, as staging and production sharing one by accident; user 1 exists in both. */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp({ redisUrl: REDIS_URL, redisPrefix: `meridian-test:${run}:a:` });
  b = await startTestApp({ redisUrl: REDIS_URL, redisPrefix: `meridian-test:${run}:b:` });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** Resolves with the first event `app` hears on the user channel that `match` accepts. */
const heard = (app: TestApp, match: (e: UserEvent) => boolean) =>
  new Promise<UserEvent>((resolve) => {
    const stop = app.bus.subscribe(Channel.user, (event) => {
      if (!match(event as UserEvent)) return;
      stop();
      resolve(event as UserEvent);
    });
  });

describe('deployments sharing a Redis (issue 46, low)', () => {
  it("do not deliver one deployment's ws.user pushes to the other's user of the same id", async () => {
    const seenByA: UserEvent[] = [];
    const stop = a.bus.subscribe(Channel.user, (event) => seenByA.push(event as UserEvent));
    // B's push goes out, and B hears it: Redis has delivered it to every subscriber of its channel.
    const fromB = { userId: 1, message: forexFilled([7001]) };
    const bHeard = heard(b, (e) => e.message.type === 'FOREX_FILLED');
    b.bus.publish(Channel.user, fromB);
    await bHeard;
    // A's own push comes after it on A's one connection: had B's reached A, it would be there first.
    const fromA = { userId: 1, message: forexFilled([7002]) };
    const aHeard = heard(a, (e) => e.message.type === 'FOREX_FILLED');
    a.bus.publish(Channel.user, fromA);
    await aHeard;
    stop();
    expect(seenByA).toEqual([fromA]);
  });

  it('do not share throttle counts', async () => {
    const rule = { windowMs: 60_000, max: 5 };
    const key = 'login:10.46.4.1';
    for (let i = 0; i < 3; i++) await a.throttle.hit(key, rule);
    expect((await b.throttle.hit(key, rule)).count).toBe(1);
  });

  it('do not share request ceilings', async () => {
    // createDemo allows 30 calls a minute per address; a refused id still counts.
    const ip = '10.46.4.1';
    const createDemo = (app: TestApp) =>
      app.call('GET', api.createDemo.path, { query: { demo_id: 'x' }, ip });
    for (let i = 0; i < 30; i++) expect((await createDemo(a)).body.code).toBe(Code.INVALID_INPUT);
    expect((await createDemo(a)).body.code).toBe(Code.RATE_LIMITED);
    expect((await createDemo(b)).body.code).toBe(Code.INVALID_INPUT);
  });

  it('by default, prefixes by database: every node of one database agrees, two databases differ', () => {
    const production = { ...throwawaySecrets(), OUTBOX_ONLY: 'true', REDIS_URL };
    const prefixOf = (url: string) => loadConfig({ ...production, DATABASE_URL: url }).redisPrefix;
    expect(prefixOf('postgres://app@db-1:5432/meridian_prod')).toBe('meridian:meridian_prod:');
    expect(prefixOf('postgres://app@10.0.0.5/meridian_prod')).toBe(
      prefixOf('postgres://app@db-1:5432/meridian_prod'),
    );
    expect(prefixOf('postgres://app@db-1:5432/meridian_staging')).not.toBe(
      prefixOf('postgres://app@db-1:5432/meridian_prod'),
    );
    expect(
      loadConfig({ ...production, DATABASE_URL: 'postgres://a@h/x', REDIS_PREFIX: 'blue:' }).redisPrefix,
    ).toBe('blue:');
  });
});
