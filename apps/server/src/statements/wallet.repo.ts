import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerEntries } from '../ledger';
import { orders } from '../trading';

/** The user's cash history: rows on the balance (a withdrawal's lock rows mirror them and are left out). */
export const cashRows = (userId: number) =>
  and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'balance'));

/** A page of the cash history, newest first; `filter` keeps only some rows (the statement filters). */
export async function ledgerPage(db: Db, userId: number, page: number, size: number, filter?: SQL) {
  const where = and(cashRows(userId), filter);
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      type: ledgerEntries.type,
      note: ledgerEntries.note,
      createdAt: ledgerEntries.createdAt,
      // A settlement's order: its margin is the part of the row that is margin given back.
      orderMargin: orders.margin,
    })
    .from(ledgerEntries)
    .leftJoin(
      orders,
      and(
        eq(ledgerEntries.type, 'trade_settle'),
        eq(ledgerEntries.refType, 'order'),
        eq(ledgerEntries.refId, orders.id),
      ),
    )
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(where);
  return { rows, total: total?.n ?? 0 };
}
