import { ACCOUNT_CURRENCY, BALANCE_PLACES, formatMoneyWithCurrency } from './format';

/** A currency code, as it sits beside an amount field. */
export function CurrencyCode({ code = ACCOUNT_CURRENCY }: { code?: string }) {
  return <span className="money__currency">{code}</span>;
}

interface MoneyProps {
  /** The amount as decimal text (as the server sends it or core computes it); '--' when there is none. */
  value: string | null | undefined;
  /** Decimals shown: 2 for balances and P&L, 6 for fee and margin (SPEC.md §9). */
  places?: number;
  /** USD unless the figure is in another currency (a withdrawal's payout currency). */
  currency?: string;
  /** A + before gains (returns, results). */
  signed?: boolean;
  /** Classes of the figure (colour, size). */
  className?: string;
}

/** Money with its currency, in the language's way: $1,234.50 · 1.234,50 $ · 1 234,50 $US. */
export function Money({ value, places = BALANCE_PLACES, currency, signed, className }: MoneyProps) {
  return (
    <span className={className ? `money num ${className}` : 'money num'}>
      {formatMoneyWithCurrency(value, { places, currency, signed })}
    </span>
  );
}
