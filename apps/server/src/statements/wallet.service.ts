import type { Language, LedgerFilters } from '@meridian/contract';
import { availableText, Scale, toFixed, withdrawable } from '@meridian/core';
import { LEDGER_PAGE_SIZE } from '../accounts';
import type { Db } from '../db/client';
import type { User } from '../http/sessions';
import { type MessageKey, translate } from '../i18n';
import { LEDGER_TYPES, type LedgerType } from '../ledger';
import type { Trading } from '../trading';
import { ledgerFilter } from './filters';
import { ledgerPage } from './wallet.repo';

const money = (value: string) => toFixed(value, Scale.balance);

export const balanceOf = (user: User) => ({ balance: money(user.balance) });

/** SPEC.md §3 account detail, and what may be withdrawn now (TRADING.md "Funding"), rounded down. */
export async function accountDetail(trading: Trading, user: User) {
  const account = await trading.account(trading.db, user.id, false);
  const figures = trading.figures(account.balance, account.books);
  return {
    balance: money(account.balance),
    lock_balance: money(account.lockBalance),
    withdrawable: availableText(withdrawable(figures, account.settings.margin_call_level)),
  };
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC. */
const utcText = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/** What a ledger row of `type` was, in the caller's language. */
export function ledgerLabel(lang: Language, type: string): string {
  const known = (LEDGER_TYPES as readonly string[]).includes(type);
  return known ? translate(lang, `ledger_${type as LedgerType}` satisfies MessageKey) : type;
}

/** Ledger rows that only hold or give back margin (a pending order's reserve: its margin and fee). */
const MARGIN_ROWS: readonly string[] = ['trade_margin', 'pending_refund'] satisfies LedgerType[];

/** The part of a row's amount that is margin held or given back: a settlement's rest is its P&L. */
function marginPart(type: string, amount: string, orderMargin: string | null): string {
  if (MARGIN_ROWS.includes(type)) return amount;
  return type === 'trade_settle' && orderMargin !== null ? orderMargin : '0';
}

function memo(lang: Language, type: string, note: string | null): string {
  const label = ledgerLabel(lang, type);
  return note ? `${label}: ${note}` : label;
}

/** SPEC.md §3 ledger rows, newest first, LEDGER_PAGE_SIZE a page; the filters keep only some. */
export async function ledgerList(db: Db, user: User, page: number, lang: Language, filters: LedgerFilters) {
  const filter = ledgerFilter(user.id, filters);
  const { rows, total } = await ledgerPage(db, user.id, page, LEDGER_PAGE_SIZE, filter);
  return {
    data: rows.map((row) => ({
      Id: row.id,
      Value: money(row.amount),
      MemoTran: memo(lang, row.type, row.note),
      CreatedAtTran: utcText(row.createdAt),
      Type: row.type as LedgerType,
      Margin: money(marginPart(row.type, row.amount, row.orderMargin)),
    })),
    total,
  };
}
