import { D, type Dec, dec, toFixed } from '../decimal';
import type { DecLike } from './instrument';

/** margin_call_level default, percent of risk rate. */
export const DEFAULT_MARGIN_CALL_LEVEL = '100';
/** stop_out_level default, percent of risk rate. */
export const DEFAULT_STOP_OUT_LEVEL = '50';

/** A holding order as the account totals need it: its margin and current P&L, both USD. */
export interface HoldingFigures {
  margin: DecLike;
  pnl: DecLike;
}

/** The totals card and the FOREX_TRADE push, exact (TRADING.md "Account figures"). */
export interface AccountFigures {
  balance: Dec;
  /** CautionMoneyAll: Σ margin of holding orders. */
  usedMargin: Dec;
  /** ProfitsTotal: Σ FactProfits of holding orders. */
  floatingPnl: Dec;
  /** Net value: balance + used margin + floating P&L. */
  equity: Dec;
  /** Available prepayment: equity − used margin. */
  freeMargin: Dec;
  /** HazardRate in percent; null ("--") with no holding orders. */
  riskRate: Dec | null;
}

/** Risk rate = equity ÷ used margin × 100; null when no margin is used (no holding orders). */
export function riskRateOf(equity: DecLike, usedMargin: DecLike): Dec | null {
  const used = decOf(usedMargin);
  return used.isZero() ? null : decOf(equity).div(used).times(100);
}

/** A decimal as is, or parsed: the sweep marks every account four times a second, and parsing is its cost. */
const decOf = (value: DecLike): Dec => (value instanceof D ? value : dec(value));

/** Account totals from the balance and the holding orders. */
export function accountFigures(balance: DecLike, holdings: Iterable<HoldingFigures>): AccountFigures {
  let usedMargin = dec(0);
  let floatingPnl = dec(0);
  for (const holding of holdings) {
    usedMargin = usedMargin.plus(holding.margin);
    floatingPnl = floatingPnl.plus(holding.pnl);
  }
  const cash = decOf(balance);
  const equity = cash.plus(usedMargin).plus(floatingPnl);
  return {
    balance: cash,
    usedMargin,
    floatingPnl,
    equity,
    freeMargin: equity.minus(usedMargin),
    riskRate: riskRateOf(equity, usedMargin),
  };
}

// Both levels fire at or below; with no holding orders there is nothing at risk.
function atOrBelow(riskRate: Dec | null, level: DecLike): boolean {
  return riskRate?.lte(level) ?? false;
}

/** Margin call: risk rate ≤ margin_call_level; new orders are refused. */
export function isMarginCall(riskRate: Dec | null, level: DecLike = DEFAULT_MARGIN_CALL_LEVEL): boolean {
  return atOrBelow(riskRate, level);
}

/** Stop-out: risk rate ≤ stop_out_level; holding orders are closed, largest loss first. */
export function isStopOut(riskRate: Dec | null, level: DecLike = DEFAULT_STOP_OUT_LEVEL): boolean {
  return atOrBelow(riskRate, level);
}

/** HazardRate text: percent with 2 decimals, or "--" with no holding orders. */
export function riskRateText(riskRate: Dec | null): string {
  return riskRate === null ? '--' : toFixed(riskRate, 2);
}
