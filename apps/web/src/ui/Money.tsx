/** The account currency: every balance, margin, fee and P&L is in USD (TRADING.md "Account currency"). */
export const ACCOUNT_CURRENCY = 'USD';

/** A currency code, as it follows an amount or sits beside an amount field. */
export function CurrencyCode({ code = ACCOUNT_CURRENCY }: { code?: string }) {
  return <span className="money__currency">{code}</span>;
}

interface MoneyProps {
  /** The amount as it is to be shown (formatMoney, moneyText or the server's own text); '--' when there is none. */
  amount: string;
  /** USD unless the figure is in another currency (a withdrawal's payout currency). */
  currency?: string;
  /** Classes of the amount itself (colour, size), so its text stays the bare figure. */
  className?: string;
}

/** Money with its currency after it, in the reading order of the language; a placeholder has no currency. */
export function Money({ amount, currency, className }: MoneyProps) {
  return (
    <span className="money">
      <span className={className ? `num ${className}` : 'num'}>{amount}</span>
      {amount !== '--' && (
        <>
          {' '}
          <CurrencyCode code={currency} />
        </>
      )}
    </span>
  );
}
