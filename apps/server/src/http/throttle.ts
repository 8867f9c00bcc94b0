import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

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

/** One limit of a try: its key, counted under its rule. */
export interface Limit {
  key: string;
  rule: Rule;
}

/** Whether a try was let through; if not, how long until the longest of the limits that refused it ends. */
export interface Verdict {
  admitted: boolean;
  resetMs: number;
}

/**
 * Atomic counters for throttles: `hit` counts an event and answers the new count in one step, so
 * parallel requests cannot all read a count below the limit before any of them writes it. Counted in
 * Redis when several nodes share it, else in this process.
 */
export interface Throttle {
  hit(key: string, rule: Rule): Promise<Count>;
  /**
   * Counts a try against all its limits in one step, unless one of them is already full: then the try is
   * refused and counts nowhere, but for lengthening the wait of a backoff limit that refused it. So a
   * refused try never holds anyone back for longer, except the one who keeps knocking on its own full key.
   */
  attempt(limits: readonly Limit[]): Promise<Verdict>;
  /** Takes one event back (a sign-in that succeeded does not count against its address, nor a right code). */
  release(key: string): Promise<void>;
  /** Forgets the key (a sign-in that succeeded clears its account's count). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60_000;

/** Keys are hashed: whatever identifies a caller (an address, an e-mail, a token) is not stored as it is. */
const keyOf = (key: string) => `throttle:${createHash('sha256').update(key).digest('base64url')}`;

const capOf = (rule: Rule) => rule.maxWindowMs ?? DAY_MS;

/** Whether events past the limit lengthen the window (a fixed rule ends when it said, however often asked). */
const backsOff = (rule: Rule) => capOf(rule) > rule.windowMs;

/** The window after `count` events under `rule`: its own until `max`, then doubled each time, capped. */
export function windowFor(count: number, rule: Rule): number {
  if (count <= rule.max) return rule.windowMs;
  return Math.min(rule.windowMs * 2 ** Math.min(count - rule.max, 30), capOf(rule));
}

export function memoryThrottle(now: () => number): Throttle {
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
  // No await between reading and writing: each call below is one step, as the Redis scripts are.
  const count = (key: string, rule: Rule): Count => {
    const entry = live(key) ?? { count: 0, until: now() + rule.windowMs };
    entry.count += 1;
    // Only a backoff rule lengthens its window; a fixed one ends when it said it would, however often asked.
    const backoff = entry.count > rule.max ? windowFor(entry.count, rule) : 0;
    if (backoff > rule.windowMs) entry.until = Math.max(entry.until, now() + backoff);
    counts.set(key, entry);
    return { count: entry.count, resetMs: entry.until - now() };
  };
  return {
    async hit(raw, rule) {
      return count(keyOf(raw), rule);
    },
    async attempt(limits) {
      const keyed = limits.map(({ key, rule }) => ({ key: keyOf(key), rule }));
      const full = keyed.filter(({ key, rule }) => (live(key)?.count ?? 0) >= rule.max);
      if (full.length === 0) {
        for (const { key, rule } of keyed) count(key, rule);
        return { admitted: true, resetMs: 0 };
      }
      const waits = full.map(({ key, rule }) =>
        backsOff(rule) ? count(key, rule).resetMs : live(key)!.until - now(),
      );
      return { admitted: false, resetMs: Math.max(...waits) };
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

/** INCR, then the window: set at the first event, lengthened past the limit by a backoff rule (`windowFor`). */
const COUNT = `
local function count(key, window, max, cap)
  local n = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  local wait = window
  local over = n > max
  if over then wait = math.min(window * 2 ^ math.min(n - max, 30), cap) end
  if ttl < 0 or (over and wait > window and ttl < wait) then
    redis.call('PEXPIRE', key, wait)
    ttl = wait
  end
  return {n, ttl}
end`;

/** One script, one atomic step: `hit` of one key. ARGV: window, max, cap. */
const HIT = `${COUNT}
return count(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]))`;

/** One script, one atomic step: `attempt` over its keys. ARGV: window, max, cap of each key in turn. Answers {admitted, resetMs}. */
const ATTEMPT = `${COUNT}
local rules, full = {}, {}
for i, key in ipairs(KEYS) do
  rules[i] = {tonumber(ARGV[3 * i - 2]), tonumber(ARGV[3 * i - 1]), tonumber(ARGV[3 * i])}
  if tonumber(redis.call('GET', key) or '0') >= rules[i][2] then table.insert(full, i) end
end
if #full == 0 then
  for i, key in ipairs(KEYS) do count(key, unpack(rules[i])) end
  return {1, 0}
end
local wait = 0
for _, i in ipairs(full) do
  local window, max, cap = unpack(rules[i])
  local ttl
  if cap > window then ttl = count(KEYS[i], window, max, cap)[2] else ttl = redis.call('PTTL', KEYS[i]) end
  wait = math.max(wait, ttl)
end
return {0, wait}`;

const RELEASE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const ruleArgs = (rule: Rule) => [rule.windowMs, rule.max, capOf(rule)];

/**
 * Counts in the Redis at `url`, every key under `keyPrefix` (the deployment's REDIS_PREFIX: deployments
 * sharing a Redis count apart). `watch` takes the connection's errors and state (ops/redis-state.ts).
 */
export async function redisThrottle(
  url: string,
  watch: (redis: Redis) => void = (redis) => redis.on('error', () => {}),
  keyPrefix = '',
): Promise<Throttle> {
  // Loaded only when Redis is used: the embedded start does not pay for it.
  const { Redis } = await import('ioredis');
  // Not queued while disconnected: a count fails at once, and `withFallback` counts it in the node instead.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, keyPrefix, enableOfflineQueue: false });
  watch(redis);
  return {
    async hit(raw, rule) {
      const [count, resetMs] = (await redis.eval(HIT, 1, keyOf(raw), ...ruleArgs(rule))) as [number, number];
      return { count, resetMs };
    },
    async attempt(limits) {
      const keys = limits.map(({ key }) => keyOf(key));
      const args = limits.flatMap(({ rule }) => ruleArgs(rule));
      const [admitted, resetMs] = (await redis.eval(ATTEMPT, keys.length, ...keys, ...args)) as [
        number,
        number,
      ];
      return { admitted: admitted === 1, resetMs };
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

/**
 * Counts in `primary` (Redis) while it answers, else in `fallback` (this node's memory): sign-in and code
 * throttles hold per node while Redis is away, and trading goes on. Each fall-back is told to `onFallback`.
 */
export function withFallback(
  primary: Throttle,
  fallback: Throttle,
  onFallback: (err: unknown) => void,
): Throttle {
  const either =
    <A extends unknown[], R>(op: (t: Throttle) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await op(primary)(...args);
      } catch (err) {
        onFallback(err);
        return op(fallback)(...args);
      }
    };
  return {
    hit: either((t) => t.hit),
    attempt: either((t) => t.attempt),
    release: either((t) => t.release),
    clear: either((t) => t.clear),
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
