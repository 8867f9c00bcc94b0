import { dec } from '@meridian/core';
import { Dialog } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeOrder, type Order } from '../../api/trading';
import { changeDirection, formatFigure, lotsParams } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { Money } from '../../ui/Money';

/** A stop as the row shows it: its price, or "Not set" for the wire's '0'. */
export function stopText(level: string, notSet: string): string {
  return dec(level).isZero() ? notSet : formatFigure(level);
}

interface Props {
  order: Order;
  onOpen(): void;
  /** After the row's own close button closed the position. */
  onClosed(): void;
}

/**
 * One order as MetaTrader lists it: side (or a pending order's kind), lots, open → current price (the close
 * price once closed), SL and TP ("Not set"), swap and P&L; a held position has its close button on the row.
 * A pending order shows its expiry and no P&L (it has none yet).
 */
export function OrderRow({ order, onOpen, onClosed }: Props) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const [closing, setClosing] = useState(false);
  const buy = order.OrderType === 1;
  const holding = order.Status === 1;
  const pending = order.Status === 0;
  const cancelled = order.Status === 4;
  const notSet = t('orders.notSet');
  const side =
    order.PendingKind && pending
      ? t(`orders.kind.${order.PendingKind}`)
      : t(buy ? 'order.buy' : 'order.sell');

  const close = async () => {
    const confirmed = await Dialog.confirm({
      content: t('orders.confirmClose'),
      confirmText: t('orders.close'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    setClosing(true);
    try {
      await closeOrder(order.Id);
      onClosed();
    } catch {
      // The refusal was shown by the call.
    } finally {
      setClosing(false);
    }
  };

  return (
    <li className="order-row">
      <button type="button" className="order-row__open" onClick={onOpen}>
        <span className="order-row__head">
          <strong>{name(order.ForexTradeLists.ShowCode)}</strong>
          <span className={buy ? 'tag tag--buy' : 'tag tag--sell'}>{side}</span>
          {order.Copied && <span className="tag tag--copy">{t('orders.copied')}</span>}
          <span className="num muted">
            {t('orders.lotsAndLeverage', { ...lotsParams(order.Quantity), leverage: order.Multiple })}
          </span>
        </span>
        <span className="order-row__prices num">
          {pending ? (
            t('orders.at', { price: formatFigure(order.OriginPrice) })
          ) : (
            <>
              {formatFigure(order.Price)} → {formatFigure(order.UpdatePrice)}
            </>
          )}
        </span>
        {!pending && (
          <span className={`order-row__pnl ${changeDirection(order.FactProfits)}`}>
            {cancelled ? t('orders.cancelled') : <Money value={order.FactProfits} />}
          </span>
        )}
        <span className="order-row__stops muted">
          <span>
            {t('orders.sl')} <span className="num">{stopText(order.TargetLossPrice, notSet)}</span>
          </span>
          <span>
            {t('orders.tp')} <span className="num">{stopText(order.TargetProfitPrice, notSet)}</span>
          </span>
          {!pending && (
            <span>
              {t('orders.swap')} <Money value={order.Swap} />
            </span>
          )}
          {pending && (
            <span>
              {order.ExpiresAt ? t('order.expiry.at', { time: order.ExpiresAt }) : t('order.expiry.gtc')}
            </span>
          )}
        </span>
      </button>
      {holding && (
        <button
          type="button"
          className="order-row__close"
          aria-label={t('orders.closeNamed', { name: name(order.ForexTradeLists.ShowCode), id: order.Id })}
          disabled={closing}
          onClick={() => void close()}
        >
          <CloseOutline />
        </button>
      )}
    </li>
  );
}
