import { type Dec, dec } from '../decimal';
import { riskRateOf } from './account';
import type { DecLike } from './instrument';

/** The account as the wire gives it (TRADING.md "Account figures"), all USD decimal text. */
export interface WireFigures {
  /** SPEC's `balance`: free cash, after the margin and fees of open and pending orders were taken. */
  cash: DecLike;
  /** CautionMoneyAll: Σ margin of holding orders. */
  usedMargin: DecLike;
  /** ProfitsTotal: Σ FactProfits of holding orders, accrued swap included. */
  floatingPnl: DecLike;
  /** Σ (margin + fee) of pending orders: taken from the cash when placed, given back if cancelled. */
  pendingReserve: DecLike;
}

/** The account in MetaTrader's words, as a trader reads it. */
export interface TraderView {
  /** Cash with what is only held for orders put back: moves on deposit, withdrawal, fee, swap and close. */
  balance: Dec;
  /** Balance + floating P&L. */
  equity: Dec;
  /** What is held for orders: holding positions' margin and pending orders' reserves. */
  margin: Dec;
  /** Equity − margin: what new orders and withdrawals may use (the server's free margin). */
  freeMargin: Dec;
  /** The level margin call and stop-out are judged on (HazardRate), percent; null with no position held. */
  marginLevel: Dec | null;
}

/**
 * The five figures from SPEC's. Balance = cash + used margin + pending reserves, so opening a position or
 * placing a pending order does not move it, and its fee does when it is charged; equity = balance + floating
 * P&L; margin = used margin + pending reserves, so equity − margin is the server's free margin
 * (cash + floating P&L) to the cent. The margin level stays TRADING.md's risk rate, (cash + used margin +
 * floating P&L) ÷ used margin, the figure margin call and stop-out act on: it counts holding positions only,
 * so while pending orders hold reserves it is not equity ÷ margin.
 */
export function traderView(figures: WireFigures): TraderView {
  const cash = dec(figures.cash);
  const used = dec(figures.usedMargin);
  const reserve = dec(figures.pendingReserve);
  const balance = cash.plus(used).plus(reserve);
  const equity = balance.plus(figures.floatingPnl);
  const margin = used.plus(reserve);
  return {
    balance,
    equity,
    margin,
    freeMargin: equity.minus(margin),
    marginLevel: riskRateOf(cash.plus(used).plus(figures.floatingPnl), used),
  };
}
