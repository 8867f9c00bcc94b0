import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { addTo, removeFrom } from '../util/multimap';

/** Gives a connection's place back when it closes. */
export type Release = () => void;

/**
 * Websocket places per address: each open connection holds one, and an address holds at most `max`.
 * Counted in this node (`nodePlaces`), or across every node in Redis (`sharedPlaces`).
 */
export interface Places {
  /** A place for a connection from `address`, or null when the address holds all of its places already. */
  take(address: string): Promise<Release | null>;
  stop(): Promise<void>;
}

/** Places counted in this node's memory, synchronously. */
function placesHere(max: number) {
  const open = new Map<string, number>();
  return (address: string): Release | null => {
    const held = open.get(address) ?? 0;
    if (held >= max) return null;
    open.set(address, held + 1);
    return () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    };
  };
}

/** One node alone (embedded mode): its own count is the whole count. */
export function nodePlaces(max: number): Places {
  const take = placesHere(max);
  return {
    take: async (address) => take(address),
    stop: async () => {},
  };
}

/**
 * How long Redis counts a connection no node has vouched for since: a node that crashes frees its
 * addresses' places within this.
 */
const PLACE_TTL_MS = 60_000;
/** How long a new connection waits for Redis's count before the node counts it alone. */
const ANSWER_MS = 500;

/** Addresses are hashed: whoever connects is not stored as they are (as the throttles' keys). */
const keyOf = (address: string) => `ws-places:${createHash('sha256').update(address).digest('base64url')}`;

/** Redis's own clock, in ms: every node's connections expire by one clock, whatever the nodes' own say. */
const REDIS_NOW = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)`;

/**
 * One atomic step: the address's places (a sorted set of connections, scored by when each expires) lose
 * the expired ones, then take this one unless `max` are held. ARGV: connection, max, ttl. Answers 1 or 0.
 */
const TAKE = `${REDIS_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/**
 * The node vouches for its open connections: each expires a TTL from now, and one Redis lost (a restart,
 * or taken while it was away) is counted again. KEYS: addresses; ARGV: ttl, then per address its count
 * and connections.
 */
const VOUCH = `${REDIS_NOW}
local ttl = tonumber(ARGV[1])
local at = 2
for _, key in ipairs(KEYS) do
  local n = tonumber(ARGV[at])
  for i = at + 1, at + n do redis.call('ZADD', key, now + ttl, ARGV[i]) end
  redis.call('PEXPIRE', key, ttl)
  at = at + n + 1
end
return 0`;

/** Addresses vouched for in one script: each call's arguments stay few, and Redis is held briefly. */
const VOUCH_BATCH = 500;

/** Rejects after `ms` unless `promise` settled first. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export interface SharedPlacesOptions {
  max: number;
  /** This node's id: its connections are told apart from other nodes'. */
  node: string;
  /** Told each time Redis did not answer and the node counted alone. */
  onFallback: (err: unknown) => void;
  /** How long a place outlives its node's last vouching (`PLACE_TTL_MS`; tests wait less). */
  ttlMs?: number;
}

/**
 * Places counted across every node in `redis` (its keyPrefix keeps deployments apart): each connection
 * is a member of its address's sorted set, which the node vouches for every third of the TTL, and removes
 * when it closes. A crashed node stops vouching and its places expire. When Redis does not answer (down,
 * or slower than `ANSWER_MS`), a connection is let in on the node's own count and counted in Redis at
 * the node's next vouching: a Redis outage never refuses every connection, nor holds one up.
 */
export function sharedPlaces(
  redis: Redis,
  { max, node, onFallback, ttlMs = PLACE_TTL_MS }: SharedPlacesOptions,
): Places {
  const takeHere = placesHere(max);
  // This node's open connections, by address key.
  const held = new Map<string, Set<string>>();
  let connections = 0;
  // A command that fails is the outage the connection's watch has logged already.
  const ignore = () => {};
  const vouch = () => {
    const addresses = [...held];
    for (let i = 0; i < addresses.length; i += VOUCH_BATCH) {
      const batch = addresses.slice(i, i + VOUCH_BATCH);
      const lists = batch.flatMap(([, members]) => [members.size, ...members]);
      void redis.eval(VOUCH, batch.length, ...batch.map(([key]) => key), ttlMs, ...lists).catch(ignore);
    }
  };
  const round = setInterval(vouch, ttlMs / 3);
  round.unref();
  // Back from an outage: what the node let in meanwhile, or what a restarted Redis lost, counts at once.
  redis.on('ready', vouch);
  return {
    async take(address) {
      // The node's own count first: it holds whatever Redis answers, and however many take at once.
      const release = takeHere(address);
      if (!release) return null;
      const key = keyOf(address);
      const member = `${node}:${(++connections).toString(36)}`;
      let admitted: boolean;
      try {
        admitted = (await within(ANSWER_MS, redis.eval(TAKE, 1, key, member, max, ttlMs))) === 1;
      } catch (err) {
        onFallback(err);
        admitted = true;
      }
      if (!admitted) {
        release();
        return null;
      }
      addTo(held, key, member);
      return () => {
        release();
        removeFrom(held, key, member);
        void redis.zrem(key, member).catch(ignore);
      };
    },
    async stop() {
      clearInterval(round);
      redis.off('ready', vouch);
      // A node stopping gives its places back at once: its clients reconnect to the other nodes now.
      await Promise.all([...held].map(([key, members]) => redis.zrem(key, ...members).catch(ignore)));
      held.clear();
    },
  };
}
