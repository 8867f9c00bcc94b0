import { type Dec, dec } from '../decimal';

/** A decimal at the module boundary: decimal text or a `Dec`, never a JavaScript float. */
export type DecLike = Dec | string;

/** What the trading rules need to know about an instrument (SPEC.md §3, TRADING.md additions). */
export interface Instrument {
  id: number;
  /** ForexContNum: units per lot. */
  contractSize: DecLike;
  /** ForexMinCont. */
  minLots: DecLike;
  /** Pip: the lot step. */
  lotStep: DecLike;
  /** MaxCont; null when there is no maximum. */
  maxLots: DecLike | null;
  /** HasForexMultiple values. */
  leverages: readonly number[];
  /** ForexFeeRate. */
  feeRate: DecLike;
  /** MarginMode 1: the margin is lots × ForexContNum, whatever the price and leverage. */
  fixedMargin: boolean;
  pricePrecision: number;
  /** quote_currency, e.g. 'USD', 'JPY', 'GBP': the currency of prices and of raw P&L. */
  quoteCurrency: string;
}

/** The instrument fields as the wire carries them (`@meridian/contract` Instrument satisfies this). */
export interface WireInstrument {
  Id: number;
  ForexContNum: string;
  ForexMinCont: string;
  Pip: string;
  MaxCont: string | null;
  HasForexMultiple: readonly { Value: number }[];
  ForexFeeRate: string;
  MarginMode: number;
  PricePrecision: number;
  QuoteCurrency: string;
}

/** Reads the trading terms of a wire instrument (the web order form's preview starts here). */
export function instrumentFromWire(wire: WireInstrument): Instrument {
  return {
    id: wire.Id,
    contractSize: wire.ForexContNum,
    minLots: wire.ForexMinCont,
    lotStep: wire.Pip,
    // An empty MaxCont is as good as none.
    maxLots: wire.MaxCont || null,
    leverages: wire.HasForexMultiple.map((option) => option.Value),
    feeRate: wire.ForexFeeRate,
    fixedMargin: wire.MarginMode === 1,
    pricePrecision: wire.PricePrecision,
    quoteCurrency: wire.QuoteCurrency,
  };
}

/** Units = lots × ForexContNum. */
export function unitsOf(instrument: Pick<Instrument, 'contractSize'>, lots: DecLike): Dec {
  return dec(lots).times(instrument.contractSize);
}
