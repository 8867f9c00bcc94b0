import type { LedgerType } from '@meridian/contract';
import { type Dec, dec } from '@meridian/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { ledgerEntries } from './schema';

// The types live in the contract: the statement filters and the web's labels list them too.
export { LEDGER_TYPES, type LedgerType } from '@meridian/contract';

export interface Posting {
  userId: number;
  account: 'balance' | 'lock';
  type: LedgerType;
  /** Signed decimal text: positive credits, negative debits. */
  amount: string;
  refType?: string;
  refId?: number;
  note?: string;
}

/**
 * Moves one of a user's balances by `amount` and writes its ledger row, in the caller's transaction.
 * Returns the balance after. The caller checks limits (free margin, non-negative) under its row lock.
 */
export async function post(tx: Tx, p: Posting): Promise<string> {
  const { userId, account, ...entry } = p;
  return postAll(tx, userId, account, [entry]);
}

/** One ledger row of `postAll`: the user and the balance are common to all of them. */
export type Entry = Omit<Posting, 'userId' | 'account'>;

const BALANCE_COLUMN = { balance: sql.raw('balance'), lock: sql.raw('lock_balance') } as const;

/** One ledger row of a posting as written: its amount and what the entries after it move, as text. */
export interface PostingRow {
  type: LedgerType;
  amount: string;
  /** The balance after this row is the final balance less this. */
  later: string;
  refType: string | null;
  refId: number | null;
  note: string | null;
}

/**
 * A posting's figures: what the balance moves by in all, and each entry's ledger row in the order given
 * with the balance after it as if they had been posted one by one.
 */
export function postingRows(entries: Entry[]): { total: string; rows: PostingRow[] } {
  if (entries.length === 0) throw new Error('nothing to post');
  // As the numeric(28, 8) columns would round each amount.
  const amounts = entries.map((e) => dec(e.amount).toDecimalPlaces(8));
  // The balance after entry i is the final balance less what the entries after it moved.
  const later: Dec[] = [];
  let sum = dec(0);
  for (let i = entries.length - 1; i >= 0; i--) {
    later[i] = sum;
    sum = sum.plus(amounts[i]!);
  }
  return {
    total: sum.toFixed(),
    rows: entries.map((e, i) => ({
      type: e.type,
      amount: amounts[i]!.toFixed(),
      later: later[i]!.toFixed(),
      refType: e.refType ?? null,
      refId: e.refId ?? null,
      note: e.note ?? null,
    })),
  };
}

/** A value of a posting's statements: bound as a parameter (`postAll`), or SQL (a prepared statement's `$n`). */
type PostingValue = SQL | string | number | null;

/** What a posting's statements write: its user, the entries' sum, and each ledger row (see `postingRows`). */
export interface PostingValues {
  userId: PostingValue;
  total: PostingValue;
  rows: Record<keyof PostingRow, PostingValue>[];
}

/**
 * The two statements of postings to several users (one each), for a `with` clause: `moved` moves each
 * user's balance by its entries' sum (returning `user_id` and `after`), `written` writes each entry's ledger
 * row in the order given with the balance after it, as if they had been posted one by one (returning each
 * row's `id`).
 */
export function postingSql(
  account: Posting['account'],
  postings: PostingValues[],
): { moved: SQL; written: SQL } {
  let n = 0;
  const values = sql.join(
    postings.flatMap(({ userId, rows }) =>
      rows.map(
        (r) =>
          sql`(${sql.raw(String(n++))}::int, ${userId}::int, ${r.type}::text, ${r.amount}::numeric,
            ${r.later}::numeric, ${r.refType}::text, ${r.refId}::int, ${r.note}::text)`,
      ),
    ),
    sql`, `,
  );
  const totals = sql.join(
    postings.map(({ userId, total }) => sql`(${userId}::int, ${total}::numeric)`),
    sql`, `,
  );
  const column = BALANCE_COLUMN[account];
  // The account as a literal (one of two names): a prepared statement's posting then binds only its values.
  return {
    moved: sql`update ${users} set ${column} = ${column} + t.total
      from (values ${totals}) as t(user_id, total)
      where ${users.id} = t.user_id returning ${users.id} as user_id, ${column} as after`,
    written: sql`insert into ${ledgerEntries} (user_id, account, type, amount, balance_after, ref_type, ref_id, note)
      select e.user_id, ${sql.raw(`'${account}'`)}, e.type, e.amount, moved.after - e.later, e.ref_type, e.ref_id, e.note
      from moved join (values ${values}) as e(n, user_id, type, amount, later, ref_type, ref_id, note)
        on e.user_id = moved.user_id
      order by e.n
      returning id`,
  };
}

/**
 * Posts several entries to one of a user's balances in one statement (see `postingSql`). Returns the
 * balance after the last. A close's settlement and its protection top-up take one round trip, not four.
 */
export async function postAll(
  tx: Tx,
  userId: number,
  account: Posting['account'],
  entries: Entry[],
): Promise<string> {
  return (await postEach(tx, account, [{ userId, entries }])).get(userId)!;
}

/**
 * Posts each user's entries to one of their balances, all in one statement (a gap's batch of closes
 * settles its accounts together). Returns each user's balance after their last entry.
 */
export async function postEach(
  tx: Tx,
  account: Posting['account'],
  postings: { userId: number; entries: Entry[] }[],
): Promise<Map<number, string>> {
  if (postings.length === 0) return new Map();
  const userIds = new Set(postings.map((p) => p.userId));
  if (userIds.size !== postings.length) throw new Error('one posting per user');
  const { moved, written } = postingSql(
    account,
    postings.map(({ userId, entries }) => ({ userId, ...postingRows(entries) })),
  );
  const result = await tx.execute(sql`
    with moved as (${moved}), written as (${written})
    select moved.user_id as "userId", moved.after::text as after, (select count(*) from written)::int as written
    from moved`);
  const rows = (result as unknown as { rows: { userId: number; after: string; written: number }[] }).rows;
  const entries = postings.reduce((sum, p) => sum + p.entries.length, 0);
  if (rows.length !== postings.length || rows[0]!.written !== entries)
    throw new Error(`ledger post for an unknown user among ${[...userIds].join(', ')}`);
  return new Map(rows.map((r) => [r.userId, r.after]));
}

/** Locks the user's row for the rest of the transaction and returns its balances. */
export async function lockAccount(tx: Tx, userId: number): Promise<{ balance: string; lockBalance: string }> {
  const [row] = await tx
    .select({ balance: users.balance, lockBalance: users.lockBalance })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new Error(`unknown user ${userId}`);
  return row;
}
