import type { NotificationKind } from '@meridian/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What the notification centre shows a trader. The text is not stored: it is made from kind and params
 * in the reader's language when read. `ref` names the event it tells of (`order:12:stop_loss`): an event
 * seen twice (a repeated bus message, a sweep after a restart) makes one notification.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<NotificationKind>().notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    ref: text('ref'),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_once').on(t.userId, t.ref),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
