import type { Instrument } from '@meridian/contract';
import {
  checkOrderPrices,
  dec,
  instrumentFromWire,
  isDecimalText,
  moneyText,
  OrderType,
  orderCost,
  type PriceLookup,
  type Side,
} from '@meridian/core';
import { Button, Input, Picker, Switch, Toast } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { submitOrder } from '../../api/trading';
import { useBasicInfo } from '../../stores/basicInfo';
import { useMarket } from '../../stores/market';
import { useUser } from '../../stores/user';
import { Money } from '../../ui/Money';
import { randomId } from '../../ui/randomId';

/** Current prices by pair code, for converting margin of non-USD instruments to USD. */
function usePriceLookup(): PriceLookup {
  const instruments = useMarket((s) => s.instruments);
  return useMemo(() => {
    const byCode = new Map(instruments.map((i) => [i.Code, i.ForexQuotations.Close]));
    return (pair) => byCode.get(pair);
  }, [instruments]);
}

const SIDES: Side[] = ['buy', 'sell'];

/** SPEC.md §2/§5 order form: market or pending, lots stepper, leverage, SL/TP toggles, live margin and fee of each side. */
export function OrderForm({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = useUser((s) => s.isLogin);
  const tradeFeeType = useBasicInfo((s) => s.info?.trade_fee_type ?? 1);
  const prices = usePriceLookup();
  const terms = useMemo(() => instrumentFromWire(instrument), [instrument]);
  const leverages = instrument.HasForexMultiple.map((m) => m.Value);

  const [pending, setPending] = useState(false);
  const [target, setTarget] = useState('');
  const [lots, setLots] = useState(instrument.ForexMinCont);
  const [leverage, setLeverage] = useState<number | null>(leverages[0] ?? null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [slOn, setSlOn] = useState(false);
  const [sl, setSl] = useState('');
  const [tpOn, setTpOn] = useState(false);
  const [tp, setTp] = useState('');
  /** The side being submitted, for its button's spinner. */
  const [busy, setBusy] = useState<Side | null>(null);

  // A new instrument starts from its own minimum lots and first leverage; a quote refresh does not reset the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the instrument's id alone
  useEffect(() => {
    setLots(instrument.ForexMinCont);
    setLeverage(instrument.HasForexMultiple[0]?.Value ?? null);
    setTarget('');
    setSl('');
    setTp('');
  }, [instrument.Id]);

  const closed = instrument.MarketStatus !== 1;
  const market = instrument.ForexQuotations.Close;
  const lotsValid = isDecimalText(lots) && dec(lots).gt(0);
  const step = dec(instrument.Pip);
  const canDecrease = lotsValid && dec(lots).minus(step).gt(0);
  const reference = pending ? target : market;

  // Both sides before either is pressed: with a spread, a buy fills above the market and a sell below it.
  const costs = useMemo(() => {
    if (!lotsValid || leverage === null || !isDecimalText(reference) || dec(reference).lte(0)) return null;
    const cost = (side: Side) => orderCost(terms, { side, lots, leverage }, reference, tradeFeeType, prices);
    try {
      return { buy: cost('buy'), sell: cost('sell') };
    } catch {
      return null;
    }
  }, [terms, lots, leverage, reference, tradeFeeType, prices, lotsValid]);

  // A market order fills at these: the ask for a buy, the bid for a sell, the spread between them.
  const quotes =
    !pending && costs
      ? {
          buy: costs.buy.price.toFixed(terms.pricePrecision),
          sell: costs.sell.price.toFixed(terms.pricePrecision),
          spread: costs.buy.price.minus(costs.sell.price).toFixed(terms.pricePrecision),
        }
      : null;

  const stepLots = (direction: 1 | -1) => {
    const base = lotsValid ? dec(lots) : dec(0);
    const next = base.plus(step.times(direction));
    if (next.gt(0)) setLots(next.toString());
  };

  const submit = async (chosen: Side) => {
    if (!isLogin) {
      navigate(`/login?from=${encodeURIComponent(location.pathname)}`);
      return;
    }
    if (leverages.length === 0) {
      Toast.show({ content: t('msg.noMultConfig') });
      return;
    }
    // SPEC.md §5: missing lots or leverage is silently not submitted.
    if (!lotsValid || leverage === null) return;
    // SPEC.md §5: a stop is sent only when its toggle is on (else 0, none).
    const typed = {
      side: chosen,
      pendingTarget: pending ? target.trim() : null,
      stopLoss: slOn && sl.trim() ? sl.trim() : null,
      takeProfit: tpOn && tp.trim() ? tp.trim() : null,
    };
    // The server's own checks, so that a wrong price is told at once and nothing is sent.
    const refusal = checkOrderPrices(typed, market, terms.pricePrecision);
    if (refusal) {
      Toast.show({ content: t(`order.refusal.${refusal}`) });
      return;
    }
    setBusy(chosen);
    try {
      await submitOrder({
        type: `${OrderType[chosen]}` as const,
        cont: lots,
        forex_id: instrument.Id,
        status: pending ? '0' : '1',
        target_price: typed.pendingTarget ?? '',
        stop_loss_price: typed.stopLoss ?? '0',
        target_profit_price: typed.takeProfit ?? '0',
        multiple: leverage,
        client_order_id: randomId(),
      });
    } catch {
      // The refusal was already shown as a toast.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="order-form" aria-label={t('order.form')}>
      <div className="segmented" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={!pending}
          className={pending ? '' : 'on'}
          onClick={() => setPending(false)}
        >
          {t('order.market')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={pending}
          className={pending ? 'on' : ''}
          onClick={() => setPending(true)}
        >
          {t('order.pending')}
        </button>
      </div>

      {pending && (
        <div className="field">
          <span>{t('order.targetPrice')}</span>
          <Input
            className="num"
            inputMode="decimal"
            value={target}
            onChange={setTarget}
            placeholder={market}
            aria-label={t('order.targetPrice')}
          />
        </div>
      )}

      <div className="field">
        <span>{t('order.lots')}</span>
        <div className="stepper">
          <button
            type="button"
            aria-label={t('order.fewerLots')}
            disabled={!canDecrease}
            onClick={() => stepLots(-1)}
          >
            −
          </button>
          <Input
            className="num"
            inputMode="decimal"
            value={lots}
            onChange={setLots}
            aria-label={t('order.lots')}
          />
          <button type="button" aria-label={t('order.moreLots')} onClick={() => stepLots(1)}>
            +
          </button>
        </div>
      </div>

      <div className="field">
        <span>{t('order.leverage')}</span>
        <button
          type="button"
          className="picker-button num"
          onClick={() =>
            leverages.length === 0 ? Toast.show({ content: t('msg.noMult') }) : setPickerOpen(true)
          }
        >
          {leverage === null ? '--' : `1:${leverage}`}
        </button>
        <Picker
          columns={[leverages.map((v) => ({ label: `1:${v}`, value: String(v) }))]}
          visible={pickerOpen}
          onClose={() => setPickerOpen(false)}
          value={leverage === null ? [] : [String(leverage)]}
          onConfirm={(value) => value[0] && setLeverage(Number(value[0]))}
        />
      </div>

      <div className="field">
        <span>{t('order.stopLoss')}</span>
        <Switch checked={slOn} onChange={setSlOn} aria-label={t('order.stopLoss')} />
        {slOn && <Input className="num stop-input" inputMode="decimal" min={0} value={sl} onChange={setSl} />}
      </div>
      <div className="field">
        <span>{t('order.takeProfit')}</span>
        <Switch checked={tpOn} onChange={setTpOn} aria-label={t('order.takeProfit')} />
        {tpOn && <Input className="num stop-input" inputMode="decimal" min={0} value={tp} onChange={setTp} />}
      </div>

      <div className="field">
        <span>{t('order.unitsPerLot')}</span>
        <span className="num">{instrument.ForexContNum}</span>
      </div>

      <div className="order-form__costs">
        <div className="order-form__sides">
          <span />
          <span className="up">{t('order.buy')}</span>
          <span className="down">{t('order.sell')}</span>
        </div>
        <dl className="order-form__preview">
          {(['margin', 'fee'] as const).map((figure) => (
            <div key={figure}>
              <dt>{t(`order.${figure}`)}</dt>
              {SIDES.map((side) => (
                <dd key={side}>
                  <Money amount={costs ? moneyText(costs[side][figure]) : '--'} />
                </dd>
              ))}
            </div>
          ))}
        </dl>
      </div>

      {closed && <p className="order-form__closed">{t('market.closed')}</p>}
      {quotes && !closed && (
        <p className="order-form__spread muted">
          {t('order.spread')} <span className="num">{quotes.spread}</span>
        </p>
      )}
      <div className="order-form__actions">
        <Button
          className="buy"
          block
          disabled={closed}
          loading={busy === 'buy'}
          onClick={() => void submit('buy')}
        >
          {t('order.buy')}
          {quotes && <span className="order-form__quote num">{quotes.buy}</span>}
        </Button>
        <Button
          className="sell"
          block
          disabled={closed}
          loading={busy === 'sell'}
          onClick={() => void submit('sell')}
        >
          {t('order.sell')}
          {quotes && <span className="order-form__quote num">{quotes.sell}</span>}
        </Button>
      </div>
    </section>
  );
}
