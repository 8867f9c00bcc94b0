import { date, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

const money = (name: string) => numeric(name, { precision: 28, scale: 8 });

/** An account's balance and equity as the leader saw them once on a UTC day: the equity line of the user centre's chart. */
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The UTC day, "YYYY-MM-DD". */
    day: date('day', { mode: 'string' }).notNull(),
    balance: money('balance').notNull(),
    equity: money('equity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
