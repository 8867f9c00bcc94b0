import type { CopyAction, CopyStopReason } from '@meridian/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A follower copying a strategy provider: the provider's orders placed from `created_at` on are copied
 * into the follower's account, scaled by allocation ÷ the provider's equity, until it stops.
 */
export const copies = pgTable(
  'copies',
  {
    id: serial('id').primaryKey(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id),
    providerId: integer('provider_id')
      .notNull()
      .references(() => users.id),
    /** USD the follower set aside for this provider. */
    allocation: numeric('allocation', { precision: 28, scale: 2 }).notNull(),
    /** Stop (and close the copies) once they have lost this share of the allocation, in percent. */
    stopPercent: numeric('stop_percent', { precision: 6, scale: 2 }).notNull(),
    /** 1 copying, 2 stopped. */
    status: integer('status').notNull().default(1),
    stopReason: text('stop_reason').$type<CopyStopReason>(),
    createdAt: at('created_at').notNull().defaultNow(),
    stoppedAt: at('stopped_at'),
  },
  (t) => [
    // One live copy per follower and provider, however many requests race to start one.
    uniqueIndex('copies_one_active').on(t.followerId, t.providerId).where(sql`${t.status} = 1`),
    index('copies_provider_status_idx').on(t.providerId, t.status),
  ],
);
export type CopyRow = typeof copies.$inferSelect;

/**
 * What each provider event did in a copy: the follower's order, or why none could be made. One row per
 * copy, provider order, action and provider row version: a repeated event (a duplicate bus message, the
 * sweep after a restart) finds its row and does nothing again.
 */
export const copyEvents = pgTable(
  'copy_events',
  {
    id: serial('id').primaryKey(),
    copyId: integer('copy_id')
      .notNull()
      .references(() => copies.id),
    providerOrderId: integer('provider_order_id').notNull(),
    action: text('action').$type<CopyAction>().notNull(),
    /** The provider order's version the action answered: a repeat of the same event is refused by the index. */
    providerVersion: integer('provider_version').notNull(),
    showCode: text('show_code').notNull(),
    side: integer('side').notNull(),
    providerLots: numeric('provider_lots', { precision: 20, scale: 8 }).notNull(),
    followerOrderId: integer('follower_order_id'),
    lots: numeric('lots', { precision: 20, scale: 8 }),
    ok: boolean('ok').notNull(),
    /** The provider's stops this event answered: a later change of them is a new 'stops' event. */
    stopLoss: numeric('stop_loss', { precision: 28, scale: 10 }),
    takeProfit: numeric('take_profit', { precision: 28, scale: 10 }),
    /** The message key of why it could not be copied, and its parameters. */
    reason: text('reason'),
    reasonParams: jsonb('reason_params').$type<Record<string, string>>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('copy_events_once').on(t.copyId, t.providerOrderId, t.action, t.providerVersion),
    index('copy_events_copy_idx').on(t.copyId, t.id),
  ],
);
export type CopyEventRow = typeof copyEvents.$inferSelect;
