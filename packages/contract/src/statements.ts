/** What a ledger row records (TRADING.md "Ledger"): the statement filter's and the CSV's types. */
export const LEDGER_TYPES = [
  'deposit',
  'withdraw_lock',
  'withdraw_unlock',
  'withdraw_paid',
  'trade_margin',
  'trade_fee',
  'trade_settle',
  'swap',
  'pending_refund',
  'negative_balance_protection',
  'operator_adjust',
  'demo_reset',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** The formats a statement is exported in; only CSV for now. */
export const STATEMENT_FORMATS = ['csv'] as const;

/** How many days of balance and equity the user centre's chart shows. */
export const ACCOUNT_HISTORY_DAYS = 90;
