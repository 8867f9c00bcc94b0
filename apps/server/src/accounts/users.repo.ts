import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { User } from '../http/sessions';
import type { Identity } from './identity';

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'uid' | 'inviteCode'>;
export async function findUser(db: Db, identity: Identity): Promise<User | undefined> {
  const where =
    identity.type === 'email'
      ? eq(sql`lower(${users.email})`, identity.email)
      : and(eq(users.areaId, identity.areaId), eq(users.mobile, identity.mobile));
  const [row] = await db.select().from(users).where(where);
  return row;
}

/** Users with this mobile number in any area (sign-in without an area code). */
export function findByMobile(db: Db, mobile: string): Promise<User[]> {
  return db.select().from(users).where(eq(users.mobile, mobile)).limit(2);
}

export async function findByInviteCode(db: Db, code: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, code));
  return row;
}

export async function findDemo(db: Db, demoId: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.demoId, demoId));
  return row;
}

/** Inserts unless a unique column (uid, invite code, e-mail, mobile, demo id) is taken; then undefined. */
export async function tryInsertUser(
  db: Db,
  values: NewUser & { uid: string; inviteCode: string },
): Promise<User | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
