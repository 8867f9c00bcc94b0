import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Redis } from 'ioredis';
import { addTo, removeFrom } from '../util/multimap';
import { type Bus, type Handler, LOST_CHANNEL } from './bus';

/** How long a start waits for Redis: a node starts, and trades, while Redis is away. */
const FIRST_CONNECTION_MS = 2_000;

/** The field naming the node that published a message: a node skips its own when Redis echoes them. */
const FROM = '_from';

/**
 * The bus across nodes: Redis pub/sub, JSON messages. A node hands its own publications to its own
 * handlers at once, in process, and skips them when Redis echoes them: whatever the leader publishes
 * (its executions, margin calls, quotes) reaches its own engine, notifier and sockets even while Redis is
 * away. Other nodes' messages are lost while it is; the node publishing again after an outage says so on
 * LOST_CHANNEL, and the leader reads its orders back. Every channel starts with
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
  const node = randomUUID();
  /** Publications dropped since the publisher was last connected: told on LOST_CHANNEL when it is again. */
  let droppedWhileAway = 0;
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
    if ((message as Record<string, unknown> | null)?.[FROM] === node) return;
    deliver(channel.slice(prefix.length), message);
  });
  const deliver = (channel: string, message: unknown) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };
  publisher.on('ready', () => {
    if (droppedWhileAway === 0) return;
    droppedWhileAway = 0;
    void publisher.publish(prefix + LOST_CHANNEL, JSON.stringify({ [FROM]: node })).catch(ignore);
  });
  // The start waits for the first connection (or its failure, or 2 s), so that what the node publishes
  // once started is not dropped for a connection still being made.
  await once(publisher, 'ready', { signal: AbortSignal.timeout(FIRST_CONNECTION_MS) }).catch(() => {});
  return {
    publish(channel, message) {
      deliver(channel, message);
      // Not queued while Redis is away: the queue would grow for the whole outage and then replay stale quotes.
      if (publisher.status !== 'ready') {
        dropped++;
        droppedWhileAway++;
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
