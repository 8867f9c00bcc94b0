import { dec } from '@meridian/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { ledgerEntries } from './schema';

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

/** A ledger row or an order that breaks a rule of TRADING.md "Ledger" or "Negative balance protection". */
export interface LedgerIssue {
  user_id: number;
  uid: string;
  kind: LedgerIssueKind;
  /** The order or ledger row at fault: 'order 12', 'ledger row 345'. */
  ref: string;
  /** What was expected and what was found, for the operator. */
  detail: string;
}

export type LedgerIssueKind = 'order_rows' | 'balance_after' | 'protection';

export interface ReconcileReport {
  checked: number;
  differences: Difference[];
  issues: LedgerIssue[];
}

/** TRADING.md "Ledger" invariants: balance = Σ balance rows and lock_balance = Σ lock rows, per account. */
export function findDifferences(accounts: AccountTotals[]): Omit<ReconcileReport, 'issues'> {
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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (value: string | null) => dec(value ?? '0').toFixed();

/**
 * Every order against its ledger rows: Σ trade_margin = −margin and Σ trade_fee = −fee (a pending order
 * filled past its target adds a row to each); a closed order has one trade_settle of margin + P&L, after
 * one swap row of its swap unless that is zero, a cancelled one one pending_refund of margin + fee, an open
 * one none of them. Orders a demo reset ended have
 * neither: the reset sets the balance with a row of its own. The parts a partial close split off a
 * position took their margin and fee from the position's rows: margin and fee are checked over the
 * position and its parts together.
 */
async function orderIssues(db: Db): Promise<LedgerIssue[]> {
  const result = await db.execute(sql`
    with rows as (
      select l.ref_id as order_id,
        sum(l.amount) filter (where l.type = 'trade_margin') as margin_rows,
        sum(l.amount) filter (where l.type = 'trade_fee') as fee_rows,
        count(*) filter (where l.type = 'trade_settle')::int as settles,
        sum(l.amount) filter (where l.type = 'trade_settle') as settled,
        min(l.id) filter (where l.type = 'trade_settle') as settled_at,
        count(*) filter (where l.type = 'swap')::int as swaps,
        sum(l.amount) filter (where l.type = 'swap') as swapped,
        max(l.id) filter (where l.type = 'swap') as swapped_at,
        count(*) filter (where l.type = 'pending_refund')::int as refunds,
        sum(l.amount) filter (where l.type = 'pending_refund') as refunded
      from ledger_entries l join orders o on o.id = l.ref_id and o.user_id = l.user_id
      where l.ref_type = 'order' group by l.ref_id),
    positions as (
      select coalesce(o.part_of, o.id) as position_id, sum(o.margin) as margin, sum(o.fee) as fee,
        sum(coalesce(r.margin_rows, 0)) as margin_rows, sum(coalesce(r.fee_rows, 0)) as fee_rows
      from orders o left join rows r on r.order_id = o.id group by 1)
    select o.id, o.user_id, u.uid, o.status, o.close_reason, o.margin::text, o.fee::text, o.profit::text,
      o.swap::text, coalesce(r.swaps, 0) as swaps, r.swapped::text,
      r.margin_rows::text, r.fee_rows::text, coalesce(r.settles, 0) as settles, r.settled::text,
      coalesce(r.refunds, 0) as refunds, r.refunded::text
    from orders o join users u on u.id = o.user_id left join rows r on r.order_id = o.id
      join positions p on p.position_id = coalesce(o.part_of, o.id)
    where p.margin_rows <> -p.margin or p.fee_rows <> -p.fee
      or coalesce(r.settles, 0) <> (case when o.status = 3 and o.close_reason <> 'demo_reset' then 1 else 0 end)
      or coalesce(r.refunds, 0) <> (case when o.status = 4 and o.close_reason <> 'demo_reset' then 1 else 0 end)
      or (o.status = 3 and r.settles = 1 and r.settled <> o.margin + o.profit)
      or coalesce(r.swaps, 0) <> (case when o.status = 3 and o.close_reason <> 'demo_reset' and o.swap <> 0 then 1 else 0 end)
      or (r.swaps = 1 and (r.swapped <> o.swap or r.swapped_at > r.settled_at))
      or (o.status = 4 and r.refunds = 1 and r.refunded <> o.margin + o.fee)
    order by o.id`);
  type Row = Record<
    'margin' | 'fee' | 'profit' | 'swap' | 'swapped' | 'margin_rows' | 'fee_rows' | 'settled' | 'refunded',
    string | null
  > & {
    id: number;
    user_id: number;
    uid: string;
    status: number;
    swaps: number;
    settles: number;
    refunds: number;
  };
  return rowsOf<Row>(result).map((o) => ({
    user_id: o.user_id,
    uid: o.uid,
    kind: 'order_rows',
    ref: `order ${o.id}`,
    detail:
      `status ${o.status}: margin ${num(o.margin)}, fee ${num(o.fee)}, profit ${num(o.profit)}, swap ${num(o.swap)}; ` +
      `ledger: margin rows ${num(o.margin_rows)}, fee rows ${num(o.fee_rows)}, ` +
      `${o.swaps} swap row(s) of ${num(o.swapped)}, ` +
      `${o.settles} settlement(s) of ${num(o.settled)}, ${o.refunds} refund(s) of ${num(o.refunded)}`,
  }));
}

/** Every ledger row's balance after = the previous row's of the same account and balance + its amount. */
async function chainIssues(db: Db): Promise<LedgerIssue[]> {
  const result = await db.execute(sql`
    select c.id, c.user_id, u.uid, c.account, c.amount::text, c.balance_after::text, c.before::text
    from (select l.*, coalesce(lag(l.balance_after) over (partition by l.user_id, l.account order by l.id), 0) as before
      from ledger_entries l) c join users u on u.id = c.user_id
    where c.balance_after <> c.before + c.amount
    order by c.id`);
  type Row = {
    id: number;
    user_id: number;
    uid: string;
    account: string;
    amount: string;
    balance_after: string;
    before: string;
  };
  return rowsOf<Row>(result).map((r) => ({
    user_id: r.user_id,
    uid: r.uid,
    kind: 'balance_after',
    ref: `ledger row ${r.id}`,
    detail: `${r.account}: ${num(r.before)} + ${num(r.amount)} should leave ${dec(r.before).plus(r.amount).toFixed()}, the row says ${num(r.balance_after)}`,
  }));
}

/**
 * TRADING.md "Negative balance protection": each protection row tops a negative balance up to exactly
 * zero, for an account that held no order and no locked withdrawal at that row. An order is open at a
 * row when its first ledger row comes before it and its settlement, refund (or the demo reset that ended
 * it) does not.
 */
async function protectionIssues(db: Db): Promise<LedgerIssue[]> {
  const result = await db.execute(sql`
    with opened as (
      select l.ref_id as order_id, min(l.id) as at from ledger_entries l where l.ref_type = 'order' group by l.ref_id),
    ended as (
      select l.ref_id as order_id, min(l.id) as at from ledger_entries l
      where l.ref_type = 'order' and l.type in ('trade_settle', 'pending_refund') group by l.ref_id)
    select p.id, p.user_id, u.uid, p.amount::text, p.balance_after::text,
      (select count(*)::int from orders o join opened f on f.order_id = o.id left join ended e on e.order_id = o.id
        where o.user_id = p.user_id and f.at < p.id and coalesce(e.at, (select min(d.id) from ledger_entries d
          where d.user_id = o.user_id and d.type = 'demo_reset' and d.id > f.at), 2147483647) > p.id) as open_orders,
      coalesce((select l.balance_after from ledger_entries l
        where l.user_id = p.user_id and l.account = 'lock' and l.id < p.id order by l.id desc limit 1), 0)::text as locked
    from ledger_entries p join users u on u.id = p.user_id
    where p.type = 'negative_balance_protection'
    order by p.id`);
  type Row = {
    id: number;
    user_id: number;
    uid: string;
    amount: string;
    balance_after: string;
    open_orders: number;
    locked: string;
  };
  return rowsOf<Row>(result).flatMap((r) => {
    const wrong: string[] = [];
    if (!dec(r.amount).isPositive()) wrong.push(`its amount is ${num(r.amount)}`);
    if (!dec(r.balance_after).isZero()) wrong.push(`it leaves ${num(r.balance_after)}, not 0`);
    if (r.open_orders > 0) wrong.push(`${r.open_orders} order(s) were still open`);
    if (!dec(r.locked).isZero()) wrong.push(`${num(r.locked)} was still locked by withdrawals`);
    if (wrong.length === 0) return [];
    return [
      {
        user_id: r.user_id,
        uid: r.uid,
        kind: 'protection' as const,
        ref: `ledger row ${r.id}`,
        detail: wrong.join('; '),
      },
    ];
  });
}

/** The whole report: balances against their ledgers, every order against its rows, the chain, protection. */
export async function reconcile(db: Db): Promise<ReconcileReport> {
  const { checked, differences } = findDifferences(await accountTotals(db));
  const issues = [...(await orderIssues(db)), ...(await chainIssues(db)), ...(await protectionIssues(db))];
  return { checked, differences, issues };
}
