import { dec } from '../decimal';
import type { DecLike } from './instrument';
import type { Side } from './side';

/** Which way a price must cross a trigger level: 'rise' fires at price ≥ level, 'fall' at price ≤ level. */
export type Direction = 'rise' | 'fall';

/** True when `price` has reached `level` in `direction` (the level itself counts). */
export function isTriggered(direction: Direction, level: DecLike, price: DecLike): boolean {
  const cmp = dec(price).comparedTo(level);
  return direction === 'rise' ? cmp >= 0 : cmp <= 0;
}

/** A buy's stop loss fires when the price falls to it; a sell's when it rises to it. */
export function stopLossDirection(side: Side): Direction {
  return side === 'buy' ? 'fall' : 'rise';
}

/** A buy's take profit fires when the price rises to it; a sell's when it falls to it. */
export function takeProfitDirection(side: Side): Direction {
  return side === 'buy' ? 'rise' : 'fall';
}
