import { OrderStatus } from '@meridian/contract';
import { type SQL, sql } from 'drizzle-orm';
import { orders } from './schema';

/** A report's period: [start, end). */
export type Span = { start: Date; end: Date };

const closedIn = ({ start, end }: Span) =>
  sql`${orders.status} = ${OrderStatus.closed} and ${orders.closedAt} >= ${start} and ${orders.closedAt} < ${end}`;

/** Orders closed in the period, by trader: (user_id, n, pnl, fees, swaps). */
export const closedByTrader = (span: Span): SQL =>
  sql`select ${orders.userId} as user_id, count(*)::int as n, sum(${orders.profit}) as pnl, sum(${orders.fee}) as fees,
    sum(${orders.swap}) as swaps from ${orders} where ${closedIn(span)} group by ${orders.userId}`;

/** Each order closed in the period as a money move: (user_id, moved_at, pnl, fees, swaps). */
export const closedMoves = (span: Span): SQL =>
  sql`select ${orders.userId} as user_id, ${orders.closedAt} as moved_at, ${orders.profit} as pnl, ${orders.fee} as fees,
    ${orders.swap} as swaps from ${orders} where ${closedIn(span)}`;
