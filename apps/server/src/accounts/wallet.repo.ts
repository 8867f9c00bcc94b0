import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerEntries } from '../db/schema';

/** The user's cash history: rows on the balance (a withdrawal's lock rows mirror them and are left out). */
const cashRows = (userId: number) =>
  and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'balance'));

export async function ledgerPage(db: Db, userId: number, page: number, size: number) {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      type: ledgerEntries.type,
      note: ledgerEntries.note,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(cashRows(userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(cashRows(userId));
  return { rows, total: total?.n ?? 0 };
}
