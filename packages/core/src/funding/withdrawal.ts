import { D, type Dec, type DecimalInput, dec, Scale, toFixed } from '../decimal';

/** A withdrawal currency's fee terms (SPEC.md §3): fee_type 1 charges draw_rate as a fixed amount, otherwise draw_rate × amount. */
export interface WithdrawTerms {
  drawRate: DecimalInput;
  feeType: number;
  usdPrice: DecimalInput;
}

export function withdrawalFee(amount: DecimalInput, terms: WithdrawTerms): Dec {
  return terms.feeType === 1 ? dec(terms.drawRate) : dec(terms.drawRate).times(amount);
}

/**
 * TRADING.md "Funding": received = amount × usd_price − fee, floored at 0, 2 decimals.
 * Rounded down so the screen never promises more than is paid out.
 */
export function withdrawalQuote(
  amount: DecimalInput,
  terms: WithdrawTerms,
): { fee: string; received: string } {
  const fee = withdrawalFee(amount, terms);
  const received = D.max(dec(amount).times(terms.usdPrice).minus(fee), 0);
  return {
    fee: toFixed(fee, Scale.feeAndMargin),
    received: received
      .toDecimalPlaces(Scale.withdrawReceivable, D.ROUND_DOWN)
      .toFixed(Scale.withdrawReceivable),
  };
}
