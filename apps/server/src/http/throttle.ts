import { createHash } from 'node:crypto';

/** A window of counted events: how many so far, and how long until the count starts again. */
export interface Count {
  count: number;
  resetMs: number;
}

/** How a key is counted: its window, and after how many events the window grows (doubling each time). */
export interface Rule {
  windowMs: number;
  /** Above this count each further event doubles the window, up to `maxWindowMs` (backoff; equal to `windowMs` for none). */
  max: number;
  maxWindowMs?: number;
}

/**
 * Atomic counters for throttles: `hit` counts an event and answers the new count in one step, so
 * parallel requests cannot all read a count below the limit before any of them writes it. Counted in
 * Redis when several nodes share it, else in this process.
 */
export interface Throttle {
  hit(key: string, rule: Rule): Promise<Count>;
  /** Takes one event back (a sign-in that succeeded does not count against its address). */
  release(key: string): Promise<void>;
  /** Forgets the key (a sign-in that succeeded clears its account's count). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60_000;

/** Keys are hashed: whatever identifies a caller (an address, an e-mail, a token) is not stored as it is. */
const keyOf = (key: string) => `throttle:${createHash('sha256').update(key).digest('base64url')}`;

/** The window after `count` events under `rule`: its own until `max`, then doubled each time, capped. */
export function windowFor(count: number, rule: Rule): number {
  if (count <= rule.max) return rule.windowMs;
  return Math.min(rule.windowMs * 2 ** Math.min(count - rule.max, 30), rule.maxWindowMs ?? DAY_MS);
}

export function memoryThrottle(now: () => number = Date.now): Throttle {
  const counts = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.until <= now()) counts.delete(key);
    return counts.get(key);
  };
  // Expired windows are dropped once a minute so the map does not grow with every address ever seen.
  const sweeper = setInterval(() => {
    for (const key of counts.keys()) live(key);
  }, 60_000);
  sweeper.unref();
  return {
    async hit(raw, rule) {
      const key = keyOf(raw);
      const entry = live(key) ?? { count: 0, until: now() + rule.windowMs };
      entry.count += 1;
      // Only a backoff rule lengthens its window; a fixed one ends when it said it would, however often asked.
      const backoff = entry.count > rule.max ? windowFor(entry.count, rule) : 0;
      if (backoff > rule.windowMs) entry.until = Math.max(entry.until, now() + backoff);
      counts.set(key, entry);
      return { count: entry.count, resetMs: entry.until - now() };
    },
    async release(raw) {
      const entry = live(keyOf(raw));
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(raw) {
      counts.delete(keyOf(raw));
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

/** INCR, then the window: set at the first event, lengthened past the limit by a backoff rule (`windowFor`). One script: one atomic step. */
const HIT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
local window = tonumber(ARGV[1])
local over = n > tonumber(ARGV[2])
if over then
  window = math.min(window * 2 ^ math.min(n - tonumber(ARGV[2]), 30), tonumber(ARGV[3]))
end
if ttl < 0 or (over and window > tonumber(ARGV[1]) and ttl < window) then
  redis.call('PEXPIRE', KEYS[1], window)
  ttl = window
end
return {n, ttl}`;

const RELEASE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counts in the Redis at `url`, every key under `keyPrefix` (the deployment's REDIS_PREFIX: deployments sharing a Redis count apart). */
export async function redisThrottle(
  url: string,
  onError: (err: unknown) => void = () => {},
  keyPrefix = '',
): Promise<Throttle> {
  // Loaded only when Redis is used: the embedded start does not pay for it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, keyPrefix });
  redis.on('error', onError);
  return {
    async hit(raw, rule) {
      const [count, resetMs] = (await redis.eval(
        HIT,
        1,
        keyOf(raw),
        rule.windowMs,
        rule.max,
        rule.maxWindowMs ?? DAY_MS,
      )) as [number, number];
      return { count, resetMs };
    },
    async release(raw) {
      await redis.eval(RELEASE, 1, keyOf(raw));
    },
    async clear(raw) {
      await redis.del(keyOf(raw));
    },
    async close() {
      redis.disconnect();
    },
  };
}
