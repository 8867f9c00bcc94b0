import type { Instrument } from '@meridian/contract';
import { instrumentFromWire, type StopKind } from '@meridian/core';
import { Button } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Order, setStopPrice } from '../../api/trading';
import { usePriceLookup } from '../../stores/market';
import { changeDirection, formatFigure } from '../../ui/format';
import { Money } from '../../ui/Money';
import { FieldProblem } from '../trade/FieldProblem';
import { type Problems, problemsOf, refusedProblems } from '../trade/orderProblems';
import { StopInput } from '../trade/StopInput';
import type { StopField } from '../trade/stopFields';
import { TrailingField } from '../trade/TrailingField';
import { type StopEditForm, type StopOutcome, savedForm, stopBasis, stopEditFor } from './stopEdit';

interface Props {
  order: Order;
  instrument: Instrument;
  onCancel(): void;
  /** After the server saved the stops. */
  onSaved(): void;
}

/**
 * A held position's or pending order's SL, TP and trailing stop, typed as on the order ticket (price, points or
 * USD) from the levels saved, with the P&L at each; the server's rules are said beside the field they are about
 * before anything is sent, and its refusal of the save there too.
 */
export function StopEditor({ order, instrument, onCancel, onSaved }: Props) {
  const { t } = useTranslation();
  const terms = useMemo(() => instrumentFromWire(instrument), [instrument]);
  const prices = usePriceLookup();
  /** The fields the trader changed; the others follow the saved levels, which a trailing stop moves. */
  const [edits, setEdits] = useState<Partial<StopEditForm>>({});
  /** The server's refusal of the last save, beside the field it named; cleared by the next change. */
  const [refused, setRefused] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const section = useRef<HTMLElement>(null);
  // Opened under the figures: brought into view, its Confirm with it where the popup has room.
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  const form: StopEditForm = { ...savedForm(order, terms.pricePrecision), ...edits };
  const edit = stopEditFor(stopBasis(order), form, terms, prices);
  const problems: Problems = { ...problemsOf(edit.refusals, terms), ...refused };
  const change = (patch: Partial<StopEditForm>) => {
    setEdits((current) => ({ ...current, ...patch }));
    setRefused({});
  };

  const save = async () => {
    if (edit.refusals.length > 0) return;
    setBusy(true);
    try {
      await setStopPrice(
        order.Id,
        edit.stopLoss.level ?? '0',
        edit.takeProfit.level ?? '0',
        edit.trailingDistance ?? '0',
        { silent: true },
      );
      onSaved();
    } catch (error) {
      setRefused(refusedProblems(error));
    } finally {
      setBusy(false);
    }
  };

  const stop = (kind: StopKind, problemId: string) => {
    const label = t(kind === 'stopLoss' ? 'order.stopLoss' : 'order.takeProfit');
    return (
      <StopInput
        label={label}
        field={form[kind]}
        onChange={(field) => change({ [kind]: field })}
        problem={problems[kind]}
        problemId={problemId}
        preview={<StopPreview kind={kind} field={form[kind]} outcome={edit[kind]} />}
      />
    );
  };

  return (
    <section ref={section} className="stop-editor" aria-label={t('orders.editStops')}>
      {stop('stopLoss', 'edit-sl-problem')}
      {stop('takeProfit', 'edit-tp-problem')}
      <TrailingField
        trailing={form.trailing}
        onChange={(trailing) => change({ trailing })}
        problems={problems}
      />
      <FieldProblem id="edit-stops-problem" problem={problems.form} />
      <div className="order-detail__edit-actions">
        <Button block onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          block
          color="primary"
          loading={busy}
          disabled={edit.refusals.length > 0}
          onClick={() => void save()}
        >
          {t('common.confirm')}
        </Button>
      </div>
    </section>
  );
}

/** What a stop comes to: the price a level typed in points or USD makes, and the position's P&L there. */
function StopPreview({ kind, field, outcome }: { kind: StopKind; field: StopField; outcome: StopOutcome }) {
  const { t } = useTranslation();
  if (outcome.level === null) return null;
  return (
    <p className="stop-editor__preview">
      {field.mode !== 'price' && (
        <span className="num">{t('orders.stopAt', { price: formatFigure(outcome.level) })}</span>
      )}
      <span>
        {t(kind === 'stopLoss' ? 'order.pnlAtSl' : 'order.pnlAtTp')}{' '}
        <Money value={outcome.pnl} className={changeDirection(outcome.pnl ?? undefined)} />
      </span>
    </p>
  );
}
