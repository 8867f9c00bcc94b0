import { dec } from '../decimal';
import {
  accountFigures,
  DEFAULT_STOP_OUT_LEVEL,
  type HoldingFigures,
  isStopOut,
  riskRateOf,
} from './account';
import type { DecLike } from './instrument';
import { closingAmount } from './settle';

/** A holding order as stop-out sees it: its id, margin and P&L at the current price, in USD. */
export interface StopOutPosition<Id> extends HoldingFigures {
  id: Id;
  /** False when its quote is stale or its market closed: it counts in the risk rate but is not closed at that price. */
  closable?: boolean;
}

export interface StopOutOptions {
  /** stop_out_level in percent (default 50). */
  level?: DecLike;
}

/** What stop-out does to an account: the positions to close in order, and whether it must stop with some still at risk. */
export interface StopOutPlan<Id> {
  close: Id[];
  /** At or below the level after every closable position is closed, with positions left that cannot be closed now. */
  blocked: boolean;
}

/**
 * Stop-out of an account: largest loss first (ties in the given order), one at a time, each close
 * returning margin + P&L to the balance, until the risk rate is above the level or no closable position
 * is left. A position without a live price is never closed (TRADING.md "Prices": nothing happens on a
 * stale quote); if the account is still at or below the level with such positions, it is `blocked`.
 * Negative balance protection waits until the account holds nothing: it never changes this sequence.
 */
export function stopOutPlan<Id>(
  balance: DecLike,
  positions: readonly StopOutPosition<Id>[],
  options: StopOutOptions = {},
): StopOutPlan<Id> {
  const { level = DEFAULT_STOP_OUT_LEVEL } = options;
  // Array sort is stable, so equal losses close in the order the caller gave.
  const byLoss = positions.filter((p) => p.closable !== false).sort((a, b) => dec(a.pnl).comparedTo(b.pnl));
  let { balance: cash, usedMargin, floatingPnl } = accountFigures(balance, positions);
  const atRisk = () => isStopOut(riskRateOf(cash.plus(usedMargin).plus(floatingPnl), usedMargin), level);
  const close: Id[] = [];
  for (const position of byLoss) {
    if (!atRisk()) break;
    close.push(position.id);
    cash = cash.plus(closingAmount(position.margin, position.pnl));
    usedMargin = usedMargin.minus(position.margin);
    floatingPnl = floatingPnl.minus(position.pnl);
  }
  return { close, blocked: atRisk() && close.length < positions.length };
}

/** The ids `stopOutPlan` closes. */
export function stopOutSequence<Id>(
  balance: DecLike,
  positions: readonly StopOutPosition<Id>[],
  options: StopOutOptions = {},
): Id[] {
  return stopOutPlan(balance, positions, options).close;
}
