import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryThrottle, type Rule, redisThrottle, type Throttle } from '../../src/http/throttle';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const fixed = { windowMs: 1_500, max: 1, maxWindowMs: 1_500 };
const backoff = { windowMs: 1_000, max: 2 };
const fixed1 = { windowMs: 1_200, max: 1, maxWindowMs: 1_200 };
const fixed5 = { windowMs: 60_000, max: 5, maxWindowMs: 60_000 };

let clock = 0;
const throttles: [string, Throttle][] = [
  ['in memory', memoryThrottle(() => clock)],
  ['in Redis', await redisThrottle(REDIS_URL)],
];
afterAll(() => Promise.all(throttles.map(([, t]) => t.close())));

/** Time passes for both: the memory throttle's clock and Redis's. */
const later = async (ms: number) => {
  clock += ms;
  await new Promise((r) => setTimeout(r, ms));
};

describe.each(throttles)('the throttle %s', (_, throttle) => {
  it('counts parallel hits one by one', async () => {
    const key = randomUUID();
    const counts = await Promise.all(Array.from({ length: 25 }, () => throttle.hit(key, fixed)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('keeps a fixed window where it was, however often it is hit past the limit', async () => {
    const key = randomUUID();
    await throttle.hit(key, fixed);
    for (const waited of [400, 800, 1_200]) {
      await later(400);
      const refused = await throttle.hit(key, fixed);
      expect(refused.count).toBe(2);
      expect(refused.resetMs).toBeLessThanOrEqual(1_500 - waited + 50);
      await throttle.release(key);
    }
  });

  it('doubles a backoff window at each hit past the limit', async () => {
    const key = randomUUID();
    await throttle.hit(key, backoff);
    await throttle.hit(key, backoff);
    const third = await throttle.hit(key, backoff);
    const fourth = await throttle.hit(key, backoff);
    expect(third.resetMs).toBeGreaterThan(1_500);
    expect(fourth.resetMs).toBeGreaterThan(3_000);
    expect(fourth.resetMs).toBeLessThanOrEqual(4_000);
  });
});

describe.each(throttles)(
  'a try counted by the throttle %s against several limits (issue 46)',
  (_, throttle) => {
    const limits = (...rules: Rule[]) => rules.map((rule) => ({ key: randomUUID(), rule }));

    it('lets no parallel try slip past a full limit', async () => {
      const [limit] = limits(fixed5);
      const verdicts = await Promise.all(Array.from({ length: 25 }, () => throttle.attempt([limit!])));
      expect(verdicts.filter((v) => v.admitted)).toHaveLength(5);
    });

    it('a try refused by one limit counts against no other: refused tries cannot fill an account’s count', async () => {
      const [own, shared] = limits(fixed1, fixed5);
      expect((await throttle.attempt([own!, shared!])).admitted).toBe(true);
      for (let i = 0; i < 10; i++) expect((await throttle.attempt([own!, shared!])).admitted).toBe(false);
      const others = await Promise.all(Array.from({ length: 5 }, () => throttle.attempt([shared!])));
      expect(others.map((v) => v.admitted)).toEqual([true, true, true, true, false]);
    });

    it('a full fixed limit does not grow however often it is knocked on', async () => {
      const [limit] = limits(fixed1);
      await throttle.attempt([limit!]);
      for (let i = 0; i < 30; i++) await throttle.attempt([limit!]);
      expect((await throttle.attempt([limit!])).resetMs).toBeLessThanOrEqual(fixed1.windowMs);
      await later(fixed1.windowMs + 100);
      expect((await throttle.attempt([limit!])).admitted).toBe(true);
    });

    it('a backoff limit that refuses a try doubles its own wait', async () => {
      const [limit] = limits(backoff);
      await throttle.attempt([limit!]);
      await throttle.attempt([limit!]);
      const third = await throttle.attempt([limit!]);
      const fourth = await throttle.attempt([limit!]);
      expect(third).toMatchObject({ admitted: false });
      expect(third.resetMs).toBeGreaterThan(1_500);
      expect(fourth.resetMs).toBeGreaterThan(3_000);
    });
  },
);
