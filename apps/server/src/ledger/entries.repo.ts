import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerEntries } from '../db/schema';
import { offsetOf, type PageInput } from '../operators/inputs';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** Every ledger row of a user, on both accounts, newest first: a page and how many there are. */
export async function userLedgerPage(
  db: Db,
  userId: number,
  page: PageInput,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = eq(ledgerEntries.userId, userId);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(where);
  return { rows, total: total?.n ?? 0 };
}
