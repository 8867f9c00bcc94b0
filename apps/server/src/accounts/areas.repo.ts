import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areaCodes } from '../db/schema';

export type Area = typeof areaCodes.$inferSelect;

export async function findArea(db: Db, id: number): Promise<Area | undefined> {
  const [row] = await db.select().from(areaCodes).where(eq(areaCodes.id, id));
  return row;
}
