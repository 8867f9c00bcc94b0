import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Redis } from 'ioredis';
import { addTo, removeFrom } from '../util/multimap';
import type { Bus, Handler } from './bus';

/** How long a start waits for Redis: a node starts, and trades, while Redis is away. */
const FIRST_CONNECTION_MS = 2_000;

/** The field naming the node that published a message: a node skips its own when Redis echoes them. */
const FROM = '_from';

/**
 * `{ms}`: a node could not publish for the last `ms` (Redis away) and is connected again: what it published
 * meanwhile is lost. Heard by the bus itself, which tells its `onLoss` handlers.
 */
const LOST_CHANNEL = 'bus.lost';

/**
 * A loss's times are real time, as the database's clock that stamps the order changes read back after it
 * (trading/catch-up.ts), not the app's clock.
 */
const wall = Date.now;

/**
 * The bus across nodes: Redis pub/sub, JSON messages. A node hands its own publications to its own
 * handlers at once, in process, and skips them when Redis echoes them: whatever the leader publishes
 * (its executions, margin calls, quotes) reaches its own engine, notifier and sockets even while Redis is
 * away. Other nodes' messages are lost while it is, and the bus says from when (`onLoss`): from the last
 * message its subscriber heard before its connection came back, or from when another node began to drop
 * its publications, which that node says on LOST_CHANNEL once it publishes again. Every channel starts with
 * `prefix` (the deployment's REDIS_PREFIX), so deployments sharing a Redis never hear each other.
 * `watch` takes each connection's errors and state (ops/redis-state.ts).
 */
export async function redisBus(
  url: string,
  prefix: string,
  watch: (name: string, redis: Redis) => void,
): Promise<Bus> {
  // Loaded only when Redis is used: the embedded start does not pay for it.
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { maxRetriesPerRequest: null });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  const handlers = new Map<string, Set<Handler>>();
  const losses = new Set<(since: number) => void>();
  const node = randomUUID();
  /** When the publisher began to drop publications, if it has since it was last connected. */
  let droppingSince: number | null = null;
  /** When the subscriber last heard anything (its own echoes too): what was published later may be lost. */
  let heard = wall();
  /** Whether the start is over: the subscriber connected after it has missed what went by meanwhile. */
  let started = false;
  let dropped = 0;
  const lost = (since: number) => {
    for (const handler of losses) handler(since);
  };
  // ioredis resubscribes by itself; what was published while it was away is gone.
  subscriber.on('ready', () => {
    if (started) lost(heard);
    heard = wall();
  });
  watch('bus publisher', publisher);
  watch('bus subscriber', subscriber);
  // A command that fails is the outage the watch has logged already.
  const ignore = () => {};
  void subscriber.subscribe(prefix + LOST_CHANNEL).catch(ignore);
  subscriber.on('message', (channel: string, text: string) => {
    heard = wall();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if ((message as Record<string, unknown> | null)?.[FROM] === node) return;
    const name = channel.slice(prefix.length);
    if (name !== LOST_CHANNEL) deliver(name, message);
    // A node of the release before this one does not say how long: the loss is then the reader's margin.
    else lost(heard - (Number((message as { ms?: unknown }).ms) || 0));
  });
  const deliver = (channel: string, message: unknown) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };
  publisher.on('ready', () => {
    if (droppingSince === null) return;
    const ms = wall() - droppingSince;
    droppingSince = null;
    void publisher.publish(prefix + LOST_CHANNEL, JSON.stringify({ [FROM]: node, ms })).catch(ignore);
  });
  // The start waits for the first connections (or their failure, or 2 s), so that what the node publishes
  // once started is not dropped for a connection still being made, nor what it hears said lost.
  const connected = (redis: Redis) =>
    once(redis, 'ready', { signal: AbortSignal.timeout(FIRST_CONNECTION_MS) }).catch(() => {});
  await Promise.all([connected(publisher), connected(subscriber)]);
  started = true;
  return {
    publish(channel, message) {
      deliver(channel, message);
      // Not queued while Redis is away: the queue would grow for the whole outage and then replay stale quotes.
      if (publisher.status !== 'ready') {
        dropped++;
        droppingSince ??= wall();
        return;
      }
      void publisher
        .publish(prefix + channel, JSON.stringify({ ...(message as object), [FROM]: node }))
        .catch(ignore);
    },
    subscribe(channel, handler) {
      if (!handlers.has(channel)) void subscriber.subscribe(prefix + channel).catch(ignore);
      addTo(handlers, channel, handler);
      return () => {
        removeFrom(handlers, channel, handler);
        if (!handlers.has(channel)) void subscriber.unsubscribe(prefix + channel).catch(ignore);
      };
    },
    deliver,
    get dropped() {
      return dropped;
    },
    onLoss(handler) {
      losses.add(handler);
      return () => losses.delete(handler);
    },
    async close() {
      handlers.clear();
      losses.clear();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
