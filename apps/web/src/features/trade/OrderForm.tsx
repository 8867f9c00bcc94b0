import type { Instrument } from '@meridian/contract';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { ConfirmOrderSheet } from './ConfirmOrderSheet';
import { CostPreview } from './CostPreview';
import { LeverageField } from './LeverageField';
import { LotsField } from './LotsField';
import { OrderKindTabs } from './OrderKindTabs';
import { PendingFields } from './PendingFields';
import { StopInput } from './StopInput';
import { sidePrices } from './sidePrices';
import { TradeBar } from './TradeBar';
import { TrailingField } from './TrailingField';
import { useOrderDraft } from './useOrderDraft';
import { useOrderSubmit } from './useOrderSubmit';
import { useOrderTickets } from './useOrderTickets';
import { usePlaceOrder } from './usePlaceOrder';
import { useTicketAccount } from './useTicketAccount';
import './ticket.css';

/**
 * SPEC.md §2/§5 order form: market or pending (with its expiry), lots, leverage, SL/TP (as a price, points or
 * USD) and a trailing stop, the live margin, fee and P&L at SL/TP of each side, and the Sell/Buy bar. Every
 * check the server makes of the order is made here first with its rules (packages/core) and said beside the
 * field it is about; Sell or Buy then asks to confirm unless one-tap trading is on.
 */
export function OrderForm({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const { account, reload: reloadAccount } = useTicketAccount();
  const leverages = instrument.HasForexMultiple.map((m) => m.Value);
  const draft = useOrderDraft(instrument);
  const order = useOrderTickets(instrument, draft, account);
  const placing = usePlaceOrder(instrument.Id, draft, () => void reloadAccount());
  const { confirming, cancel, problems, choose, confirm } = useOrderSubmit(
    { instrumentId: instrument.Id, leverages, leverage: draft.leverage },
    order,
    placing,
  );
  const { terms, tickets, kinds } = order;
  const { pending, sl, tp, sent } = draft;

  return (
    <section className="order-form" aria-label={t('order.form')}>
      <OrderKindTabs pending={pending} onChange={draft.setPending} />
      {pending && (
        <PendingFields
          target={draft.target}
          onTarget={draft.setTarget}
          market={order.market}
          expiry={draft.expiry}
          onExpiry={draft.setExpiry}
          expiryText={sent.text}
          problems={problems}
        />
      )}
      <LotsField terms={terms} lots={draft.lots} onChange={draft.setLots} problems={problems} />
      <LeverageField leverages={leverages} leverage={draft.leverage} onChange={draft.setLeverage} />
      <StopInput
        label={t('order.stopLoss')}
        field={sl}
        onChange={draft.setSl}
        problem={problems.stopLoss}
        problemId="sl-problem"
      />
      <StopInput
        label={t('order.takeProfit')}
        field={tp}
        onChange={draft.setTp}
        problem={problems.takeProfit}
        problemId="tp-problem"
      />
      <TrailingField trailing={draft.trailing} onChange={draft.setTrailing} problems={problems} />

      <div className="field">
        <span>{t('order.unitsPerLot')}</span>
        <span className="num">{formatFigure(instrument.ForexContNum)}</span>
      </div>
      <CostPreview costs={order.costs} tickets={tickets} showSl={sl.on} showTp={tp.on} />

      <TradeBar
        prices={sidePrices(order.quote)}
        pricePrecision={terms.pricePrecision}
        closed={instrument.MarketStatus !== 1}
        kinds={kinds}
        busy={placing.busy}
        onChoose={choose}
        problems={problems}
      />
      <ConfirmOrderSheet
        ticket={confirming && tickets ? tickets[confirming] : null}
        instrumentName={name(instrument.ShowCode)}
        pricePrecision={terms.pricePrecision}
        leverage={draft.leverage}
        kind={confirming && kinds ? kinds[confirming] : null}
        expiry={sent.text}
        busy={placing.busy !== null}
        onConfirm={(thenOneTap) => void confirm(thenOneTap)}
        onCancel={cancel}
      />
    </section>
  );
}
