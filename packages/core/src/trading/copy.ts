import { D, type Dec, dec, isDecimalText } from '../decimal';
import type { DecLike, Instrument } from './instrument';

/** What a follower's copy of a provider's order comes to: its lots, or why none can be placed. */
export type CopySize = { lots: string } | { refused: 'copy_too_small' | 'copy_no_equity' };

/**
 * The follower's lots for a provider's order: provider lots × allocation ÷ provider equity, rounded
 * down to the lot step (a copy never takes more risk than its share), capped at the maximum; below the
 * minimum it cannot be copied.
 */
export function copyLots(
  terms: Pick<Instrument, 'lotStep' | 'minLots' | 'maxLots'>,
  providerLots: DecLike,
  allocation: DecLike,
  providerEquity: DecLike,
): CopySize {
  if (!dec(providerEquity).gt(0)) return { refused: 'copy_no_equity' };
  const share = dec(providerLots).times(allocation).div(providerEquity);
  const steps = share.div(terms.lotStep).toDecimalPlaces(0, D.ROUND_DOWN);
  let lots: Dec = steps.times(terms.lotStep);
  if (lots.lt(terms.minLots) || lots.isZero()) return { refused: 'copy_too_small' };
  if (terms.maxLots !== null && lots.gt(terms.maxLots)) lots = dec(terms.maxLots);
  return { lots: lots.toFixed() };
}

/**
 * The follower's lots to close when the provider closed part of a position (from `providerBefore` lots to
 * `providerNow`): the same share of the follower's lots, rounded down to the lot step; all of them when
 * less than the minimum would stay open. Too small when the share rounds to nothing.
 */
export function copyReduction(
  terms: Pick<Instrument, 'lotStep' | 'minLots'>,
  followerLots: DecLike,
  providerBefore: DecLike,
  providerNow: DecLike,
): { lots: string } | { refused: 'copy_too_small' } {
  const share = dec(providerBefore).minus(providerNow).div(providerBefore);
  const lots = dec(followerLots).times(share).toNearest(terms.lotStep, D.ROUND_DOWN);
  if (dec(followerLots).minus(lots).lt(terms.minLots)) return { lots: dec(followerLots).toFixed() };
  return lots.gt(0) ? { lots: lots.toFixed() } : { refused: 'copy_too_small' };
}

/** A copy's loss limit is reached once its result has lost `stopPercent` % of the allocation or more. */
export function copyLossLimitReached(result: DecLike, allocation: DecLike, stopPercent: DecLike): boolean {
  return dec(result).lte(dec(allocation).times(stopPercent).div(100).neg());
}

/** A copy's allocation as typed: USD above zero with cents at most; null otherwise. */
export function copyAllocation(text: string): Dec | null {
  const value = text.trim();
  return isDecimalText(value) && dec(value).gt(0) && dec(value).decimalPlaces() <= 2 ? dec(value) : null;
}

/** A copy's loss limit as typed: 1 to 100 % with at most 2 decimals; null otherwise. */
export function copyStopPercent(text: string): Dec | null {
  const value = text.trim();
  const ok =
    isDecimalText(value) && dec(value).gte(1) && dec(value).lte(100) && dec(value).decimalPlaces() <= 2;
  return ok ? dec(value) : null;
}
