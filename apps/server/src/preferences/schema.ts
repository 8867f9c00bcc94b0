import type { ChartType, Indicator } from '@meridian/contract';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

/** A trader's app preferences; a trader without a row has the defaults (`DEFAULTS` in service.ts). */
export const preferences = pgTable('preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  oneTap: boolean('one_tap').notNull(),
  chartType: text('chart_type').$type<ChartType>().notNull(),
  chartPeriod: text('chart_period').notNull(),
  /** Comma-separated, in the order the trader turned them on. */
  chartIndicators: text('chart_indicators').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PreferencesRow = typeof preferences.$inferSelect;
export type { Indicator };
