import { Button, Dialog, Input, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelOrder, closeOrder, type Order, setStopPrice } from '../../api/trading';
import { changeDirection, formatMoney } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { Money } from '../../ui/Money';

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
  const [tp, setTp] = useState('');
  const [busy, setBusy] = useState(false);

  const orderId = order?.Id;
  const savedSl = order && order.TargetLossPrice !== '0' ? order.TargetLossPrice : '';
  const savedTp = order && order.TargetProfitPrice !== '0' ? order.TargetProfitPrice : '';
  // Another order, or new saved levels, start the form afresh; a live price update must not wipe an edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: orderId is the reset's trigger, not an input
  useEffect(() => {
    setEditing(false);
    setSl(savedSl);
    setTp(savedTp);
  }, [orderId, savedSl, savedTp]);

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

  const rows: [label: string, value: string, money?: boolean][] = order
    ? [
        ['order.lots', order.Quantity],
        ['orders.openPrice', order.Price],
        ['orders.currentPrice', order.UpdatePrice],
        ['order.stopLoss', order.TargetLossPrice],
        ['order.takeProfit', order.TargetProfitPrice],
        ['order.leverage', `1:${order.Multiple}`],
        ['order.fee', order.TradeFee, true],
        ['order.margin', order.CautionMoney, true],
        ['orders.openTime', order.CreateTimeHandler],
        ...(order.CloseTime ? ([['orders.closeTime', order.CloseTime]] as [string, string][]) : []),
      ]
    : [];
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
              <Money amount={formatMoney(order.FactProfits)} />
            </span>
          </header>
          {reason && <p className="order-detail__reason">{reason}</p>}
          <dl className="order-detail__rows">
            {rows.map(([label, value, money]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{money ? <Money amount={value} /> : <span className="num">{value}</span>}</dd>
              </div>
            ))}
          </dl>
          {editing && (
            <div className="order-detail__edit">
              <div className="field">
                <span>{t('order.stopLoss')}</span>
                <Input
                  className="num"
                  inputMode="decimal"
                  value={sl}
                  onChange={setSl}
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
              <Button
                block
                color="primary"
                loading={busy}
                onClick={() => void run(() => setStopPrice(order.Id, sl || '0', tp || '0'))}
              >
                {t('common.confirm')}
              </Button>
            </div>
          )}
          <div className="order-detail__actions">
            {(holding || pending) && !editing && (
              <Button block onClick={() => setEditing(true)}>
                {t('orders.editStops')}
              </Button>
            )}
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
