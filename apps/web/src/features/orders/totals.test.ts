import { describe, expect, it } from 'vitest';
import { liveTotals, type Tab, type Totals } from './totals';

const loaded = (tab: Tab, profits: string): Totals => ({
  tab,
  balance: '900.00',
  all_fact_profits: profits,
  caution_money_all: '100.000000',
  hazard_rate: '1000.00',
  net_value: '1000.00',
  free_margin: '900.00',
  pending_reserve: '0.000000',
});

describe('the orders screen totals, live', () => {
  it('shows the live floating P&L on holding and pending', () => {
    for (const tab of [1, 0] as const) {
      expect(liveTotals(loaded(tab, '3.000000'), '-12.500000').all_fact_profits).toBe('-12.500000');
    }
  });

  it('keeps the realised P&L on history', () => {
    expect(liveTotals(loaded(3, '9.035000'), '-12.500000').all_fact_profits).toBe('9.035000');
  });
});
