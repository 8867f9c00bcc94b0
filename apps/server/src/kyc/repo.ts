import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { uploads, userRef } from '../funding';
import { offsetOf, operators, type PageInput } from '../operators';
import { KycStatus, type SubmissionStatus, verifications } from './schema';

export type Verification = typeof verifications.$inferSelect;
/** A user's verification state (SPEC.md §4 review_status): 0 not submitted, 1 waiting, 2 certified, 3 rejected. */
export type ReviewStatus = (typeof KycStatus)[keyof typeof KycStatus];

/** The user's newest submission: their current state. */
export async function latestVerification(db: Db | Tx, userId: number): Promise<Verification | undefined> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .orderBy(desc(verifications.id))
    .limit(1);
  return row;
}

export async function insertVerification(
  tx: Tx,
  values: typeof verifications.$inferInsert,
): Promise<Verification> {
  const [row] = await tx.insert(verifications).values(values).returning();
  return row!;
}

/** Moves a waiting submission to `status` once: undefined when it is unknown or already decided. */
export async function decideVerification(
  tx: Tx,
  id: number,
  decision: { status: SubmissionStatus; operatorId: number; reviewedAt: Date; reason?: string },
): Promise<Verification | undefined> {
  const [row] = await tx
    .update(verifications)
    .set(decision)
    .where(and(eq(verifications.id, id), eq(verifications.status, KycStatus.waiting)))
    .returning();
  return row;
}

/** Certified: userView reports is_real 1 and the verified name without a join. */
export async function markUserReal(tx: Tx, userId: number, name: string): Promise<void> {
  await tx.update(users).set({ isReal: true, name }).where(eq(users.id, userId));
}

const front = alias(uploads, 'front');
const reverse = alias(uploads, 'reverse');

export async function verificationPage(db: Db, status: number | undefined, page: PageInput) {
  // A status no submission has (the queue's filter takes 0 to 9) finds nothing.
  const where: SQL | undefined =
    status === undefined ? undefined : eq(verifications.status, status as SubmissionStatus);
  const rows = await db
    .select({ verification: verifications, user: userRef, front: front.name, reverse: reverse.name })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .innerJoin(front, eq(front.id, verifications.frontUploadId))
    .innerJoin(reverse, eq(reverse.id, verifications.reverseUploadId))
    .where(where)
    .orderBy(desc(verifications.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(verifications).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A user's state (their newest submission's status, or 0 not submitted) and their newest `limit`
 * submissions, newest first, with both pictures' names and the e-mail of the operator who decided it.
 */
export async function verificationHistory(db: Db, userId: number, limit: number) {
  const rows = await db
    .select({
      id: verifications.id,
      name: verifications.name,
      card_id: verifications.cardId,
      front: front.name,
      reverse: reverse.name,
      status: verifications.status,
      reason: verifications.reason,
      operator: operators.email,
      created_at: verifications.createdAt,
      reviewed_at: verifications.reviewedAt,
    })
    .from(verifications)
    .innerJoin(front, eq(front.id, verifications.frontUploadId))
    .innerJoin(reverse, eq(reverse.id, verifications.reverseUploadId))
    .leftJoin(operators, eq(operators.id, verifications.operatorId))
    .where(eq(verifications.userId, userId))
    .orderBy(desc(verifications.id))
    .limit(limit);
  return { status: (rows[0]?.status ?? KycStatus.none) as ReviewStatus, rows };
}
