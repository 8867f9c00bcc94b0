import type { AlertDirection } from '@meridian/contract';
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A trader's price alert: waits until the first tick that reaches `level` in `direction`, then fires once. */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    instrumentId: integer('instrument_id').notNull(),
    showCode: text('show_code').notNull(),
    direction: text('direction').$type<AlertDirection>().notNull(),
    level: numeric('level', { precision: 28, scale: 10 }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Set once, by the conditional update that fires it; null while it waits. */
    firedAt: at('fired_at'),
    firedPrice: numeric('fired_price', { precision: 28, scale: 10 }),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_waiting_idx').on(t.id).where(sql`${t.firedAt} is null`),
  ],
);
export type PriceAlertRow = typeof priceAlerts.$inferSelect;
