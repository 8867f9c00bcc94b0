import type { OrderPage } from '../../api/trading';

/** The orders screen's tabs by order status (SPEC.md §4): 1 holding, 0 pending, 3 history. */
export type Tab = 1 | 0 | 3;

/** The totals card's figures with the tab they were loaded on, which gives `all_fact_profits` its meaning. */
export type Totals = Omit<OrderPage, 'data' | 'total'> & { tab: Tab };

/** On history the P&L total is what the listed orders realised; on holding and pending it is floating. */
export const isRealised = (tab: Tab) => tab === 3;

/** Between page loads the P&L follows the live account: floating on holding and pending; history keeps what it realised. */
export function liveTotals(current: Totals, floatingPnl: string): Totals {
  return isRealised(current.tab) ? current : { ...current, all_fact_profits: floatingPnl };
}
