import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money columns: exact decimals, wide enough for any balance, rounded only when shown (TRADING.md "Numbers"). */
export const money = (name: string) => numeric(name, { precision: 28, scale: 8 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
