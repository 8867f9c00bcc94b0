/** A quote moving more than this many times the median recent move is a spike (TRADING.md "Prices"). */
export const SPIKE_MEDIAN_FACTOR = 20;
/** How many recent moves the median is taken over. */
export const SPIKE_WINDOW = 100;
/** Fewer moves than this say too little (one gap would be the median): the floor alone judges. */
export const SPIKE_MIN_MOVES = 20;

/** The smallest spike threshold, as a fraction of the last price: 1 % for crypto, 0.3 % for the rest. */
export const spikeFloor = (crypto: boolean): number => (crypto ? 0.01 : 0.003);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * How far (in points) a quote may move from the last accepted one, at `last` points, before it must be
 * confirmed by the next: 20 × the median absolute move of the recent ones, never under the floor.
 * Points are whole numbers: the comparison needs no decimal arithmetic.
 */
export function spikeThreshold(recentMoves: readonly number[], last: number, floorFraction: number): number {
  const floor = last * floorFraction;
  if (recentMoves.length < SPIKE_MIN_MOVES) return floor;
  return Math.max(SPIKE_MEDIAN_FACTOR * median(recentMoves), floor);
}

/** What the next quote does to a held one: confirms it when it lands within half the threshold of it. */
export const confirmsSpike = (held: number, next: number, threshold: number): boolean =>
  Math.abs(next - held) <= threshold / 2;
