import type { Instrument } from '@meridian/core';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../ui/DecimalInput';
import { FieldProblem } from './FieldProblem';
import { canStepLots, steppedLots } from './lotsStepper';
import type { Problems } from './orderProblems';

interface Props {
  terms: Instrument;
  lots: string;
  onChange(lots: string): void;
  problems: Problems;
}

/** Lots: − and + keep them on the instrument's step and within its limits; a wrong number is said beside it. */
export function LotsField({ terms, lots, onChange, problems }: Props) {
  const { t } = useTranslation();
  const problem = problems.lots;
  return (
    <div className="ticket-field">
      <div className="field">
        <span>{t('order.lots')}</span>
        <div className="stepper">
          <button
            type="button"
            aria-label={t('order.fewerLots')}
            disabled={!canStepLots(terms, lots, -1)}
            onClick={() => onChange(steppedLots(terms, lots, -1))}
          >
            −
          </button>
          <DecimalInput className="num" value={lots} onChange={onChange} aria-label={t('order.lots')} />
          <button
            type="button"
            aria-label={t('order.moreLots')}
            disabled={!canStepLots(terms, lots, 1)}
            onClick={() => onChange(steppedLots(terms, lots, 1))}
          >
            +
          </button>
        </div>
      </div>
      <FieldProblem id="lots-problem" problem={problem} />
    </div>
  );
}
