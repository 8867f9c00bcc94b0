import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../ui/DecimalInput';
import { FieldProblem } from './FieldProblem';
import type { Problems } from './orderProblems';

interface Props {
  trailing: { on: boolean; value: string };
  onChange(trailing: { on: boolean; value: string }): void;
  problems: Problems;
}

/** A trailing stop on the order form: its toggle, then its distance in points. */
export function TrailingField({ trailing, onChange, problems }: Props) {
  const { t } = useTranslation();
  return (
    <div className="stop-field">
      <div className="field">
        <span>{t('order.trailing')}</span>
        <Switch
          checked={trailing.on}
          onChange={(on) => onChange({ ...trailing, on })}
          aria-label={t('order.trailing')}
        />
      </div>
      {trailing.on && (
        <div className="stop-field__entry">
          <span className="muted stop-field__unit">{t('order.stopMode.points')}</span>
          <DecimalInput
            className="num trailing-input"
            inputMode="numeric"
            value={trailing.value}
            onChange={(value) => onChange({ on: true, value })}
            aria-label={t('order.trailingPoints')}
          />
        </div>
      )}
      <FieldProblem id="trailing-problem" problem={problems.trailing} />
    </div>
  );
}
