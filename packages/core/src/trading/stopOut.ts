import { dec } from '../decimal';
import {
  accountFigures,
  DEFAULT_STOP_OUT_LEVEL,
  type HoldingFigures,
  isStopOut,
  riskRateOf,
} from './account';
import type { DecLike } from './instrument';
import { settleClose } from './settle';

/** A holding order as stop-out sees it: its id, margin and P&L at the current price, in USD. */
export interface StopOutPosition<Id> extends HoldingFigures {
  id: Id;
}

export interface StopOutOptions {
  /** stop_out_level in percent (default 50). */
  level?: DecLike;
  /** Negative balance protection setting (default on); it applies after each close. */
  negativeBalanceProtection?: boolean;
}

/**
 * Ids to close, in order, to stop out an account: largest loss first (ties in the given order),
 * one at a time, each close returning margin + P&L to the balance, until the risk rate is above
 * the level or no position is left. Empty when the account is not at or below the level.
 */
export function stopOutSequence<Id>(
  balance: DecLike,
  positions: readonly StopOutPosition<Id>[],
  options: StopOutOptions = {},
): Id[] {
  const { level = DEFAULT_STOP_OUT_LEVEL, negativeBalanceProtection = true } = options;
  // Array sort is stable, so equal losses close in the order the caller gave.
  const byLoss = [...positions].sort((a, b) => dec(a.pnl).comparedTo(b.pnl));
  let { balance: cash, usedMargin, floatingPnl } = accountFigures(balance, positions);
  const closed: Id[] = [];
  for (const position of byLoss) {
    const riskRate = riskRateOf(cash.plus(usedMargin).plus(floatingPnl), usedMargin);
    if (!isStopOut(riskRate, level)) break;
    closed.push(position.id);
    cash = settleClose(cash, position, negativeBalanceProtection).balanceAfter;
    usedMargin = usedMargin.minus(position.margin);
    floatingPnl = floatingPnl.minus(position.pnl);
  }
  return closed;
}
