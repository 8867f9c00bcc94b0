import { type Dec, dec } from '../decimal';
import { roundPrice } from './format';
import type { DecLike, Instrument } from './instrument';
import { closingSide, type Side } from './side';

type PriceTerms = Pick<Instrument, 'spreadRate' | 'pricePrecision'>;

/** Fill price (Price) of a `side` trade at `marketPrice`: buy × (1 + spread_rate), sell × (1 − spread_rate), to PricePrecision. */
export function fillPrice(side: Side, marketPrice: DecLike, instrument: PriceTerms): Dec {
  const one = dec(1);
  const factor = side === 'buy' ? one.plus(instrument.spreadRate) : one.minus(instrument.spreadRate);
  return roundPrice(factor.times(marketPrice), instrument.pricePrecision);
}

/** Price a position of `side` closes at now; also its UpdatePrice, so floating P&L is what a close would realize. */
export function closePrice(side: Side, marketPrice: DecLike, instrument: PriceTerms): Dec {
  return fillPrice(closingSide(side), marketPrice, instrument);
}
