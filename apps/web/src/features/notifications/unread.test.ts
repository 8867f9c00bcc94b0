import type { ServerMessage } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { followUnread } from './unread';

/** The app's socket as the bell uses it: the test delivers what the server sends. */
function serverSocket() {
  const listeners = new Map<string, ((message: never) => void)[]>();
  return {
    subscribe(topic: string, listener: (message: never) => void) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
      return () => {};
    },
    deliver(message: ServerMessage) {
      for (const listener of listeners.get(message.type) ?? []) listener(message as never);
    },
  };
}

/** The bell's count, and how many times it was read from the server. */
function bell(onServer: number) {
  const state = { count: 0, reads: 0 };
  const unread = {
    set: (count: number) => {
      state.count = count;
    },
    refresh: async () => {
      state.reads += 1;
      state.count = onServer;
    },
  };
  return { state, unread: () => unread };
}

describe('the bell count', () => {
  it('is read again when the server accepts the login: a notification made before then had no push', async () => {
    const socket = serverSocket();
    const { state, unread } = bell(1);
    followUnread(socket as never, unread);
    socket.deliver({ type: 'login_result', code: 1 });
    await Promise.resolve();
    expect(state).toEqual({ count: 1, reads: 1 });
  });

  it('is not read for a refused login, and follows each push', () => {
    const socket = serverSocket();
    const { state, unread } = bell(5);
    followUnread(socket as never, unread);
    socket.deliver({ type: 'login_result', code: 999 });
    socket.deliver({ type: 'NOTIFICATION', code: 1, quotation: { id: 7, kind: 'alert_fired', unread: 2 } });
    expect(state).toEqual({ count: 2, reads: 0 });
  });
});
