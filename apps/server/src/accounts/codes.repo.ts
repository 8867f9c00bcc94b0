import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verificationCodes } from './schema';

export type CodePurpose = 'register' | 'reset';
type CodeRow = typeof verificationCodes.$inferSelect;

export async function insertCode(db: Db, values: typeof verificationCodes.$inferInsert): Promise<number> {
  const [row] = await db.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
  return row!.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/** When a code for this purpose last went to the recipient (a sign-up code does not hold back a reset code). */
export async function lastSentAt(db: Db, recipient: string, purpose: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.recipient, recipient), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.at;
}

export async function sentSince(db: Db, by: { recipient: string } | { ip: string }, since: Date) {
  const who =
    'recipient' in by ? eq(verificationCodes.recipient, by.recipient) : eq(verificationCodes.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(who, gt(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** The newest code for the recipient and purpose, if it is still unused, fresh and not guessed out. */
export async function latestLiveCode(
  db: Db,
  recipient: string,
  purpose: CodePurpose,
  since: Date,
  maxWrongTries: number,
): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.recipient, recipient), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const live = row && !row.usedAt && row.createdAt > since && row.wrongTries < maxWrongTries;
  return live ? row : undefined;
}

export async function addWrongTry(db: Db, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ wrongTries: sql`${verificationCodes.wrongTries} + 1` })
    .where(eq(verificationCodes.id, id));
}

/** Marks the code used; false when another request used it first. */
export async function markUsed(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: at })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** Rows older than this serve no throttle or check any more. */
export async function purgeCodesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before));
}
