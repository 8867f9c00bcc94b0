import type { Instrument } from '@meridian/contract';
import {
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
import { usePreferences } from '../../stores/preferences';
import { useUser } from '../../stores/user';
import { FEE_MARGIN_PLACES, formatFigure, formatPrice } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { Money } from '../../ui/Money';
import { randomId } from '../../ui/randomId';
import { ConfirmOrderSheet } from './ConfirmOrderSheet';
import { StopInput } from './StopInput';
import { NO_STOP, type StopField } from './stopFields';
import { type Ticket, ticketFor } from './ticket';

/** Current prices by pair code, for converting margin of non-USD instruments to USD. */
function usePriceLookup(): PriceLookup {
  const instruments = useMarket((s) => s.instruments);
  return useMemo(() => {
    const byCode = new Map(instruments.map((i) => [i.Code, i.ForexQuotations.Close]));
    return (pair) => byCode.get(pair);
  }, [instruments]);
}

const SIDES: Side[] = ['buy', 'sell'];

/**
 * SPEC.md §2/§5 order form: market or pending, lots stepper, leverage, SL/TP (as a price, points or USD) and a
 * trailing stop, the live margin, fee and P&L at SL/TP of each side; Buy or Sell asks to confirm unless one-tap.
 */
export function OrderForm({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = useUser((s) => s.isLogin);
  const userId = useUser((s) => s.user?.id);
  const oneTap = usePreferences((s) => s.preferences.one_tap);
  const loadPreferences = usePreferences((s) => s.load);
  const changePreferences = usePreferences((s) => s.change);
  const name = useInstrumentName();
  const tradeFeeType = useBasicInfo((s) => s.info?.trade_fee_type ?? 1);
  const prices = usePriceLookup();
  const terms = useMemo(() => instrumentFromWire(instrument), [instrument]);
  const leverages = instrument.HasForexMultiple.map((m) => m.Value);

  const [pending, setPending] = useState(false);
  const [target, setTarget] = useState('');
  const [lots, setLots] = useState(instrument.ForexMinCont);
  const [leverage, setLeverage] = useState<number | null>(leverages[0] ?? null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [sl, setSl] = useState<StopField>(NO_STOP);
  const [tp, setTp] = useState<StopField>(NO_STOP);
  const [trailing, setTrailing] = useState({ on: false, value: '' });
  /** The side being submitted, for its button's spinner. */
  const [busy, setBusy] = useState<Side | null>(null);
  /** The side whose order the confirmation sheet shows. */
  const [confirming, setConfirming] = useState<Side | null>(null);

  // Whether to confirm is the trader's own choice, kept on the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again for another trader
  useEffect(() => {
    void loadPreferences();
  }, [loadPreferences, userId]);

  // A new instrument starts from its own minimum lots and first leverage; a quote refresh does not reset the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the instrument's id alone
  useEffect(() => {
    setLots(instrument.ForexMinCont);
    setLeverage(instrument.HasForexMultiple[0]?.Value ?? null);
    setTarget('');
    setSl((field) => ({ ...field, value: '' }));
    setTp((field) => ({ ...field, value: '' }));
    setTrailing((field) => ({ ...field, value: '' }));
    setConfirming(null);
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

  // Each side's order as it would be sent now: stops typed in points or USD become prices from its fill price.
  const tickets = useMemo(() => {
    if (!costs) return null;
    const form = {
      terms,
      lots,
      market,
      pendingTarget: pending ? target.trim() : null,
      stopLoss: sl,
      takeProfit: tp,
      trailing,
      prices,
    };
    return { buy: ticketFor('buy', form, costs.buy), sell: ticketFor('sell', form, costs.sell) };
  }, [costs, terms, lots, market, pending, target, sl, tp, trailing, prices]);

  // A market order fills at these: the ask for a buy, the bid for a sell, the spread between them.
  const quotes =
    !pending && costs
      ? {
          buy: formatPrice(costs.buy.price.toFixed(), terms.pricePrecision),
          sell: formatPrice(costs.sell.price.toFixed(), terms.pricePrecision),
          spread: formatPrice(costs.buy.price.minus(costs.sell.price).toFixed(), terms.pricePrecision),
        }
      : null;

  const stepLots = (direction: 1 | -1) => {
    const base = lotsValid ? dec(lots) : dec(0);
    const next = base.plus(step.times(direction));
    if (next.gt(0)) setLots(next.toString());
  };

  /** Buy or Sell tapped: refused at once if a price is wrong, else confirmed first unless one-tap trading is on. */
  const choose = (chosen: Side) => {
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
    const ticket = tickets?.[chosen];
    // No ticket with good lots: the pending price is not one (nothing can be priced at it).
    if (!ticket) {
      if (pending) Toast.show({ content: t('order.refusal.pending_price_invalid') });
      return;
    }
    if (refused(ticket)) return;
    if (oneTap) void send(ticket);
    else setConfirming(chosen);
  };

  // The server's own checks, so that a wrong price is told at once and nothing is sent.
  const refused = (ticket: Ticket) => {
    if (ticket.refusal) Toast.show({ content: t(`order.refusal.${ticket.refusal}`) });
    return ticket.refusal !== null;
  };

  const send = async (ticket: Ticket) => {
    if (leverage === null) return;
    setBusy(ticket.side);
    try {
      await submitOrder({
        type: `${OrderType[ticket.side]}` as const,
        cont: ticket.lots,
        forex_id: instrument.Id,
        status: ticket.pendingTarget === null ? '1' : '0',
        target_price: ticket.pendingTarget ?? '',
        // SPEC.md §5: a stop is sent only when its toggle is on (else 0, none); always as a price.
        stop_loss_price: ticket.stopLoss ?? '0',
        target_profit_price: ticket.takeProfit ?? '0',
        trailing_distance: ticket.trailingDistance ?? '0',
        multiple: leverage,
        client_order_id: randomId(),
      });
    } catch {
      // The refusal was already shown as a toast.
    } finally {
      setBusy(null);
    }
  };

  // Confirmed in the sheet: sent as it stands now, the prices checked again since they moved while it was open.
  const confirm = async (thenOneTap: boolean) => {
    const ticket = confirming && tickets?.[confirming];
    if (!ticket || refused(ticket)) {
      setConfirming(null);
      return;
    }
    if (thenOneTap) void changePreferences({ one_tap: true });
    await send(ticket);
    setConfirming(null);
  };

  /** A P&L at SL or TP row of the preview: each side's figure, '--' where its level is not on its side. */
  const pnlRow = (label: string, pick: (ticket: Ticket) => string | null) => (
    <div key={label}>
      <dt>{t(label)}</dt>
      {SIDES.map((side) => {
        const pnl = tickets ? pick(tickets[side]) : null;
        return (
          <dd key={side}>
            <Money value={pnl} />
          </dd>
        );
      })}
    </div>
  );

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

      <StopInput label={t('order.stopLoss')} field={sl} onChange={setSl} />
      <StopInput label={t('order.takeProfit')} field={tp} onChange={setTp} />
      <div className="stop-field">
        <div className="field">
          <span>{t('order.trailing')}</span>
          <Switch
            checked={trailing.on}
            onChange={(on) => setTrailing({ ...trailing, on })}
            aria-label={t('order.trailing')}
          />
        </div>
        {trailing.on && (
          <div className="stop-field__entry">
            <span className="muted stop-field__unit">{t('order.stopMode.points')}</span>
            <Input
              className="num trailing-input"
              inputMode="numeric"
              value={trailing.value}
              onChange={(value) => setTrailing({ on: true, value })}
              aria-label={t('order.trailingPoints')}
            />
          </div>
        )}
      </div>

      <div className="field">
        <span>{t('order.unitsPerLot')}</span>
        <span className="num">{formatFigure(instrument.ForexContNum)}</span>
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
                  <Money value={costs && moneyText(costs[side][figure])} places={FEE_MARGIN_PLACES} />
                </dd>
              ))}
            </div>
          ))}
          {sl.on && pnlRow('order.pnlAtSl', (ticket) => ticket.pnlAtSl)}
          {tp.on && pnlRow('order.pnlAtTp', (ticket) => ticket.pnlAtTp)}
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
          onClick={() => choose('buy')}
        >
          {t('order.buy')}
          {quotes && <span className="order-form__quote num">{quotes.buy}</span>}
        </Button>
        <Button
          className="sell"
          block
          disabled={closed}
          loading={busy === 'sell'}
          onClick={() => choose('sell')}
        >
          {t('order.sell')}
          {quotes && <span className="order-form__quote num">{quotes.sell}</span>}
        </Button>
      </div>
      <ConfirmOrderSheet
        ticket={confirming && tickets ? tickets[confirming] : null}
        instrumentName={name(instrument.ShowCode)}
        pricePrecision={terms.pricePrecision}
        leverage={leverage}
        busy={busy !== null}
        onConfirm={(thenOneTap) => void confirm(thenOneTap)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
