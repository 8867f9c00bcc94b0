import { Button, Dialog, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelOrder, closeOrder, type Order } from '../../api/trading';
import { useMarket } from '../../stores/market';
import { type FigureRow, FigureRows } from '../../ui/FigureRows';
import { BALANCE_PLACES, changeDirection, formatFigure } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { Money } from '../../ui/Money';
import { ClosePartButton } from './ClosePartButton';
import { stopText } from './OrderRow';
import { StopEditor } from './StopEditor';
import { trailingPoints } from './stopEdit';

/** Decimals of a price as the server sends it, at the instrument's precision. */
const decimalsOf = (price: string) => price.split('.')[1]?.length ?? 0;

interface Props {
  order: Order | null;
  onClose(): void;
  /** After a close, cancel or TP/SL edit succeeded. */
  onChanged(): void;
}

/** SPEC.md §4: the detail popup, 60% high for a holding order and 38% otherwise (85% while editing), with its actions. */
export function OrderDetail({ order, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const instrument = useMarket((s) => s.instruments.find((i) => i.Id === order?.ForexId));

  const orderId = order?.Id;
  // Trailing distances are shown and typed in points of the instrument, sent in price units.
  const precision = instrument?.PricePrecision ?? decimalsOf(order?.Price || order?.OriginPrice || '');
  const savedTrailing = order ? trailingPoints(order, precision) : '';
  // Another order, or new saved levels, close the editor; a live price update must not wipe an edit, nor
  // must a trailing stop's level, which moves with the price.
  const savedStop = savedTrailing || !order ? '' : order.TargetLossPrice;
  const savedTp = order?.TargetProfitPrice;
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
        ...(order.PendingKind && order.Status !== 1
          ? ([['orders.kind.label', t(`orders.kind.${order.PendingKind}`)]] as FigureRow[])
          : []),
        ['orders.openPrice', formatFigure(order.Price)],
        // A closed order's last price is the one it closed at; a pending order has none yet.
        ...(pending
          ? []
          : ([
              [
                order.Status === 1 ? 'orders.currentPrice' : 'orders.closePrice',
                formatFigure(order.UpdatePrice),
              ],
            ] as FigureRow[])),
        ['order.stopLoss', stopText(order.TargetLossPrice, t('orders.notSet'))],
        ['order.takeProfit', stopText(order.TargetProfitPrice, t('orders.notSet'))],
        ...(pending
          ? ([
              [
                'order.expiry.label',
                order.ExpiresAt ? t('order.expiry.at', { time: order.ExpiresAt }) : t('order.expiry.gtc'),
              ],
            ] as FigureRow[])
          : []),
        ...(savedTrailing
          ? ([
              [
                'order.trailing',
                t('orders.trailingPoints', { points: savedTrailing, count: Number(savedTrailing) }),
              ],
            ] as FigureRow[])
          : []),
        ['order.leverage', `1:${order.Multiple}`],
        ['order.fee', order.TradeFee, BALANCE_PLACES],
        ['orders.swap', order.Swap, BALANCE_PLACES],
        ['order.margin', order.CautionMoney, BALANCE_PLACES],
        ['orders.openTime', order.CreateTimeHandler],
        ...(order.CloseTime ? ([['orders.closeTime', order.CloseTime]] as FigureRow[]) : []),
        ...(order.PartOf ? ([['orders.partOf', `#${order.PartOf}`]] as FigureRow[]) : []),
      ]
    : [];
  // Why a closed or cancelled order ended; a reason this version does not know is left out rather than shown raw.
  const reason = order?.CloseReason ? t(`orders.reason.${order.CloseReason}`, { defaultValue: '' }) : '';

  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      // Editing the stops takes room for their fields and previews, so Confirm is in reach without scrolling.
      bodyStyle={{ height: editing ? '85%' : holding ? '60%' : '38%', overflowY: 'auto' }}
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
          {editing && instrument && (
            <StopEditor
              order={order}
              instrument={instrument}
              onCancel={() => setEditing(false)}
              onSaved={onChanged}
            />
          )}
          {/* Editing shows its own Cancel and Confirm only: the destructive actions wait below the others. */}
          {(holding || pending) && !editing && (
            <div className="order-detail__actions">
              <div className="order-detail__manage">
                <Button block disabled={!instrument} onClick={() => setEditing(true)}>
                  {t('orders.editStops')}
                </Button>
                {holding && <ClosePartButton order={order} onDone={onChanged} />}
              </div>
              <div className="order-detail__destroy">
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
            </div>
          )}
        </>
      )}
    </Popup>
  );
}
