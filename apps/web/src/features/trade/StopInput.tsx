import { Input, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { STOP_MODES, type StopField } from './stopFields';

interface Props {
  label: string;
  field: StopField;
  onChange(field: StopField): void;
}

/** A stop-loss or take-profit of the order form: its toggle, then how it is typed (price, points, USD) and the value. */
export function StopInput({ label, field, onChange }: Props) {
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
          <Input
            className="num stop-input"
            inputMode={field.mode === 'points' ? 'numeric' : 'decimal'}
            min={0}
            value={field.value}
            onChange={(value) => onChange({ ...field, value })}
            aria-label={`${label} (${t(`order.stopMode.${field.mode}`)})`}
          />
        </div>
      )}
    </div>
  );
}
