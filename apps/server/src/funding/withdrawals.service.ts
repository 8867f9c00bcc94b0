import type { DrawType, Language } from '@meridian/contract';
import {
  availableText,
  type Dec,
  dec,
  isMarginCall,
  Scale,
  toFixed,
  withdrawable,
  withdrawalQuote,
} from '@meridian/core';
import type { Db, Tx } from '../db/client';
import { exact } from '../db/numeric';
import { refuse } from '../http/errors';
import { said } from '../http/route';
import type { User } from '../http/sessions';
import { translate } from '../i18n';
import { lockAccount, post } from '../ledger';
import type { PageInput } from '../operators';
import { review } from '../operators';
import type { Trading } from '../trading';
import { utcText } from '../util/time';
import { enabledCurrencies, enabledCurrency, type WithdrawCurrency } from './catalog.repo';
import { ownMethod } from './methods.repo';
import { destinationOf, methodView } from './methods.service';
import { ReviewStatus } from './schema';
import { isoOrNull } from './views';
import {
  decideWithdrawal,
  insertWithdrawal,
  userWithdrawals,
  type WithdrawalRow,
  withdrawalPage,
} from './withdrawals.repo';

/** Records a page on the withdraw screen. */
export const DRAW_PAGE_SIZE = 20;

const terms = (c: WithdrawCurrency) => ({ drawRate: c.drawRate, feeType: c.feeType, usdPrice: c.usdPrice });

/** SPEC.md §3 withdraw currencies with their fee terms and limits (0 max: no maximum). */
export async function withdrawCurrencyList(db: Db, type: DrawType) {
  const rows = await enabledCurrencies(db, type);
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    protocol: c.protocol,
    draw_rate: dec(c.drawRate).toFixed(),
    fee_type: c.feeType,
    usd_price: dec(c.usdPrice).toFixed(),
    min: dec(c.min).toFixed(),
    max: dec(c.max).toFixed(),
  }));
}

export interface DrawRequest {
  currencyId: number;
  amount: string;
  memo: string;
  methodId?: number;
}

/**
 * Moves the amount from balance to lock_balance (two withdraw_lock ledger rows) under the account's row lock.
 * Refused beyond min(cash, free margin) (TRADING.md "Funding": open positions keep the margin they need),
 * during a margin call, outside the currency's limits, or without a bound method of that currency.
 */
export async function requestWithdrawal(
  db: Db,
  trading: Trading,
  user: User,
  request: DrawRequest,
  useProof: (tx: Tx) => Promise<void>,
) {
  const currency = await enabledCurrency(db, request.currencyId);
  if (!currency) throw refuse('currency_unknown');
  const amount = dec(request.amount);
  if (amount.lt(currency.min)) throw refuse('withdraw_below_min', { min: dec(currency.min).toFixed() });
  if (dec(currency.max).gt(0) && amount.gt(currency.max)) {
    throw refuse('withdraw_above_max', { max: dec(currency.max).toFixed() });
  }
  const method = request.methodId ? await ownMethod(db, user.id, request.methodId) : undefined;
  if (!method || method.currencyId !== currency.id) throw refuse('not_bind');
  const quote = withdrawalQuote(amount, terms(currency));
  return db.transaction(async (tx) => {
    const account = await trading.account(tx, user.id, true);
    await useProof(tx);
    const figures = trading.figures(account.balance, account.books);
    if (isMarginCall(figures.riskRate, account.settings.margin_call_level))
      throw refuse('withdraw_margin_call');
    const available = withdrawable(figures, account.settings.margin_call_level);
    if (amount.gt(available))
      throw refuse('withdraw_above_available', { available: availableText(available) });
    const row = await insertWithdrawal(tx, {
      userId: user.id,
      currencyId: currency.id,
      type: currency.type,
      amount: amount.toFixed(),
      fee: quote.fee,
      received: quote.received,
      usdPrice: currency.usdPrice,
      methodId: method.id,
      address: method.dcAddress,
      bankName: method.bankName,
      bankAddress: method.bankAddress,
      bankSwift: method.bankSwift,
      payeeName: method.payeeName,
      payeeAccount: method.payeeAccount,
      memo: request.memo,
    });
    await moveLock(tx, row, 'withdraw_lock', { balance: amount.neg(), lock: amount });
    return said(
      { id: row.id, destination: destinationOf(methodView(method, currency)) },
      'withdraw_submitted',
    );
  });
}

/** Posts a withdrawal's ledger rows on the accounts it moves (zero legs are skipped). */
async function moveLock(
  tx: Tx,
  row: WithdrawalRow,
  type: 'withdraw_lock' | 'withdraw_unlock' | 'withdraw_paid',
  legs: { balance?: Dec; lock: Dec },
  note?: string,
) {
  const ref = { userId: row.userId, type, refType: 'withdrawal', refId: row.id, note } as const;
  if (legs.balance) await post(tx, { ...ref, account: 'balance', amount: legs.balance.toFixed() });
  await post(tx, { ...ref, account: 'lock', amount: legs.lock.toFixed() });
}

const STATUS_KEY = {
  [ReviewStatus.pending]: 'withdraw_pending',
  [ReviewStatus.approved]: 'withdraw_paid',
  [ReviewStatus.rejected]: 'withdraw_rejected',
} as const;

/** A withdrawal the platform returned to pay a trading loss: rejected, by no operator (trading/negative-balance.ts). */
const returnedForLoss = (w: Pick<WithdrawalRow, 'status' | 'operatorId'>) =>
  w.status === ReviewStatus.rejected && w.operatorId === null;

/** Why a withdrawal was rejected, in `lang`: the operator's reason, or the platform's. */
const rejectionReason = (w: WithdrawalRow, lang: Language) =>
  returnedForLoss(w) ? translate(lang, 'withdraw_returned_for_loss') : w.reason;

/** SPEC.md §3 withdraw records; `notes` is the reason once rejected, else the trader's memo. */
export async function withdrawalRecords(db: Db, user: User, type: DrawType, page: number, lang: Language) {
  const { rows, total } = await userWithdrawals(db, user.id, type, { page, size: DRAW_PAGE_SIZE });
  return {
    data: rows.map(({ withdrawal: w, code, protocol }) => ({
      id: w.id,
      number: toFixed(w.amount, Scale.balance),
      real_number: toFixed(w.received, Scale.withdrawReceivable),
      fee: toFixed(w.fee, Scale.feeAndMargin),
      status: w.status,
      status_name: translate(lang, STATUS_KEY[w.status as keyof typeof STATUS_KEY] ?? 'withdraw_pending'),
      created_at: utcText(w.createdAt),
      type: w.type,
      address: w.address,
      payee_account: w.payeeAccount,
      notes: rejectionReason(w, lang) ?? w.memo,
      draw_currency: { code, protocol },
    })),
    total,
  };
}

/** What the review of a withdrawal records in its audit row. */
const withdrawalAudit = (action: string, row: WithdrawalRow, reason?: string) => ({
  action,
  targetType: 'withdrawal',
  targetId: row.id,
  before: { status: ReviewStatus.pending },
  after: { status: row.status, amount: exact(row.amount), user_id: row.userId },
  reason,
});

/** Paying out takes the amount off lock_balance (withdraw_paid), audited, in one transaction. */
export async function payWithdrawal(db: Db, operatorId: number, id: number, at: Date) {
  await review(db, operatorId, {
    decide: (tx) => decideWithdrawal(tx, id, { status: ReviewStatus.approved, operatorId, reviewedAt: at }),
    async apply(tx, row) {
      await lockAccount(tx, row.userId);
      await moveLock(tx, row, 'withdraw_paid', { lock: dec(row.amount).neg() });
    },
    audited: (row) => withdrawalAudit('withdrawal.pay', row),
  });
  return { id, status: ReviewStatus.approved };
}

/** Rejecting returns the amount from lock_balance to the balance (withdraw_unlock), audited, in one transaction. */
export async function rejectWithdrawal(db: Db, operatorId: number, id: number, reason: string, at: Date) {
  await review(db, operatorId, {
    decide: (tx) =>
      decideWithdrawal(tx, id, { status: ReviewStatus.rejected, operatorId, reviewedAt: at, reason }),
    async apply(tx, row) {
      await lockAccount(tx, row.userId);
      const amount = dec(row.amount);
      await moveLock(tx, row, 'withdraw_unlock', { balance: amount, lock: amount.neg() }, reason);
    },
    audited: (row) => withdrawalAudit('withdrawal.reject', row, reason),
  });
  return { id, status: ReviewStatus.rejected };
}

/** The back office's withdrawal queue, newest first, with the destination copied at request time. */
export async function withdrawalQueue(db: Db, status: number | undefined, page: PageInput, lang: Language) {
  const { rows, total } = await withdrawalPage(db, status, page);
  return {
    rows: rows.map(({ withdrawal: w, code, protocol, user }) => ({
      id: w.id,
      user,
      type: w.type,
      currency: { id: w.currencyId, code, protocol },
      amount: exact(w.amount),
      fee: exact(w.fee),
      real_number: exact(w.received),
      usd_price: exact(w.usdPrice),
      address: w.address,
      bank_name: w.bankName,
      bank_address: w.bankAddress,
      bank_swift: w.bankSwift,
      payee_name: w.payeeName,
      payee_account: w.payeeAccount,
      memo: w.memo,
      status: w.status,
      reason: rejectionReason(w, lang) ?? '',
      operator_id: w.operatorId,
      created_at: w.createdAt.toISOString(),
      reviewed_at: isoOrNull(w.reviewedAt),
    })),
    total,
  };
}
