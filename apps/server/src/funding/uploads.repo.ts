import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads } from './schema';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [created] = await db.insert(uploads).values(row).returning();
  return created!;
}

export async function uploadByName(db: Db, name: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name));
  return row;
}

export async function ownUploadByName(db: Db, userId: number, name: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.userId, userId)));
  return row;
}
