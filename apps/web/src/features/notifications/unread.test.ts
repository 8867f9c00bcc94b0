import type { NotificationMessage } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { followUnread } from './unread';

/** The app's socket as the bell uses it: the test delivers pushes and the server's acceptance of the login. */
function serverSocket() {
  const pushes: ((message: NotificationMessage) => void)[] = [];
  const accepted: (() => void)[] = [];
  return {
    subscribe: ((_topic: string, listener: (message: NotificationMessage) => void) => {
      pushes.push(listener);
      return () => {};
    }) as never,
    onAccountPushes(listener: () => void) {
      accepted.push(listener);
      return () => {};
    },
    push(unread: number) {
      for (const listener of pushes)
        listener({ type: 'NOTIFICATION', code: 1, quotation: { id: 7, kind: 'alert_fired', unread } });
    },
    loginAccepted() {
      for (const listener of accepted) listener();
    },
  };
}

/** The bell's count, and how many times it was read from the server (which holds `onServer`). */
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
  it('follows each notification push', () => {
    const socket = serverSocket();
    const { state, unread } = bell(5);
    followUnread(socket, unread);
    socket.push(2);
    expect(state).toEqual({ count: 2, reads: 0 });
  });

  it('is read again when the server accepts the login: a notification made before then had no push', () => {
    const socket = serverSocket();
    const { state, unread } = bell(1);
    followUnread(socket, unread);
    socket.loginAccepted();
    expect(state).toEqual({ count: 1, reads: 1 });
  });
});
