import { type SQL, sql } from 'drizzle-orm';
import { deposits, ReviewStatus, withdrawals } from './schema';

type Span = { start: Date; end: Date };

/** Deposits approved in the period, by trader: (user_id, amount). */
export const depositedByTrader = ({ start, end }: Span): SQL =>
  sql`select ${deposits.userId} as user_id, sum(${deposits.amount}) as amount from ${deposits}
    where ${deposits.status} = ${ReviewStatus.approved} and ${deposits.reviewedAt} >= ${start}
      and ${deposits.reviewedAt} < ${end} group by ${deposits.userId}`;

/** Withdrawals paid in the period, by trader: (user_id, amount). */
export const paidOutByTrader = ({ start, end }: Span): SQL =>
  sql`select ${withdrawals.userId} as user_id, sum(${withdrawals.amount}) as amount from ${withdrawals}
    where ${withdrawals.status} = ${ReviewStatus.approved} and ${withdrawals.reviewedAt} >= ${start}
      and ${withdrawals.reviewedAt} < ${end} group by ${withdrawals.userId}`;
