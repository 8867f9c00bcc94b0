import { type FiledRequest, OrderStatus } from '@meridian/contract';
import { dec } from '@meridian/core';
import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { recentLoginAttempts } from '../accounts';
import { endCopyTradingOf } from '../copying';
import type { Db, Tx } from '../db/client';
import { exact } from '../db/numeric';
import { users } from '../db/schema';
import { uploadPath } from '../funding';
import { refuse } from '../http/errors';
import { type Said, said } from '../http/route';
import { revokeUserSessions as endSessionsOf, unrevokedSessions } from '../http/sessions';
import { maskCardId, type ReviewStatus, verificationHistory } from '../kyc';
import { lockAccount, operatorAdjustedInADay, post, userLedgerPage } from '../ledger';
import type { Role } from '../operators';
import {
  type AuditEntry,
  aboveFourEyes,
  audit,
  fileRequest,
  lockOperator,
  offsetOf,
  type Page,
  type PageInput,
} from '../operators';
import type { Trading } from '../trading';
import { userOrdersPage } from '../trading';

type UserRow = typeof users.$inferSelect;

const summary = (u: UserRow) => ({
  id: u.id,
  uid: u.uid,
  email: u.email,
  mobile: u.mobile,
  name: u.name,
  is_demo: u.isDemo,
  disabled: u.disabled,
  balance: exact(u.balance),
  lock_balance: exact(u.lockBalance),
  created_at: u.createdAt,
});

/** Finds traders by a fragment of e-mail or mobile, or by exact uid. */
export async function searchUsers(
  db: Db,
  q: string | undefined,
  page: PageInput,
): Promise<Page<ReturnType<typeof summary>>> {
  const where: SQL | undefined = q
    ? or(ilike(users.email, `%${q}%`), ilike(users.mobile, `%${q}%`), eq(users.uid, q))
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows: rows.map(summary), total: total?.n ?? 0 };
}

async function userOrFail(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw refuse('not_found');
  return user;
}

/** Who sees a trader's full ID number and ID pictures: the roles that review them (as /uploads serves them). */
const IDENTITY_READERS: readonly Role[] = ['admin', 'support', 'finance'];

/**
 * The trader's real-name verification: the current state (SPEC.md §4 review_status: 0 not submitted,
 * 1 waiting, 2 certified, 3 rejected) and every submission, newest first, with who decided it; the full
 * ID number and both ID pictures for the roles that review them, the masked number and no pictures else.
 */
async function verificationOf(db: Db, user: UserRow, role: Role) {
  const identity = IDENTITY_READERS.includes(role);
  const { status, rows } = await verificationHistory(db, user.id, 20);
  return {
    status,
    is_real: user.isReal,
    submissions: rows.map(({ front: f, reverse: r, reason, card_id, ...v }) => ({
      ...v,
      status: v.status as ReviewStatus,
      card_id: identity ? card_id : maskCardId(card_id),
      reason: reason ?? '',
      front_url: identity ? uploadPath(f) : null,
      reverse_url: identity ? uploadPath(r) : null,
    })),
  };
}

/** Profile, verification, balances, live sessions and recent sign-ins of one trader, as `role` may see them. */
export async function userDetail(db: Db, userId: number, role: Role) {
  const user = await userOrFail(db, userId);
  const live = await unrevokedSessions(db, userId, 50);
  const logins = await recentLoginAttempts(db, userId, 50);
  return {
    ...summary(user),
    login_type: user.loginType,
    invite_code: user.inviteCode,
    verification: await verificationOf(db, user, role),
    sessions: live,
    logins,
  };
}

export async function ledgerPage(db: Db, userId: number, page: PageInput) {
  const { rows, total } = await userLedgerPage(db, userId, page);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      account: r.account as 'balance' | 'lock',
      type: r.type,
      amount: exact(r.amount),
      balance_after: exact(r.balanceAfter),
      ref_type: r.refType,
      ref_id: r.refId,
      note: r.note,
      created_at: r.createdAt,
    })),
    total,
  };
}

/** A trader's orders, newest first; holding ones marked at the latest price. */
export async function ordersPage(
  db: Db,
  trading: Trading,
  userId: number,
  status: OrderStatus | undefined,
  page: PageInput,
) {
  const { rows, total } = await userOrdersPage(db, userId, status, page);
  return {
    rows: rows.map((o) => ({
      id: o.id,
      show_code: o.showCode,
      side: o.side,
      status: o.status,
      lots: exact(o.lots),
      leverage: o.leverage,
      price: exact(o.price),
      margin: exact(o.margin),
      fee: exact(o.fee),
      profit: o.status === OrderStatus.holding ? trading.mark(o).pnl.toFixed(2) : o.profit && exact(o.profit),
      swap: exact(o.swap),
      close_reason: o.closeReason,
      created_at: o.createdAt,
      closed_at: o.closedAt,
    })),
    total,
  };
}

type Actor = Pick<AuditEntry, 'operatorId'>;

/**
 * Disables or re-enables a trader. Disabling also ends every session and the trader's copy trading (as
 * follower and as provider, `endCopyTradingOf`) at once, audited with it; enabling restores neither.
 */
export async function setUserDisabled(
  db: Db,
  actor: Actor,
  change: { userId: number; disabled: boolean; reason?: string; at: Date },
) {
  const { userId, disabled } = change;
  return db.transaction(async (tx) => {
    const before = await userOrFail(tx, userId);
    await tx.update(users).set({ disabled }).where(eq(users.id, userId));
    const ended = disabled ? await endCopyTradingOf(tx, userId, change.at) : null;
    if (disabled) await endSessionsOf(tx, userId, change.at);
    await audit(tx, {
      ...actor,
      action: disabled ? 'user.disable' : 'user.enable',
      targetType: 'user',
      targetId: userId,
      before: { disabled: before.disabled },
      after: ended
        ? { disabled, left_leaderboard: ended.leftLeaderboard, copies_stopped: ended.copiesStopped }
        : { disabled },
      reason: change.reason,
    });
    return { id: userId, disabled };
  });
}

export async function revokeUserSessions(db: Db, actor: Actor, userId: number, at: Date) {
  return db.transaction(async (tx) => {
    await userOrFail(tx, userId);
    const revoked = await endSessionsOf(tx, userId, at);
    await audit(tx, {
      ...actor,
      action: 'user.revoke_sessions',
      targetType: 'user',
      targetId: userId,
      after: { revoked },
    });
    return { revoked };
  });
}

export interface Adjustment {
  userId: number;
  /** Signed decimal text. */
  amount: string;
  reason: string;
}

/**
 * Credits or debits a trader's balance with an `operator_adjust` ledger row, audited, in `tx`; never below
 * zero. The row names the operator who made it at once, or the approved request that made it.
 */
export async function adjustBalanceIn(
  tx: Tx,
  actor: Actor,
  { userId, amount, reason }: Adjustment,
  requestId?: number,
) {
  await userOrFail(tx, userId);
  const { balance } = await lockAccount(tx, userId);
  if (dec(balance).plus(amount).isNegative()) throw refuse('admin_balance_negative');
  const after = await post(tx, {
    userId,
    account: 'balance',
    type: 'operator_adjust',
    amount,
    ...(requestId
      ? { refType: 'operator_request', refId: requestId }
      : { refType: 'operator', refId: actor.operatorId }),
    note: reason,
  });
  await audit(tx, {
    ...actor,
    action: 'user.adjust_balance',
    targetType: 'user',
    targetId: userId,
    before: { balance: exact(balance) },
    after: { balance: exact(after), amount },
    reason,
  });
  return { balance: exact(after) };
}

/**
 * An operator's adjustment: made at once while the day's adjustments by that operator and for that trader
 * stay within FOUR_EYES_AMOUNT, else filed for a second operator (admin/approvals.ts), who makes it when
 * approving. Counted under the operator's and then the trader's row lock, always in that order, so parallel
 * calls queue (never deadlock) and cannot all slip under the limit.
 */
export function adjustBalance(
  db: Db,
  actor: Actor,
  adjustment: Adjustment,
  fourEyesAmount: string,
): Promise<Said<{ balance: string } | FiledRequest>> {
  return db.transaction(async (tx) => {
    await lockOperator(tx, actor.operatorId);
    await userOrFail(tx, adjustment.userId);
    await lockAccount(tx, adjustment.userId);
    const before = await operatorAdjustedInADay(tx, actor.operatorId, adjustment.userId);
    if (aboveFourEyes(dec(before).plus(dec(adjustment.amount).abs()), fourEyesAmount)) {
      return fileRequest(tx, actor, 'balance_adjust', { ...adjustment }, adjustment.reason);
    }
    return said(await adjustBalanceIn(tx, actor, adjustment), 'ok');
  });
}

/** Closes a trader's position at market, audited in the close's own transaction. */
export async function closePosition(trading: Trading, actor: Actor, orderId: number, reason?: string) {
  const closed = await trading.close(orderId, 'operator', {
    within: (tx, row) =>
      audit(tx, {
        ...actor,
        action: 'order.close',
        targetType: 'order',
        targetId: orderId,
        before: { status: OrderStatus.holding },
        after: {
          status: row.status,
          close_price: row.closePrice && exact(row.closePrice),
          profit: row.profit && exact(row.profit),
        },
        reason,
      }),
  });
  return { id: closed.id, status: closed.status };
}
