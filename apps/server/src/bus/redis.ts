import { once } from 'node:events';
import type { Redis } from 'ioredis';
import { addTo, removeFrom } from '../util/multimap';
import type { Bus, Handler } from './bus';

/** How long a start waits for Redis: a node starts, and trades, while Redis is away. */
const FIRST_CONNECTION_MS = 2_000;

/**
 * The bus across nodes: Redis pub/sub, JSON messages. A node hears its own publications too, so
 * every node (the publisher included) handles a message the same way, once. Every channel starts with
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
  const reconnected = new Set<() => void>();
  let connectedOnce = false;
  let dropped = 0;
  // ioredis resubscribes by itself; what was published while it was away is gone.
  subscriber.on('ready', () => {
    if (connectedOnce) for (const handler of reconnected) handler();
    connectedOnce = true;
  });
  watch('bus publisher', publisher);
  watch('bus subscriber', subscriber);
  // A command that fails is the outage the watch has logged already.
  const ignore = () => {};
  subscriber.on('message', (channel: string, text: string) => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    for (const handler of handlers.get(channel.slice(prefix.length)) ?? []) handler(message);
  });
  // The start waits for the first connection (or its failure, or 2 s), so that what the node publishes
  // once started is not dropped for a connection still being made.
  await once(publisher, 'ready', { signal: AbortSignal.timeout(FIRST_CONNECTION_MS) }).catch(() => {});
  return {
    publish(channel, message) {
      // Not queued while Redis is away: the queue would grow for the whole outage and then replay stale quotes.
      if (publisher.status !== 'ready') {
        dropped++;
        return;
      }
      void publisher.publish(prefix + channel, JSON.stringify(message)).catch(ignore);
    },
    subscribe(channel, handler) {
      if (!handlers.has(channel)) void subscriber.subscribe(prefix + channel).catch(ignore);
      addTo(handlers, channel, handler);
      return () => {
        removeFrom(handlers, channel, handler);
        if (!handlers.has(channel)) void subscriber.unsubscribe(prefix + channel).catch(ignore);
      };
    },
    get dropped() {
      return dropped;
    },
    onReconnect(handler) {
      reconnected.add(handler);
      return () => reconnected.delete(handler);
    },
    async close() {
      handlers.clear();
      reconnected.clear();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
