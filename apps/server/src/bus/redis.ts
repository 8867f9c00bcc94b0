import { addTo, removeFrom } from '../util/multimap';
import type { Bus, Handler } from './bus';

/**
 * The bus across nodes: Redis pub/sub, JSON messages. A node hears its own publications too, so
 * every node (the publisher included) handles a message the same way, once. Every channel starts with
 * `prefix` (the deployment's REDIS_PREFIX), so deployments sharing a Redis never hear each other.
 */
export async function redisBus(
  url: string,
  prefix: string,
  onError: (err: unknown) => void = () => {},
): Promise<Bus> {
  // Loaded only when Redis is used: the embedded start does not pay for it.
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { maxRetriesPerRequest: null });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  const handlers = new Map<string, Set<Handler>>();
  const reconnected = new Set<() => void>();
  let connectedOnce = false;
  // ioredis resubscribes by itself; what was published while it was away is gone.
  subscriber.on('ready', () => {
    if (connectedOnce) for (const handler of reconnected) handler();
    connectedOnce = true;
  });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (channel: string, text: string) => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    for (const handler of handlers.get(channel.slice(prefix.length)) ?? []) handler(message);
  });
  return {
    publish(channel, message) {
      void publisher.publish(prefix + channel, JSON.stringify(message)).catch(onError);
    },
    subscribe(channel, handler) {
      if (!handlers.has(channel)) void subscriber.subscribe(prefix + channel).catch(onError);
      addTo(handlers, channel, handler);
      return () => {
        removeFrom(handlers, channel, handler);
        if (!handlers.has(channel)) void subscriber.unsubscribe(prefix + channel).catch(onError);
      };
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
