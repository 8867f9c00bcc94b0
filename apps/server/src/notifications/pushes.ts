import { Code, type NotificationKind, type NotificationMessage } from '@meridian/contract';

/** NOTIFICATION: a notification of the trader's just recorded (its id and kind) and how many are unread. */
export const notificationPush = (
  row: { id: number; kind: NotificationKind },
  unread: number,
): NotificationMessage => ({
  type: 'NOTIFICATION',
  code: Code.OK,
  quotation: { id: row.id, kind: row.kind, unread },
});
