import { type Language, NOTIFICATIONS_PAGE_SIZE, type NotificationPage } from '@meridian/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { utcText } from '../util/time';
import { notifications } from './schema';
import { noticeText } from './texts';

const mine = (userId: number) => eq(notifications.userId, userId);
const unread = isNull(notifications.readAt);

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(userId), unread));
  return row?.n ?? 0;
}

/** A page of the trader's notifications, newest first, in the reader's language. */
export async function notificationPage(
  db: Db,
  userId: number,
  page: number,
  lang: Language,
): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(mine(userId))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE);
  const [all] = await db.select({ n: count() }).from(notifications).where(mine(userId));
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      ...noticeText(row, lang),
      created_at: utcText(row.createdAt),
      read: row.readAt !== null,
    })),
    total: all?.n ?? 0,
    unread: await unreadCount(db, userId),
  };
}

/** Marks one of the trader's notifications read, or all of them; another's id changes nothing. */
export async function markRead(db: Db, userId: number, which: { id?: number; all: boolean }, at: Date) {
  if (which.all || which.id !== undefined) {
    const one = which.all ? undefined : eq(notifications.id, which.id!);
    await db
      .update(notifications)
      .set({ readAt: at })
      .where(and(mine(userId), unread, one));
  }
  return { unread: await unreadCount(db, userId) };
}
