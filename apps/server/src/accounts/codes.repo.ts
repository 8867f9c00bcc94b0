import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { verificationCodes } from './schema';

/** What a code is for: signing up, resetting a password, or a signed-in trader's step-up before moving money. */
export type CodePurpose = 'register' | 'reset' | 'money';
type CodeRow = typeof verificationCodes.$inferSelect;

export async function insertCode(db: Db, values: typeof verificationCodes.$inferInsert): Promise<number> {
  const [row] = await db.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
  return row!.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/** The newest code for the recipient and purpose sent since `since`, used or not. */
export async function latestCode(
  db: Db,
  recipient: string,
  purpose: CodePurpose,
  since: Date,
): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.recipient, recipient), eq(verificationCodes.purpose, purpose)))
    // Of two sent at the same moment, the later one.
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row && row.createdAt > since ? row : undefined;
}

/**
 * Takes one of the code's tries, in one statement: false when none is left (or it was used). Every
 * check takes one before comparing, so parallel guesses cannot all read a count below the limit.
 */
export async function takeTry(db: Db, id: number, maxTries: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ wrongTries: sql`${verificationCodes.wrongTries} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        lt(verificationCodes.wrongTries, maxTries),
        isNull(verificationCodes.usedAt),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** Marks the code used; false when another request used it first. */
export async function markUsed(db: Db | Tx, id: number, at: Date): Promise<boolean> {
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
