import { api, type Notification, type NotificationPage } from '@meridian/contract';
import { request } from './http';

export const fetchNotifications = (page = 1) => request(api.notificationList, { page });
/**
 * The bell's count, asked in the background on every screen: a session that just ended (signing out moves
 * home first) is cleared without sending the trader to /login.
 */
export const fetchUnread = () => request(api.notificationList, { page: 1 }, { silent: true, init: true });
/** Marks one read, or all of them without an id; answers how many stay unread. */
export const markRead = (id?: number) =>
  request(api.notificationRead, id === undefined ? { all: true } : { id });
export const fetchPushKey = () => request(api.pushKey);
export const pushSubscribe = (s: { endpoint: string; p256dh: string; auth: string }) =>
  request(api.pushSubscribe, s, { silent: true });
export const pushUnsubscribe = (endpoint: string) => request(api.pushUnsubscribe, { endpoint });

export type { Notification, NotificationPage };
