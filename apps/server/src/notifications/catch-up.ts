import type { NotificationMessage } from '@meridian/contract';
import { and, desc, gte } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import { READ_BACK_MARGIN_MS, ReadBack } from '../bus/read-back';
import type { Db } from '../db/client';
import { oneOf } from '../db/id-list';
import type { ErrorLog } from '../util/log';
import { notificationPush } from './pushes';
import { notifications } from './schema';
import { unreadCounts } from './service';

/**
 * The NOTIFICATION pushes the bus lost, told again from the notifications table: whenever the bus says
 * messages may have been lost since a time (`Bus.onLoss`), each trader signed in on this node's sockets
 * with a notification recorded since then (less READ_BACK_MARGIN_MS) is told the newest one and their
 * unread count now, which is what the app acts on: the bell's badge set, the lists read again. A trader
 * who had the push already hears the same count again, which changes nothing.
 */
export function missedNotices(
  db: Db,
  bus: Bus,
  /** The server's clock, which dates the notices. */
  now: () => number,
  signedIn: () => number[],
  tell: (userId: number, message: NotificationMessage) => void,
  log: ErrorLog,
): ReadBack {
  return new ReadBack(
    bus,
    'notifications',
    async (since) => {
      const users = signedIn();
      if (users.length === 0) return;
      // The bus dates a loss by the wall clock, the notifier its notices by the server's: the window is as
      // long as the loss is old, back from the server's clock.
      const from = new Date(now() - (Date.now() - since) - READ_BACK_MARGIN_MS);
      const newest = await db
        .selectDistinctOn([notifications.userId], {
          id: notifications.id,
          userId: notifications.userId,
          kind: notifications.kind,
        })
        .from(notifications)
        .where(and(oneOf(notifications.userId, users), gte(notifications.createdAt, from)))
        .orderBy(notifications.userId, desc(notifications.id));
      const told = newest.map((n) => n.userId);
      const unread = await unreadCounts(db, told);
      for (const row of newest) tell(row.userId, notificationPush(row, unread.get(row.userId) ?? 0));
    },
    log,
  );
}
