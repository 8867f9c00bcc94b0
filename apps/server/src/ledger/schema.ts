import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../db/columns';
import { users } from '../db/schema';

/**
 * Every change of a balance or a lock balance, written in the same transaction as the change
 * (TRADING.md "Ledger"): per user, balance = Σ balance rows and lock_balance = Σ lock rows.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'balance' or 'lock'. */
    account: text('account').notNull(),
    /** deposit, withdraw_lock, withdraw_unlock, withdraw_paid, trade_margin, trade_fee, trade_settle, swap, … */
    type: text('type').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** What caused it: 'order', 'deposit', 'withdrawal', 'operator', 'demo'. */
    refType: text('ref_type'),
    refId: integer('ref_id'),
    /** Operator's reason or other free text shown beside the localized memo. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.id)],
);
