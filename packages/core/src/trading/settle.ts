import { type Dec, dec } from '../decimal';
import type { DecLike } from './instrument';

/** What closing one position does to the balance. */
export interface Settlement {
  /** trade_settle: margin + P&L returned to the balance (negative when the loss exceeds the margin). */
  amount: Dec;
  /** negative_balance_protection: what raises the balance back to zero; zero when none is due. */
  topUp: Dec;
  /** Balance after both rows. */
  balanceAfter: Dec;
}

/** Closing amount = margin + P&L. */
export function closingAmount(margin: DecLike, pnl: DecLike): Dec {
  return dec(margin).plus(pnl);
}

/** Settles a close against `balance`; with protection on, a balance left below zero is raised to zero. */
export function settleClose(
  balance: DecLike,
  position: { margin: DecLike; pnl: DecLike },
  negativeBalanceProtection = true,
): Settlement {
  const amount = closingAmount(position.margin, position.pnl);
  const afterClose = dec(balance).plus(amount);
  const topUp = negativeBalanceProtection && afterClose.lt(0) ? afterClose.neg() : dec(0);
  return { amount, topUp, balanceAfter: afterClose.plus(topUp) };
}
