import { integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const decimal = (name: string) => numeric(name, { precision: 28, scale: 2 });

/** Traders who chose to appear on the leaderboard; nobody is listed without a row here. */
export const rankingOptIns = pgTable('ranking_opt_ins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** The leaderboard as the ranking job last computed it: /api/follow/list reads only this. */
export const rankingRows = pgTable('ranking_rows', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** The masked display name. */
  name: text('name').notNull(),
  /** The leverage the trader uses most. */
  multiple: integer('multiple').notNull(),
  /** Σ profit ÷ Σ margin × 100 over the last three weeks, in percent. */
  threeWeekRate: decimal('three_week_rate').notNull(),
  /** Share of the last three weeks' closed trades that made money, in percent. */
  threeWeekWin: decimal('three_week_win').notNull(),
  threeWeekProfit: decimal('three_week_profit').notNull(),
  totalRate: decimal('total_rate').notNull(),
  totalTradeNum: integer('total_trade_num').notNull(),
  /** ShowCode of the most traded instrument. */
  code: text('code').notNull(),
  computedAt: at('computed_at').notNull(),
});
