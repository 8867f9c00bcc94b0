import { type Dec, dec } from '../decimal';
import { roundMoney } from './format';
import type { DecLike, Instrument } from './instrument';
import { checkLots, type Refusal } from './orderChecks';

/** Why closing part of a position is refused. */
export type PartialCloseRefusal = Refusal | 'close_lots_above_position' | 'close_rest_below_min';

/**
 * Lots to close of a position of `held` lots: valid lots of the instrument (its maximum aside: closing
 * never adds exposure), at most the position, and leaving none or at least the minimum open.
 */
export function checkPartialClose(
  instrument: Pick<Instrument, 'lotStep' | 'minLots'>,
  held: DecLike,
  lots: DecLike,
): PartialCloseRefusal | null {
  const refusal = checkLots({ ...instrument, maxLots: null }, lots);
  if (refusal) return refusal;
  const rest = dec(held).minus(lots);
  if (rest.isNegative()) return 'close_lots_above_position';
  if (!rest.isZero() && rest.lt(instrument.minLots)) return 'close_rest_below_min';
  return null;
}

export interface PositionShare {
  lots: Dec;
  margin: Dec;
  fee: Dec;
  /** Accrued swap (TRADING.md "Swaps"). */
  swap: Dec;
}

/**
 * A position split in two by closing `lots` of it: the part closed takes its share of the margin, fee and
 * accrued swap (rounded as money), the part left keeps the rest, so the two add up to the position exactly.
 */
export function splitPosition(
  position: { lots: DecLike; margin: DecLike; fee: DecLike; swap: DecLike },
  lots: DecLike,
): { closed: PositionShare; rest: PositionShare } {
  const share = dec(lots).div(position.lots);
  const shareOf = (amount: DecLike) => roundMoney(dec(amount).times(share));
  const closed = {
    lots: dec(lots),
    margin: shareOf(position.margin),
    fee: shareOf(position.fee),
    swap: shareOf(position.swap),
  };
  return {
    closed,
    rest: {
      lots: dec(position.lots).minus(closed.lots),
      margin: dec(position.margin).minus(closed.margin),
      fee: dec(position.fee).minus(closed.fee),
      swap: dec(position.swap).minus(closed.swap),
    },
  };
}
