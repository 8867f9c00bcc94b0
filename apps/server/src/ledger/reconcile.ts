import { dec } from '@meridian/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerEntries, users } from '../db/schema';

/** An account's stored balances beside the sums of its ledger rows. */
export interface AccountTotals {
  userId: number;
  uid: string;
  balance: string;
  lockBalance: string;
  ledgerBalance: string;
  ledgerLock: string;
}

export interface Difference {
  user_id: number;
  uid: string;
  account: 'balance' | 'lock';
  stored: string;
  ledger: string;
  difference: string;
}

export interface ReconcileReport {
  checked: number;
  differences: Difference[];
}

/** TRADING.md "Ledger" invariants: balance = Σ balance rows and lock_balance = Σ lock rows, per account. */
export function findDifferences(accounts: AccountTotals[]): ReconcileReport {
  const differences = accounts.flatMap((a) =>
    (
      [
        ['balance', a.balance, a.ledgerBalance],
        ['lock', a.lockBalance, a.ledgerLock],
      ] as const
    ).flatMap(([account, stored, ledger]) => {
      const difference = dec(stored).minus(ledger);
      return difference.isZero()
        ? []
        : [
            {
              user_id: a.userId,
              uid: a.uid,
              account,
              stored: dec(stored).toFixed(),
              ledger: dec(ledger).toFixed(),
              difference: difference.toFixed(),
            },
          ];
    }),
  );
  return { checked: accounts.length, differences };
}

/** Every account's balances and ledger sums, summed by the database in one pass. */
export async function accountTotals(db: Db): Promise<AccountTotals[]> {
  const sums = db
    .select({
      userId: ledgerEntries.userId,
      balance:
        sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'balance'), 0)`.as(
          'ledger_balance',
        ),
      lock: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'lock'), 0)`.as(
        'ledger_lock',
      ),
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.userId)
    .as('sums');
  const rows = await db
    .select({
      userId: users.id,
      uid: users.uid,
      balance: users.balance,
      lockBalance: users.lockBalance,
      ledgerBalance: sql<string>`coalesce(${sums.balance}, 0)`,
      ledgerLock: sql<string>`coalesce(${sums.lock}, 0)`,
    })
    .from(users)
    .leftJoin(sums, sql`${sums.userId} = ${users.id}`)
    .orderBy(users.id);
  return rows.map((r) => ({
    ...r,
    ledgerBalance: String(r.ledgerBalance),
    ledgerLock: String(r.ledgerLock),
  }));
}

export const reconcile = async (db: Db): Promise<ReconcileReport> => findDifferences(await accountTotals(db));
