import type { Language } from '@meridian/contract';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions, users } from '../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A browser a trader asked to be notified on: where its push service takes messages, and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The sign-in that subscribed: the subscription ends with it (sign-out, revoke, password change). */
    sessionId: integer('session_id').references(() => sessions.id),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The app's language when it subscribed: what the pushed texts are written in. */
    lang: text('lang').$type<Language>().notNull().default('en'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The server's VAPID key pair, made at the first start: one row, id 1. */
export const pushVapid = pgTable('push_vapid', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
