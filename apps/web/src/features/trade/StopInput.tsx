import { Switch } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../ui/DecimalInput';
import { FieldProblem } from './FieldProblem';
import type { Problems } from './orderProblems';
import { STOP_MODES, type StopField } from './stopFields';

interface Props {
  label: string;
  field: StopField;
  onChange(field: StopField): void;
  /** What is wrong with it, said beside it; its id names it for the input. */
  problem?: Problems['stopLoss'];
  problemId?: string;
  /** What the stop typed comes to (its price, the P&L there), under it while it is on. */
  preview?: ReactNode;
}

/**
 * A stop-loss or take-profit of the order form or a position's SL/TP editor: its toggle, then how it is typed
 * (price, points, USD) and the value.
 */
export function StopInput({ label, field, onChange, problem, problemId, preview }: Props) {
  const { t } = useTranslation();
  return (
    <div className="stop-field">
      <div className="field">
        <span>{label}</span>
        <Switch checked={field.on} onChange={(on) => onChange({ ...field, on })} aria-label={label} />
      </div>
      {field.on && (
        <div className="stop-field__entry">
          <fieldset className="segmented segmented--small" aria-label={t('order.stopMode.label')}>
            {STOP_MODES.map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={field.mode === mode}
                className={field.mode === mode ? 'on' : ''}
                // Another unit makes the typed number mean something else: start it afresh.
                onClick={() => field.mode !== mode && onChange({ ...field, mode, value: '' })}
              >
                {t(`order.stopMode.${mode}`)}
              </button>
            ))}
          </fieldset>
          <DecimalInput
            className="num stop-input"
            inputMode={field.mode === 'points' ? 'numeric' : 'decimal'}
            min={0}
            value={field.value}
            onChange={(value) => onChange({ ...field, value })}
            aria-label={`${label} (${t(`order.stopMode.${field.mode}`)})`}
          />
        </div>
      )}
      {field.on && preview}
      {problemId && <FieldProblem id={problemId} problem={problem} />}
    </div>
  );
}
