import { addTo, removeFrom } from '../util/multimap';

/** Publish/subscribe between the engine and the websocket gateways (in-process now, Redis across nodes). */

export type Handler = (message: unknown) => void;

export interface Bus {
  publish(channel: string, message: unknown): void;
  subscribe(channel: string, handler: Handler): () => void;
  /** Hands `message` to this node's own handlers of `channel` alone: what the node reads back of what the bus lost. */
  deliver(channel: string, message: unknown): void;
  /**
   * Calls `handler(since)` each time messages published from `since` on (the wall clock's milliseconds) may
   * not have reached this node: its connection to the bus came back, or another node says it could not
   * publish for a while. What they carried is to be read back from the database.
   */
  onLoss(handler: (since: number) => void): () => void;
  /** Messages not sent because the bus was disconnected (since the start). */
  readonly dropped: number;
  close(): Promise<void>;
}

export function memoryBus(): Bus {
  const handlers = new Map<string, Set<Handler>>();
  const deliver = (channel: string, message: unknown) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };
  return {
    publish: deliver,
    subscribe(channel, handler) {
      addTo(handlers, channel, handler);
      return () => removeFrom(handlers, channel, handler);
    },
    deliver,
    // In one process nothing is ever lost.
    onLoss: () => () => {},
    dropped: 0,
    async close() {
      handlers.clear();
    },
  };
}
