import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { captchas } from './schema';

export async function insertCaptcha(db: Db, values: typeof captchas.$inferInsert): Promise<void> {
  await db.insert(captchas).values(values);
}

/** Deletes and returns the captcha: each one answers a single attempt, right or wrong. */
export async function takeCaptcha(db: Db, id: string) {
  const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
  return row;
}

export async function purgeCaptchasBefore(db: Db, before: Date): Promise<void> {
  await db.delete(captchas).where(lt(captchas.createdAt, before));
}
