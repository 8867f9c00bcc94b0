import { dec, type PendingKind, type Side } from '@meridian/core';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../ui/format';
import { FieldProblem } from './FieldProblem';
import type { Problems } from './orderProblems';
import type { SidePrices } from './sidePrices';

/** Sell on the left, Buy on the right, as MetaTrader and cTrader place them (the bid under the ask's left). */
export const BAR_SIDES: readonly Side[] = ['sell', 'buy'];

interface Props {
  prices: SidePrices | null;
  pricePrecision: number;
  closed: boolean;
  /** Each side's pending order kind when the form places one at a valid price (Buy Limit…); null at the market. */
  kinds: Record<Side, PendingKind> | null;
  busy: Side | null;
  onChoose(side: Side): void;
  problems: Problems;
}

/**
 * The trade screen's Sell and Buy, always in view above the tab bar whatever the screen holds above it: each
 * with the price it trades at (sidePrices), the spread between them, and what stops the order if anything does.
 * Sell stays on the left in every language: the bid sits left of the ask, as on the chart's price axis.
 */
export function TradeBar({ prices, pricePrecision, closed, kinds, busy, onChoose, problems }: Props) {
  const { t } = useTranslation();
  const price = (value: string) => formatPrice(value, pricePrecision);
  const spread = prices && dec(prices.buy).minus(prices.sell).toFixed(pricePrecision);
  return (
    <fieldset className="trade-bar" aria-label={t('order.bar')}>
      <FieldProblem id="order-problem" problem={problems.form} />
      {closed && <p className="trade-bar__closed">{t('market.closed')}</p>}
      <div className="trade-bar__sides" dir="ltr">
        {BAR_SIDES.map((side) => (
          <Button
            key={side}
            className={`trade-bar__side ${side}`}
            disabled={closed}
            loading={busy === side}
            onClick={() => onChoose(side)}
          >
            <span className="trade-bar__label" dir="auto">
              {kinds ? t(`orders.kind.${kinds[side]}`) : t(`order.${side}`)}
            </span>
            {prices && !closed && <span className="trade-bar__price num">{price(prices[side])}</span>}
          </Button>
        ))}
        {spread !== null && !closed && (
          <span className="trade-bar__spread" title={t('order.spread')}>
            <span className="visually-hidden">{t('order.spread')} </span>
            <span className="num">{price(spread)}</span>
          </span>
        )}
      </div>
    </fieldset>
  );
}
