import { type Language, NOTIFICATIONS_PAGE_SIZE, type NotificationPage } from '@meridian/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneOf } from '../db/id-list';
import { utcText } from '../util/time';
import { notifications } from './schema';
import { noticeText } from './texts';

const mine = (userId: number) => eq(notifications.userId, userId);
const unread = isNull(notifications.readAt);

export async function unreadCount(db: Db, userId: number): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

/** How many unread notifications each of `userIds` has (none listed for one with none). */
export async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(oneOf(notifications.userId, userIds), unread))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
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
