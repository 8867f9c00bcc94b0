/**
 * The random walk behind simulated prices and generated history. It runs in integer points (minor
 * units at PricePrecision), so every price it produces is exact decimal text at the edge.
 */

/** Volatility is quoted per year of trading; a trading year is taken as 252 days of 24 hours. */
const TRADING_SECONDS_PER_YEAR = 252 * 86_400;

export type Random = () => number;

/** mulberry32: a small, fast, seedable PRNG; the same seed gives the same sequence. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed of its own per symbol, so adding an instrument does not change the others' prices. */
export function symbolSeed(seed: number, symbol: string): number {
  let hash = 2_166_136_261 ^ seed;
  for (const ch of symbol) hash = Math.imul(hash ^ ch.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

/** A standard normal draw (Box–Muller). */
export function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Standard deviation of a relative move over `seconds` for an annualized volatility. */
export function sigmaOver(volatility: number, seconds: number): number {
  return volatility * Math.sqrt(seconds / TRADING_SECONDS_PER_YEAR);
}

/** A move in points from `points` with relative deviation `sigma`; the price never reaches zero. */
export function step(points: number, sigma: number, random: Random): number {
  return Math.max(1, points + Math.round(points * sigma * gaussian(random))) - points;
}
