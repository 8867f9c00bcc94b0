import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { categories, instruments } from './schema';

export type InstrumentRow = typeof instruments.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
/** The terms of an instrument that may be changed once it exists. */
export type InstrumentTerms = Pick<
  typeof instruments.$inferInsert,
  | 'enabled'
  | 'categoryId'
  | 'leverages'
  | 'minLots'
  | 'maxLots'
  | 'lotStep'
  | 'feeRate'
  | 'spreadRate'
  | 'markup'
  | 'spikeThreshold'
  | 'swapLong'
  | 'swapShort'
  | 'sessions'
  | 'holidays'
  | 'exposureLimit'
>;

/** Every instrument, disabled ones too, in display order. */
export function allInstruments(db: Db): Promise<InstrumentRow[]> {
  return db.select().from(instruments).orderBy(asc(instruments.sort), asc(instruments.id));
}

/** The enabled instruments with an exposure limit, and that limit. */
export function limitedInstruments(
  db: Db,
): Promise<Pick<InstrumentRow, 'id' | 'showCode' | 'exposureLimit'>[]> {
  return db
    .select({ id: instruments.id, showCode: instruments.showCode, exposureLimit: instruments.exposureLimit })
    .from(instruments)
    .where(and(eq(instruments.enabled, true), isNotNull(instruments.exposureLimit)))
    .orderBy(asc(instruments.sort), asc(instruments.id));
}

/** The market list's categories, in display order. */
export function allCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.sort));
}

/** The instrument, its row locked for the rest of `tx`; undefined when there is none. */
export async function lockInstrument(tx: Tx, id: number): Promise<InstrumentRow | undefined> {
  const [row] = await tx.select().from(instruments).where(eq(instruments.id, id)).for('update');
  return row;
}

export async function findCategory(db: Db | Tx, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

/** Writes an instrument's terms and returns the row as it now is (undefined when there is none). */
export async function updateInstrumentTerms(
  tx: Tx,
  id: number,
  terms: InstrumentTerms,
): Promise<InstrumentRow | undefined> {
  const [row] = await tx.update(instruments).set(terms).where(eq(instruments.id, id)).returning();
  return row;
}
