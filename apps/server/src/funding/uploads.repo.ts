import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads } from './schema';

export type UploadRow = typeof uploads.$inferSelect;

export async function ownUploadByName(db: Db, userId: number, name: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.userId, userId)));
  return row;
}
