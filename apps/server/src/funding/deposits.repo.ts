import type { FundingReviewStatus } from '@meridian/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { offsetOf, type PageInput } from '../operators';
import { emitReviewed } from './events';
import { depositChannels, deposits, ReviewStatus, uploads } from './schema';

export type DepositRow = typeof deposits.$inferSelect;

/** Who a back-office row is about. */
export const userRef = { id: users.id, uid: users.uid, email: users.email };

export async function insertDeposit(db: Db, values: typeof deposits.$inferInsert): Promise<DepositRow> {
  const [row] = await db.insert(deposits).values(values).returning();
  return row!;
}

/** Moves a pending deposit to `status` once, told as FUNDING_REVIEWED: undefined when it is unknown or no longer pending. */
export async function decideDeposit(
  tx: Tx,
  id: number,
  decision: { status: FundingReviewStatus; operatorId: number; reviewedAt: Date; reason?: string },
): Promise<DepositRow | undefined> {
  const [row] = await tx
    .update(deposits)
    .set(decision)
    .where(and(eq(deposits.id, id), eq(deposits.status, ReviewStatus.pending)))
    .returning();
  if (row) await emitReviewed(tx, 'deposit', row);
  return row;
}

export async function depositPage(db: Db, status: number | undefined, page: PageInput) {
  // Any status may be asked for (0 to 9); one no row has matches none.
  const where: SQL | undefined =
    status === undefined ? undefined : eq(deposits.status, status as FundingReviewStatus);
  const rows = await db
    .select({ deposit: deposits, user: userRef, channel: depositChannels, proof: uploads.name })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
    .innerJoin(uploads, eq(uploads.id, deposits.proofUploadId))
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(deposits).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A trader's own deposit requests with their channel, newest first: a page and how many there are. */
export async function userDeposits(db: Db, userId: number, page: PageInput) {
  const where = eq(deposits.userId, userId);
  const rows = await db
    .select({ deposit: deposits, channel: depositChannels })
    .from(deposits)
    .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(deposits).where(where);
  return { rows, total: total?.n ?? 0 };
}
