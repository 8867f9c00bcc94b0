/** The direction of an order: OrderType 1 is a buy, any other value a sell (SPEC.md §3). */
export type Side = 'buy' | 'sell';

/** The wire's and the database's OrderType of a side: 1 buy, 2 sell. */
export const OrderType = { buy: 1, sell: 2 } as const;
export type OrderType = (typeof OrderType)[Side];

/** Side of a wire OrderType (1 buy, otherwise sell): the one place that reads the number. */
export function sideOfOrderType(orderType: number | string): Side {
  return Number(orderType) === OrderType.buy ? 'buy' : 'sell';
}

/** The side that closes a position of `side`: a buy closes by selling. */
export function closingSide(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy';
}
