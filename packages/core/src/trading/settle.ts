import { type Dec, dec } from '../decimal';
import type { DecLike } from './instrument';

/** trade_settle of closing one position: margin + P&L back to the balance (negative when the loss exceeds the margin). */
export function closingAmount(margin: DecLike, pnl: DecLike): Dec {
  return dec(margin).plus(pnl);
}

/** Money of the account held apart from its balance that can be given back to it: a pending order's reserve, a withdrawal's lock. */
export interface Held<Id> {
  id: Id;
  amount: DecLike;
}

/** How an account that holds no position any more pays a negative balance (see `coverDeficit`). */
export interface DeficitCover<OrderId, WithdrawalId> {
  /** Pending orders cancelled, their margin and fee refunded, in this order. */
  cancel: OrderId[];
  /** Pending withdrawals returned from lock_balance to the balance, in this order. */
  unlock: WithdrawalId[];
  /** negative_balance_protection: the deficit left when the account's own money is spent; zero when none. */
  protection: Dec;
  /** The balance after all of it. */
  balanceAfter: Dec;
}

/**
 * TRADING.md "Negative balance protection", for an account that holds no position: a negative balance is
 * paid first with the account's own money (pending orders' reserves, then pending withdrawals, each whole,
 * in the order given, until the balance is no longer negative), and only the deficit that remains is
 * covered by protection, when the setting is on. So protection is exactly the account's negative equity,
 * and never goes to an account that still holds money anywhere.
 */
export function coverDeficit<OrderId, WithdrawalId>(
  balance: DecLike,
  reserves: readonly Held<OrderId>[],
  locks: readonly Held<WithdrawalId>[],
  protectionOn: boolean,
): DeficitCover<OrderId, WithdrawalId> {
  let cash = dec(balance);
  const take = <Id>(held: readonly Held<Id>[]): Id[] => {
    const taken: Id[] = [];
    for (const item of held) {
      if (!cash.isNegative()) break;
      taken.push(item.id);
      cash = cash.plus(item.amount);
    }
    return taken;
  };
  const cancel = take(reserves);
  const unlock = take(locks);
  const protection = protectionOn && cash.isNegative() ? cash.neg() : dec(0);
  return { cancel, unlock, protection, balanceAfter: cash.plus(protection) };
}
