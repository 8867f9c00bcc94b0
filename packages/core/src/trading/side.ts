/** The direction of an order: OrderType 1 is a buy, any other value a sell (SPEC.md §3). */
export type Side = 'buy' | 'sell';

/** Side of a wire OrderType (1 buy, otherwise sell). */
export function sideOfOrderType(orderType: number): Side {
  return orderType === 1 ? 'buy' : 'sell';
}

/** The side that closes a position of `side`: a buy closes by selling. */
export function closingSide(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy';
}
