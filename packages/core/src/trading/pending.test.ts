import { describe, expect, it } from 'vitest';
import { isTriggered, stopLossDirection, takeProfitDirection } from './direction';
import { classifyPending, pendingDirection } from './pending';

describe('pending kinds and trigger directions', () => {
  it('mirrors buys for sells: above the market a sell limit rises to fill, below a sell stop falls', () => {
    expect(classifyPending('sell', '1.1', '1.0')).toBe('sell_limit');
    expect(pendingDirection('sell_limit')).toBe('rise');
    expect(classifyPending('sell', '0.9', '1.0')).toBe('sell_stop');
    expect(pendingDirection('sell_stop')).toBe('fall');
  });

  it("puts a buy's SL on the falling side and its TP on the rising side, a sell's the other way", () => {
    expect([stopLossDirection('buy'), takeProfitDirection('buy')]).toEqual(['fall', 'rise']);
    expect([stopLossDirection('sell'), takeProfitDirection('sell')]).toEqual(['rise', 'fall']);
  });

  it('counts the level itself as reached on both sides', () => {
    expect(isTriggered('rise', '1.5', '1.50')).toBe(true);
    expect(isTriggered('fall', '1.5', '1.50')).toBe(true);
    expect(isTriggered('rise', '1.5', '1.49')).toBe(false);
    expect(isTriggered('fall', '1.5', '1.51')).toBe(false);
  });
});
