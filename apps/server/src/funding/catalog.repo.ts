import type { DrawType } from '@meridian/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { depositChannels, withdrawCurrencies } from './schema';

export type DepositChannel = typeof depositChannels.$inferSelect;
export type WithdrawCurrency = typeof withdrawCurrencies.$inferSelect;
export type DepositKind = 'coin' | 'wire';

const channelOrder = [asc(depositChannels.sort), asc(depositChannels.id)];
const currencyOrder = [asc(withdrawCurrencies.sort), asc(withdrawCurrencies.id)];

export const enabledChannels = (db: Db) =>
  db
    .select()
    .from(depositChannels)
    .where(eq(depositChannels.enabled, true))
    .orderBy(...channelOrder);

export async function enabledChannel(
  db: Db,
  id: number,
  kind: DepositKind,
): Promise<DepositChannel | undefined> {
  const [row] = await db
    .select()
    .from(depositChannels)
    .where(
      and(eq(depositChannels.id, id), eq(depositChannels.kind, kind), eq(depositChannels.enabled, true)),
    );
  return row;
}

export const enabledCurrencies = (db: Db, type: DrawType) =>
  db
    .select()
    .from(withdrawCurrencies)
    .where(and(eq(withdrawCurrencies.type, type), eq(withdrawCurrencies.enabled, true)))
    .orderBy(...currencyOrder);

export async function enabledCurrency(db: Db, id: number): Promise<WithdrawCurrency | undefined> {
  const [row] = await db
    .select()
    .from(withdrawCurrencies)
    .where(and(eq(withdrawCurrencies.id, id), eq(withdrawCurrencies.enabled, true)));
  return row;
}

/** Every channel and currency, disabled ones too: the back office edits them. */
export const allChannels = (db: Db) =>
  db
    .select()
    .from(depositChannels)
    .orderBy(...channelOrder);
export const allCurrencies = (db: Db) =>
  db
    .select()
    .from(withdrawCurrencies)
    .orderBy(...currencyOrder);

export async function channelById(tx: Db | Tx, id: number): Promise<DepositChannel | undefined> {
  const [row] = await tx.select().from(depositChannels).where(eq(depositChannels.id, id)).for('update');
  return row;
}

export async function currencyById(tx: Tx, id: number): Promise<WithdrawCurrency | undefined> {
  const [row] = await tx.select().from(withdrawCurrencies).where(eq(withdrawCurrencies.id, id)).for('update');
  return row;
}

export async function saveChannel(
  tx: Tx,
  id: number | undefined,
  values: typeof depositChannels.$inferInsert,
) {
  const [row] = id
    ? await tx.update(depositChannels).set(values).where(eq(depositChannels.id, id)).returning()
    : await tx.insert(depositChannels).values(values).returning();
  return row!;
}

export async function saveCurrency(
  tx: Tx,
  id: number | undefined,
  values: typeof withdrawCurrencies.$inferInsert,
) {
  const [row] = id
    ? await tx.update(withdrawCurrencies).set(values).where(eq(withdrawCurrencies.id, id)).returning()
    : await tx.insert(withdrawCurrencies).values(values).returning();
  return row!;
}
