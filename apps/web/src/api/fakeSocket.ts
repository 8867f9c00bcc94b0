/** Test doubles of the app's websocket (ws.test.ts, the quote follower's tests). */
import { Socket, type SocketEnvironment } from './ws';

/** A WebSocket the test opens, closes and answers by hand. */
export class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(text);
    // A live server answers every ping.
    if (text === 'ping') this.onmessage?.({ data: 'pong' });
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  /** The server accepted the connection. */
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The connection dropped. */
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

/** A Socket on a FakeSocket, with the device's network and visibility in the test's hands. */
export function phone() {
  let online = true;
  let visible = true;
  const handlers = new Map<string, () => void>();
  const env: Partial<SocketEnvironment> = {
    url: () => 'ws://test/v1/ws',
    WebSocket: FakeSocket as unknown as SocketEnvironment['WebSocket'],
    random: () => 0.5,
    listen: (event, handler) => handlers.set(event, handler),
    online: () => online,
    visible: () => visible,
  };
  const socket = new Socket(env);
  const states: string[] = [];
  socket.onState(() => states.push(socket.state));
  const last = () => FakeSocket.made.at(-1)!;
  return {
    socket,
    states,
    last,
    goOffline() {
      online = false;
      handlers.get('offline')!();
    },
    goOnline() {
      online = true;
      handlers.get('online')!();
    },
    hide() {
      visible = false;
      handlers.get('visibilitychange')!();
    },
    show() {
      visible = true;
      handlers.get('visibilitychange')!();
    },
  };
}
