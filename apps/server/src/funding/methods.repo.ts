import type { DrawType } from '@meridian/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { drawMethods, withdrawCurrencies } from './schema';

export type DrawMethod = typeof drawMethods.$inferSelect;

/** A user's methods of one type (optionally one currency), each with its currency's code and protocol. */
export function methodsOf(db: Db, userId: number, type: DrawType, currencyId?: number) {
  return db
    .select({ method: drawMethods, code: withdrawCurrencies.code, protocol: withdrawCurrencies.protocol })
    .from(drawMethods)
    .innerJoin(withdrawCurrencies, eq(withdrawCurrencies.id, drawMethods.currencyId))
    .where(
      and(
        eq(drawMethods.userId, userId),
        eq(drawMethods.type, type),
        currencyId === undefined ? undefined : eq(drawMethods.currencyId, currencyId),
      ),
    )
    .orderBy(asc(drawMethods.id));
}

export async function ownMethod(db: Db, userId: number, id: number): Promise<DrawMethod | undefined> {
  const [row] = await db
    .select()
    .from(drawMethods)
    .where(and(eq(drawMethods.id, id), eq(drawMethods.userId, userId)));
  return row;
}

export async function methodCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(drawMethods).where(eq(drawMethods.userId, userId));
  return row?.n ?? 0;
}

export async function insertMethod(db: Db, values: typeof drawMethods.$inferInsert): Promise<DrawMethod> {
  const [row] = await db.insert(drawMethods).values(values).returning();
  return row!;
}

/** Deletes only the user's own method; false when there is none. */
export async function deleteOwnMethod(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(drawMethods)
    .where(and(eq(drawMethods.id, id), eq(drawMethods.userId, userId)))
    .returning({ id: drawMethods.id });
  return rows.length > 0;
}
