import { dec, isDecimalText } from '@meridian/core';
import type { AccountPush, OrderPage } from '../../api/trading';

/** The orders screen's tabs by order status (SPEC.md §4): 1 holding, 0 pending, 3 history. */
export type Tab = 1 | 0 | 3;

/** The totals card's figures with the tab they were loaded on, which gives `all_fact_profits` its meaning. */
export type Totals = Omit<OrderPage, 'data' | 'total'> & { tab: Tab };

/** On history the P&L total is what the listed orders realised; on holding and pending it is floating. */
export const isRealised = (tab: Tab) => tab === 3;

/** Totals follow the live push between page loads: equity and free margin move with floating P&L. */
export function liveTotals(current: Totals, push: AccountPush): Totals {
  if (![current.balance, push.ProfitsTotal, push.CautionMoneyAll].every(isDecimalText)) return current;
  const equity = dec(current.balance).plus(push.CautionMoneyAll).plus(push.ProfitsTotal);
  return {
    ...current,
    // The push carries floating P&L only: history keeps the realised P&L its page came with.
    all_fact_profits: isRealised(current.tab) ? current.all_fact_profits : push.ProfitsTotal,
    caution_money_all: push.CautionMoneyAll,
    hazard_rate: push.HazardRate,
    net_value: equity.toFixed(2),
    free_margin: equity.minus(push.CautionMoneyAll).toFixed(2),
  };
}
