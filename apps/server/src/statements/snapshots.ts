import { ACCOUNT_HISTORY_DAYS, type AccountDay, OrderStatus } from '@meridian/contract';
import { balanceText } from '@meridian/core';
import { and, asc, eq, exists, gte, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { ledgerEntries } from '../ledger';
import type { Trading } from '../trading';
import { bookOf, orders } from '../trading';
import type { ErrorLog } from '../util/log';
import { every, type Periodic } from '../util/periodic';
import { equitySnapshots } from './schema';

const DAY_MS = 86_400_000;
/** The job runs hourly; each account gets the first run's snapshot of a UTC day, so a missed hour loses nothing. */
export const SNAPSHOT_EVERY_MS = 3_600_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Writes today's (UTC) balance and equity of every account with a balance or open positions, at most
 * once a day per account: a second run the same day adds nothing. Returns how many it wrote.
 */
export async function snapshotEquity(db: Db, trading: Trading): Promise<number> {
  const day = dayOf(trading.now());
  const holding = and(eq(orders.userId, users.id), eq(orders.status, OrderStatus.holding));
  const accounts = await db
    .select({ id: users.id, balance: users.balance })
    .from(users)
    .where(or(ne(users.balance, '0'), exists(db.select({ one: sql`1` }).from(orders).where(holding))));
  if (accounts.length === 0) return 0;
  const positions = await db.select().from(orders).where(eq(orders.status, OrderStatus.holding));
  const rows = accounts.map((account) => {
    const books = positions.filter((p) => p.userId === account.id).map(bookOf);
    const { equity } = trading.figures(account.balance, books);
    return { userId: account.id, day, balance: account.balance, equity: equity.toFixed() };
  });
  const written = await db.insert(equitySnapshots).values(rows).onConflictDoNothing().returning();
  return written.length;
}

/** The leader's daily snapshots (platform.ts starts it while this node leads). */
export function startSnapshotJob(db: Db, trading: Trading, log: ErrorLog): Periodic {
  return every(
    SNAPSHOT_EVERY_MS,
    () => snapshotEquity(db, trading),
    (err) => log('equity snapshot failed', err),
  );
}

/**
 * The user centre's chart: for each of the last ACCOUNT_HISTORY_DAYS UTC days with a ledger row or a
 * snapshot, the balance at the day's end (the last ledger row's balance_after, carried over from the
 * day before when the day has none) and that day's equity snapshot, or '' without one.
 */
export async function accountHistory(db: Db, userId: number, now: number): Promise<AccountDay[]> {
  const firstDay = dayOf(now - (ACCOUNT_HISTORY_DAYS - 1) * DAY_MS);
  const start = new Date(`${firstDay}T00:00:00Z`);
  const cash = and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'balance'));
  const ledgerDay = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [closing, [before], snapshots] = await Promise.all([
    db
      .select({
        day: ledgerDay,
        balance: sql<string>`(array_agg(${ledgerEntries.balanceAfter}::text order by ${ledgerEntries.id} desc))[1]`,
      })
      .from(ledgerEntries)
      .where(and(cash, gte(ledgerEntries.createdAt, start)))
      .groupBy(ledgerDay),
    db
      .select({ balance: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(and(cash, lt(ledgerEntries.createdAt, start)))
      .orderBy(sql`${ledgerEntries.id} desc`)
      .limit(1),
    db
      .select()
      .from(equitySnapshots)
      .where(and(eq(equitySnapshots.userId, userId), gte(equitySnapshots.day, firstDay)))
      .orderBy(asc(equitySnapshots.day)),
  ]);
  const balances = new Map(closing.map((c) => [c.day, c.balance]));
  const equities = new Map(snapshots.map((s) => [s.day, s]));
  const days = [...new Set([...balances.keys(), ...equities.keys()])].sort();
  let carried = before?.balance ?? null;
  return days.map((day) => {
    const snapshot = equities.get(day);
    carried = balances.get(day) ?? carried ?? snapshot?.balance ?? '0';
    return {
      day,
      balance: balanceText(carried),
      equity: snapshot ? balanceText(snapshot.equity) : '',
    };
  });
}
