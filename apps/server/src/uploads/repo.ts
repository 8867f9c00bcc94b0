import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { UploadRow } from '../funding';
import { deposits, uploads } from '../funding';
import { verifications } from '../kyc';

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [created] = await db.insert(uploads).values(row).returning();
  return created!;
}

export async function uploadByName(db: Db, name: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name));
  return row;
}

/** An upload no deposit proof and no ID picture names: kept for a while only. */
const unreferenced: SQL = sql`not exists (select 1 from ${deposits} d where d.proof_upload_id = ${uploads.id})
  and not exists (select 1 from ${verifications} v
    where v.front_upload_id = ${uploads.id} or v.reverse_upload_id = ${uploads.id})`;

/** How many of the user's uploads nothing names yet. */
export async function unreferencedCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), unreferenced));
  return row?.n ?? 0;
}

/** Uploads nothing names, made before `before`: at most `limit` at a time. */
export function staleUploads(db: Db, before: Date, limit: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(and(lt(uploads.createdAt, before), unreferenced))
    .limit(limit);
}

export async function deleteUploads(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(uploads).where(inArray(uploads.id, ids));
}
