import { D, type Dec, type DecimalInput, dec, Scale, toFixed } from '../decimal';
import { type AccountFigures, DEFAULT_MARGIN_CALL_LEVEL, isMarginCall } from '../trading/account';
import type { DecLike } from '../trading/instrument';

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

/**
 * TRADING.md "Funding": what may be withdrawn now, exact: min(balance, free margin), never below zero,
 * and nothing while a margin call stands (open positions need it).
 */
export function withdrawable(
  account: Pick<AccountFigures, 'balance' | 'freeMargin' | 'riskRate'>,
  marginCallLevel: DecLike = DEFAULT_MARGIN_CALL_LEVEL,
): Dec {
  if (isMarginCall(account.riskRate, marginCallLevel)) return dec(0);
  return D.max(D.min(account.balance, account.freeMargin), 0);
}

/** An amount as the screens show what is available: 2 decimals, rounded down, so it never promises a cent more. */
export function availableText(amount: DecimalInput): string {
  return dec(amount).toDecimalPlaces(Scale.balance, D.ROUND_DOWN).toFixed(Scale.balance);
}
