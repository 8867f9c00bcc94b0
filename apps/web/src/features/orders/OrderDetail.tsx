import { toPoints } from '@meridian/core';
import { Button, Dialog, Input, Popup, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelOrder, closeOrder, type Order, setStopPrice } from '../../api/trading';
import { useMarket } from '../../stores/market';
import { type FigureRow, FigureRows } from '../../ui/FigureRows';
import { changeDirection, FEE_MARGIN_PLACES, formatFigure } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { Money } from '../../ui/Money';
import { pointsDistance } from '../trade/stopFields';
import { ClosePartButton } from './ClosePartButton';

/** Decimals of a price as the server sends it, at the instrument's precision. */
const decimalsOf = (price: string) => price.split('.')[1]?.length ?? 0;

interface Props {
  order: Order | null;
  onClose(): void;
  /** After a close, cancel or TP/SL edit succeeded. */
  onChanged(): void;
}

/** SPEC.md §4: the detail popup, 60% high for a holding order and 38% otherwise, with its actions. */
export function OrderDetail({ order, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const [editing, setEditing] = useState(false);
  const [sl, setSl] = useState('');
  /** Whether the trader typed a stop loss: a trailing stop moves the saved one while the form is open. */
  const [slTyped, setSlTyped] = useState(false);
  const [tp, setTp] = useState('');
  const [trailing, setTrailing] = useState('');
  const [busy, setBusy] = useState(false);
  const instrument = useMarket((s) => s.instruments.find((i) => i.Id === order?.ForexId));

  const orderId = order?.Id;
  const savedSl = order && order.TargetLossPrice !== '0' ? order.TargetLossPrice : '';
  const savedTp = order && order.TargetProfitPrice !== '0' ? order.TargetProfitPrice : '';
  // Trailing distances are shown and typed in points of the instrument, sent in price units.
  const precision = instrument?.PricePrecision ?? decimalsOf(order?.Price || order?.OriginPrice || '');
  const savedTrailing =
    order && order.TrailingDistance !== '0' ? String(toPoints(order.TrailingDistance, precision)) : '';
  /** Starts the form from the levels saved now. */
  const startEditing = () => {
    setSl(savedSl);
    setSlTyped(false);
    setTp(savedTp);
    setTrailing(savedTrailing);
    setEditing(true);
  };
  // Another order, or new saved levels, start the form afresh; a live price update must not wipe an edit,
  // nor must a trailing stop's level, which moves with the price.
  const savedStop = savedTrailing ? '' : savedSl;
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the reset's triggers, not its inputs
  useEffect(() => {
    setEditing(false);
  }, [orderId, savedStop, savedTp, savedTrailing]);

  const holding = order?.Status === 1;
  const pending = order?.Status === 0;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      onChanged();
    } catch {
      // Refusals were shown as toasts.
    } finally {
      setBusy(false);
    }
  };

  const rows: FigureRow[] = order
    ? [
        ['order.lots', formatFigure(order.Quantity)],
        ['orders.openPrice', formatFigure(order.Price)],
        ['orders.currentPrice', formatFigure(order.UpdatePrice)],
        ['order.stopLoss', formatFigure(order.TargetLossPrice)],
        ['order.takeProfit', formatFigure(order.TargetProfitPrice)],
        ...(savedTrailing
          ? ([['order.trailing', t('orders.trailingPoints', { points: savedTrailing })]] as FigureRow[])
          : []),
        ['order.leverage', `1:${order.Multiple}`],
        ['order.fee', order.TradeFee, FEE_MARGIN_PLACES],
        ['orders.swap', order.Swap, FEE_MARGIN_PLACES],
        ['order.margin', order.CautionMoney, FEE_MARGIN_PLACES],
        ['orders.openTime', order.CreateTimeHandler],
        ...(order.CloseTime ? ([['orders.closeTime', order.CloseTime]] as FigureRow[]) : []),
        ...(order.PartOf ? ([['orders.partOf', `#${order.PartOf}`]] as FigureRow[]) : []),
      ]
    : [];
  // SL, TP and the trailing stop are replaced together: the ones left as they were are sent again.
  const saveStops = (id: number) => {
    const distance = trailing.trim() === '' ? '0' : pointsDistance(trailing, precision);
    if (distance === null) {
      Toast.show({ content: t('order.refusal.trailing_invalid') });
      return;
    }
    // An untouched stop loss is sent as it stands now, wherever a trailing stop has moved it.
    const stopLoss = (slTyped ? sl : savedSl) || '0';
    void run(async () => {
      await setStopPrice(id, stopLoss, tp || '0', distance);
      setEditing(false);
    });
  };

  // Why a closed or cancelled order ended; a reason this version does not know is left out rather than shown raw.
  const reason = order?.CloseReason ? t(`orders.reason.${order.CloseReason}`, { defaultValue: '' }) : '';

  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ height: holding ? '60%' : '38%', overflowY: 'auto' }}
      bodyClassName="order-detail"
    >
      {order && (
        <>
          <header className="order-detail__head">
            <strong>{name(order.ForexTradeLists.ShowCode)}</strong>
            <span className={order.OrderType === 1 ? 'tag tag--buy' : 'tag tag--sell'}>
              {t(order.OrderType === 1 ? 'order.buy' : 'order.sell')}
            </span>
            <span className={`order-detail__pnl ${changeDirection(order.FactProfits)}`}>
              <Money value={order.FactProfits} />
            </span>
          </header>
          {reason && <p className="order-detail__reason">{reason}</p>}
          <FigureRows rows={rows} className="order-detail__rows" />
          {editing && (
            <div className="order-detail__edit">
              <div className="field">
                <span>{t('order.stopLoss')}</span>
                <Input
                  className="num"
                  inputMode="decimal"
                  value={sl}
                  onChange={(value) => {
                    setSl(value);
                    setSlTyped(true);
                  }}
                  placeholder="0"
                  aria-label={t('order.stopLoss')}
                />
              </div>
              <div className="field">
                <span>{t('order.takeProfit')}</span>
                <Input
                  className="num"
                  inputMode="decimal"
                  value={tp}
                  onChange={setTp}
                  placeholder="0"
                  aria-label={t('order.takeProfit')}
                />
              </div>
              <div className="field">
                <span>{t('order.trailingPoints')}</span>
                <Input
                  className="num"
                  inputMode="numeric"
                  value={trailing}
                  onChange={setTrailing}
                  placeholder={t('orders.trailingNone')}
                  aria-label={t('order.trailingPoints')}
                />
              </div>
              <Button block color="primary" loading={busy} onClick={() => saveStops(order.Id)}>
                {t('common.confirm')}
              </Button>
            </div>
          )}
          <div className="order-detail__actions">
            {(holding || pending) && !editing && (
              <Button block onClick={startEditing}>
                {t('orders.editStops')}
              </Button>
            )}
            {holding && !editing && <ClosePartButton order={order} onDone={onChanged} />}
            {holding && (
              <Button
                block
                color="danger"
                loading={busy}
                onClick={() =>
                  void Dialog.confirm({
                    content: t('orders.confirmClose'),
                    confirmText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                    onConfirm: () => run(() => closeOrder(order.Id)),
                  })
                }
              >
                {t('orders.close')}
              </Button>
            )}
            {pending && (
              <Button
                block
                color="warning"
                loading={busy}
                onClick={() => void run(() => cancelOrder(order.Id))}
              >
                {t('orders.cancel')}
              </Button>
            )}
          </div>
        </>
      )}
    </Popup>
  );
}
