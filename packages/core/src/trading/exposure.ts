import { type Dec, dec } from '../decimal';
import { type DecLike, type Instrument, unitsOf } from './instrument';
import type { Side } from './side';
import { type PriceLookup, toUsd } from './usd';

/** The platform's net lots after an order: a buy adds its lots, a sell takes them away. */
export function netAfter(net: DecLike, order: { side: Side; lots: DecLike }): Dec {
  return order.side === 'buy' ? dec(net).plus(order.lots) : dec(net).minus(order.lots);
}

/**
 * Whether an order breaks an instrument's exposure limit (TRADING.md "Exposure"): it does when the
 * absolute net after it is above the limit AND further from zero than before. So an order that brings
 * the net closer to zero is always accepted, even one that crosses to the other side or one placed
 * while the net stands above a limit lowered since; none is refused without a limit (null).
 */
export function breaksExposureLimit(
  net: DecLike,
  order: { side: Side; lots: DecLike },
  limit: DecLike | null,
): boolean {
  if (limit === null) return false;
  const after = netAfter(net, order).abs();
  return after.greaterThan(limit) && after.greaterThan(dec(net).abs());
}

/** Net lots in USD at `price`: lots × units per lot × price, converted from the quote currency; signed. */
export function exposureUsd(
  instrument: Pick<Instrument, 'contractSize' | 'quoteCurrency'>,
  netLots: DecLike,
  price: DecLike,
  prices: PriceLookup,
): Dec {
  return toUsd(unitsOf(instrument, netLots).times(price), instrument.quoteCurrency, prices);
}
