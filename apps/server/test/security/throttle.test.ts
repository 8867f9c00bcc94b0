import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryThrottle, redisThrottle, type Throttle } from '../../src/http/throttle';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const fixed = { windowMs: 1_500, max: 1, maxWindowMs: 1_500 };
const backoff = { windowMs: 1_000, max: 2 };

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
