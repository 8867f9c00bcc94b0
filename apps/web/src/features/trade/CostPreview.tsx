import { moneyText, type OrderCost, type Side } from '@meridian/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../ui/Money';
import { BAR_SIDES } from './TradeBar';
import type { Ticket } from './ticket';

interface Props {
  costs: Record<Side, OrderCost> | null;
  tickets: Record<Side, Ticket> | null;
  showSl: boolean;
  showTp: boolean;
}

/** Margin, fee and the P&L at SL and TP of each side before either is pressed, in the bar's order: Sell, then Buy. */
export function CostPreview({ costs, tickets, showSl, showTp }: Props) {
  const { t } = useTranslation();
  /** A P&L at SL or TP row: each side's figure, '--' where its level is not on its side. */
  const pnlRow = (label: string, pick: (ticket: Ticket) => string | null) => (
    <div key={label}>
      <dt>{t(label)}</dt>
      {BAR_SIDES.map((side) => (
        <dd key={side}>
          <Money value={tickets ? pick(tickets[side]) : null} />
        </dd>
      ))}
    </div>
  );
  return (
    <div className="order-form__costs">
      <div className="order-form__sides">
        <span />
        {BAR_SIDES.map((side) => (
          <span key={side} className={side === 'buy' ? 'up' : 'down'}>
            {t(`order.${side}`)}
          </span>
        ))}
      </div>
      <dl className="order-form__preview">
        {(['margin', 'fee'] as const).map((figure) => (
          <div key={figure}>
            <dt>{t(`order.${figure}`)}</dt>
            {BAR_SIDES.map((side) => (
              <dd key={side}>
                <Money value={costs && moneyText(costs[side][figure])} />
              </dd>
            ))}
          </div>
        ))}
        {showSl && pnlRow('order.pnlAtSl', (ticket) => ticket.pnlAtSl)}
        {showTp && pnlRow('order.pnlAtTp', (ticket) => ticket.pnlAtTp)}
      </dl>
    </div>
  );
}
