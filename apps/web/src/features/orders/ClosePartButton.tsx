import { checkPartialClose, D, dec, isDecimalText } from '@meridian/core';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeOrder, type Order } from '../../api/trading';
import { useMarket } from '../../stores/market';
import { DecimalInput } from '../../ui/DecimalInput';
import { changeDirection, lotsParams } from '../../ui/format';
import { Money } from '../../ui/Money';
import { refusalParams } from '../trade/orderProblems';

const SHARES = [25, 50, 75] as const;

/**
 * Closes part of a holding position: lots typed or picked as a share, checked with the server's rule
 * before sending, and the P&L that part realises at the live price shown before confirming.
 */
export function ClosePartButton({ order, onDone }: { order: Order; onDone(): void }) {
  const { t } = useTranslation();
  const instrument = useMarket((s) => s.instruments.find((i) => i.Id === order.ForexId));
  const [open, setOpen] = useState(false);
  const [lots, setLots] = useState('');
  const [busy, setBusy] = useState(false);
  if (!instrument) return null;
  const terms = { lotStep: instrument.Pip, minLots: instrument.ForexMinCont };
  // A position at the minimum cannot be split.
  if (dec(order.Quantity).lt(dec(terms.minLots).times(2))) return null;

  const shareOf = (percent: number) =>
    dec(order.Quantity).times(percent).div(100).toNearest(terms.lotStep, D.ROUND_DOWN).toFixed();
  const typed = lots.trim();
  const refusal = typed === '' ? null : checkPartialClose(terms, order.Quantity, typed);
  const valid = typed !== '' && isDecimalText(typed) && refusal === null;
  // P&L is linear in lots: the part realises its share of the position's floating P&L.
  const partPnl = valid ? dec(order.FactProfits).times(typed).div(order.Quantity).toFixed() : null;

  const send = async () => {
    setBusy(true);
    try {
      // The server's message ("Position closed") is shown as the close's answer.
      await closeOrder(order.Id, typed);
      setOpen(false);
      onDone();
    } catch {
      // The refusal was shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        block
        onClick={() => {
          setLots(shareOf(50));
          setOpen(true);
        }}
      >
        {t('orders.closePart.button')}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)}>
        <div className="close-part" role="dialog" aria-label={t('orders.closePart.title')}>
          <h3>{t('orders.closePart.title')}</h3>
          <p>{t('orders.closePart.holding', lotsParams(order.Quantity))}</p>
          <div className="close-part__field">
            <span id="close-part-lots">{t('orders.closePart.lots')}</span>
            <DecimalInput className="num" value={lots} onChange={setLots} aria-labelledby="close-part-lots" />
          </div>
          <div className="close-part__shares">
            {SHARES.map((percent) => (
              <Button key={percent} size="small" onClick={() => setLots(shareOf(percent))}>
                {percent} %
              </Button>
            ))}
          </div>
          {refusal && (
            <p className="close-part__error" role="alert">
              {t(`orders.closePart.refusal.${refusal}`, {
                ...refusalParams(terms, refusal),
                defaultValue: t('orders.closePart.refusal.lots_invalid'),
              })}
            </p>
          )}
          {partPnl !== null && (
            <p className="close-part__pnl">
              {t('orders.closePart.pnl')} <Money value={partPnl} className={changeDirection(partPnl)} />
            </p>
          )}
          <Button block color="danger" disabled={!valid} loading={busy} onClick={() => void send()}>
            {t('orders.closePart.confirm', valid ? lotsParams(typed) : { lots: '', count: 0 })}
          </Button>
        </div>
      </Popup>
    </>
  );
}
