import { Topic } from '@meridian/contract';
import { create } from 'zustand';
import { fetchUnread } from '../../api/notifications';
import { socket } from '../../api/ws';

interface UnreadState {
  count: number;
  set(count: number): void;
  refresh(): Promise<void>;
}

/** How many notifications the signed-in trader has not read: the bell's badge, kept live by the NOTIFICATION push. */
export const useUnread = create<UnreadState>()((set) => ({
  count: 0,
  set: (count) => set({ count }),
  refresh: () =>
    fetchUnread().then(
      (page) => set({ count: page.unread }),
      () => {},
    ),
}));

/**
 * Keeps `unread` live: each NOTIFICATION push sets the count, and the count is read again each time the
 * server accepts the socket's login: a notification made between the first reading and the login (just
 * signed in, or a reconnect) had no push.
 */
export function followUnread(
  from: Pick<typeof socket, 'subscribe' | 'onAccountPushes'>,
  unread: () => Pick<UnreadState, 'set' | 'refresh'>,
): void {
  from.subscribe(Topic.NOTIFICATION, (message) => unread().set(message.quotation.unread));
  from.onAccountPushes(() => void unread().refresh());
}

let listening = false;
/** Follows the account's notifications once for the whole app. */
export function listenForNotifications(): void {
  if (listening) return;
  listening = true;
  followUnread(socket, useUnread.getState);
}
