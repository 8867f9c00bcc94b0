import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Events an area emitted in the transaction of the change they tell of (outbox/outbox.ts): committed with it
 * or not at all. The leader's relay hands each to its topic's subscribers and then stamps `delivered_at`.
 * (`outbox`, the table, is the mailbox of codes sent: accounts/schema.ts.)
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [index('outbox_events_undelivered_idx').on(t.id).where(sql`${t.deliveredAt} is null`)],
);
