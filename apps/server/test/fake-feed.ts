import { once } from 'node:events';
import { type WebSocket, WebSocketServer } from 'ws';

/** A local price provider speaking docs/feed-protocol.md, for the external adapter's tests. */
export async function startFakeFeed() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const clients = new Set<WebSocket>();
  const subscriptions: string[][] = [];
  const waiters: (() => void)[] = [];
  server.on('connection', (socket) => {
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'subscribe') {
        subscriptions.push(message.symbols);
        for (const wake of waiters.splice(0)) wake();
      }
    });
  });
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}`,
    subscriptions,
    /** Resolves once `count` subscribe messages have arrived in all. */
    async subscribed(count: number): Promise<void> {
      while (subscriptions.length < count) await new Promise<void>((wake) => waiters.push(wake));
    },
    send(message: unknown): void {
      const text = typeof message === 'string' ? message : JSON.stringify(message);
      for (const socket of clients) socket.send(text);
    },
    /** Drops every connection, as a provider restart would. */
    dropAll(): void {
      for (const socket of clients) socket.terminate();
    },
    async close(): Promise<void> {
      for (const socket of clients) socket.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
