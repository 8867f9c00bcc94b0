import { addTo, removeFrom } from '../util/multimap';

/** Publish/subscribe between the engine and the websocket gateways (in-process now, Redis across nodes). */

/** `{}`: a node could not publish for a while (Redis away) and is connected again: what it published is lost. */
export const LOST_CHANNEL = 'bus.lost';
export type Handler = (message: unknown) => void;

export interface Bus {
  publish(channel: string, message: unknown): void;
  subscribe(channel: string, handler: Handler): () => void;
  /** Calls `handler` each time the bus comes back after losing its connection (messages meanwhile are lost). */
  onReconnect(handler: () => void): () => void;
  /** Messages not sent because the bus was disconnected (since the start). */
  readonly dropped: number;
  close(): Promise<void>;
}

export function memoryBus(): Bus {
  const handlers = new Map<string, Set<Handler>>();
  return {
    publish(channel, message) {
      for (const handler of handlers.get(channel) ?? []) handler(message);
    },
    subscribe(channel, handler) {
      addTo(handlers, channel, handler);
      return () => removeFrom(handlers, channel, handler);
    },
    // In one process nothing is ever lost.
    onReconnect: () => () => {},
    dropped: 0,
    async close() {
      handlers.clear();
    },
  };
}
