import type { PendingKind } from '@meridian/core';
import { Button, Popup, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FigureRow, FigureRows } from '../../ui/FigureRows';
import { BALANCE_PLACES, formatFigure, formatPrice } from '../../ui/format';
import type { Ticket } from './ticket';

interface Props {
  /** The order as it would be sent now (live), or null when the sheet is shut. */
  ticket: Ticket | null;
  instrumentName: string;
  pricePrecision: number;
  leverage: number | null;
  /** The pending order's kind (Buy Limit…), null at the market. */
  kind: PendingKind | null;
  /** When the pending order expires (UTC), null when good till cancelled. */
  expiry: string | null;
  busy: boolean;
  /** Sends the order; `oneTap` when the trader asked not to be asked again. */
  onConfirm(oneTap: boolean): void;
  onCancel(): void;
}

/** Issue 22: what a Buy or Sell will place, live, before it is placed, unless the trader chose one-tap trading. */
export function ConfirmOrderSheet({
  ticket,
  instrumentName,
  pricePrecision,
  leverage,
  kind,
  expiry,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const [oneTap, setOneTap] = useState(false);
  // Prices as they will be stored, at the instrument's precision.
  const price = (value: string) => formatPrice(value, pricePrecision);

  const rows: FigureRow[] = ticket
    ? [
        ['order.lots', formatFigure(ticket.lots)],
        ['order.leverage', leverage === null ? '--' : `1:${leverage}`],
        ticket.pendingTarget === null
          ? ['order.confirm.priceNow', price(ticket.fillPrice)]
          : ['order.targetPrice', price(ticket.pendingTarget)],
        ...(ticket.pendingTarget === null
          ? []
          : ([
              [
                'order.expiry.label',
                expiry === null ? t('order.expiry.gtc') : t('order.expiry.at', { time: expiry }),
              ],
            ] as FigureRow[])),
        ['order.margin', ticket.margin, BALANCE_PLACES],
        ['order.fee', ticket.fee, BALANCE_PLACES],
        ...(ticket.stopLoss === null
          ? []
          : ([
              ['order.stopLoss', price(ticket.stopLoss)],
              ['order.pnlAtSl', ticket.pnlAtSl ?? '', BALANCE_PLACES],
            ] as FigureRow[])),
        ...(ticket.takeProfit === null
          ? []
          : ([
              ['order.takeProfit', price(ticket.takeProfit)],
              ['order.pnlAtTp', ticket.pnlAtTp ?? '', BALANCE_PLACES],
            ] as FigureRow[])),
        ...(ticket.trailingPoints === null
          ? []
          : ([
              [
                'order.trailing',
                t('orders.trailingPoints', {
                  points: ticket.trailingPoints,
                  count: Number(ticket.trailingPoints),
                }),
              ],
            ] as FigureRow[])),
      ]
    : [];

  return (
    <Popup
      visible={ticket !== null}
      onMaskClick={onCancel}
      onClose={onCancel}
      destroyOnClose
      bodyClassName="confirm-order"
      afterClose={() => setOneTap(false)}
    >
      {ticket && (
        <>
          <header className="confirm-order__head">
            <span className={ticket.side === 'buy' ? 'tag tag--buy' : 'tag tag--sell'}>
              {t(`order.${ticket.side}`)}
            </span>
            <strong>{instrumentName}</strong>
            <span className="muted">
              {kind
                ? t(`orders.kind.${kind}`)
                : t(ticket.pendingTarget === null ? 'order.market' : 'order.pending')}
            </span>
          </header>
          <FigureRows rows={rows} className="confirm-order__rows" />
          <div className="confirm-order__one-tap">
            <div>
              <span>{t('order.oneTap.dontAsk')}</span>
              <p className="muted">{t('order.oneTap.explain')}</p>
            </div>
            <Switch checked={oneTap} onChange={setOneTap} aria-label={t('order.oneTap.dontAsk')} />
          </div>
          <div className="confirm-order__actions">
            <Button block onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button block className={ticket.side} loading={busy} onClick={() => onConfirm(oneTap)}>
              {t('common.confirm')}
            </Button>
          </div>
        </>
      )}
    </Popup>
  );
}
