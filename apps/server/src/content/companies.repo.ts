import { and, asc, count, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { companies } from './schema';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyFields = Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'deletedAt'>;

const live = isNull(companies.deletedAt);
/** A LIKE pattern matching `text` anywhere, with its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const named = (name: string): SQL | undefined =>
  name ? and(live, ilike(companies.name, containing(name))) : live;

export async function searchCompanies(db: Db, name: string, limit: number, offset = 0) {
  const where = named(name);
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(asc(companies.name))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findLiveCompany(tx: Db | Tx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await tx
    .select()
    .from(companies)
    .where(and(live, eq(companies.id, id)))
    .for('update');
  return row;
}

export async function insertCompany(tx: Db | Tx, values: CompanyFields): Promise<CompanyRow> {
  const [row] = await tx.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(tx: Tx, id: number, values: Partial<typeof companies.$inferInsert>) {
  const [row] = await tx.update(companies).set(values).where(eq(companies.id, id)).returning();
  return row!;
}
