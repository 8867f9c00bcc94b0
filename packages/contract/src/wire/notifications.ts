import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../alerts';
import { api } from '../api';
import { endpoint } from '../endpoint';
import { flag, id, nothing, pageInput, utcTime } from './fields';

/** One notification, its text in the reader's language (made when read, so a language switch translates it). */
export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  text: z.string(),
  created_at: utcTime,
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = z.object({
  data: z.array(notification),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

/** A Web Push subscription as PushSubscription.toJSON() gives it: an https endpoint and its two keys. */
export const pushSubscriptionInput = z.object({
  endpoint: z.string().trim().max(1000).url().startsWith('https://'),
  /** The browser's P-256 public key: 65 bytes, base64url. */
  p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}$/),
  /** The 16-byte authentication secret, base64url. */
  auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}$/),
});

export const notificationsEndpoints = {
  notificationList: endpoint(api.notificationList, {
    summary: "The caller's notifications, newest first, 20 a page, with how many are unread",
    input: pageInput,
    answer: notificationPage,
  }),
  notificationRead: endpoint(api.notificationRead, {
    summary: 'Marks one notification (id) or all of them (all = 1) read; answers the unread count',
    input: z.object({ id: id.optional(), all: flag.default(false) }),
    answer: z.object({ unread: z.number().int() }),
  }),
  pushKey: endpoint(api.pushKey, {
    summary: "The server's VAPID public key (base64url) for PushManager.subscribe",
    input: z.object({}),
    answer: z.object({ key: z.string() }),
  }),
  pushSubscribe: endpoint(api.pushSubscribe, {
    summary: "Sends the caller's notifications to this browser's push subscription too",
    input: pushSubscriptionInput,
    answer: nothing,
  }),
  pushUnsubscribe: endpoint(api.pushUnsubscribe, {
    summary: 'Stops sending notifications to this push subscription',
    input: z.object({ endpoint: z.string().trim().max(1000) }),
    answer: nothing,
  }),
};
