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

let listening = false;
/** Follows the account's NOTIFICATION pushes once for the whole app. */
export function listenForNotifications(): void {
  if (listening) return;
  listening = true;
  socket.subscribe(Topic.NOTIFICATION, (message) => useUnread.getState().set(message.quotation.unread));
}
