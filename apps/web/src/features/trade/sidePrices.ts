import { isDecimalText } from '@meridian/core';

/** What the Sell and Buy buttons show: Sell the bid, Buy the ask, at the instrument's precision. */
export interface SidePrices {
  sell: string;
  buy: string;
}

/**
 * The one place the trade bar reads its two prices from: the quote's bid and ask, as the server quotes them;
 * null while there is no price. The lots typed play no part: the prices stay shown while the lots are wrong.
 */
export function sidePrices(quote: { bid: string; ask: string }): SidePrices | null {
  const priced = (price: string) => isDecimalText(price) && Number(price) > 0;
  if (!priced(quote.bid) || !priced(quote.ask)) return null;
  return { sell: quote.bid, buy: quote.ask };
}
