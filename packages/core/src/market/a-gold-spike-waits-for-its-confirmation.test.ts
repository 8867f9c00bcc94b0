import { describe, expect, it } from 'vitest';
import { confirmsSpike, spikeFloor, spikeThreshold } from './spikes';

describe('gold at 2000.00 (200,000 points), moving 10 to 30 points a quote', () => {
  const moves = Array.from({ length: 100 }, (_, i) => 10 + (i % 21));
  it('allows a move of 20 × the median move, and no less than 0.3 % of the price', () => {
    // The median move is 19.5 points, 20 × it 390; the floor, 0.3 % of 200,000, is 600.
    expect(spikeThreshold(moves, 200_000, spikeFloor(false))).toBeCloseTo(600, 9);
    const wild = moves.map((m) => m * 10);
    expect(spikeThreshold(wild, 200_000, spikeFloor(false))).toBe(3900);
  });

  it('judges by the floor alone until 20 moves are known (one gap is no median), 1 % for crypto', () => {
    expect(spikeThreshold([], 9_600_000, spikeFloor(true))).toBe(96_000);
    expect(spikeThreshold([500_000, 10, 10], 9_600_000, spikeFloor(true))).toBe(96_000);
  });

  it('takes a held spike when the next quote lands within half the threshold of it', () => {
    expect(confirmsSpike(190_000, 190_250, 600)).toBe(true);
    expect(confirmsSpike(190_000, 199_990, 600)).toBe(false);
  });
});
