import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../ui/DecimalInput';
import { formatFigure } from '../../ui/format';
import { EXPIRY_KINDS, type ExpiryChoice, utcDay } from './expiry';
import { FieldProblem } from './FieldProblem';
import type { Problems } from './orderProblems';

interface Props {
  target: string;
  onTarget(target: string): void;
  /** The market price (plain decimal text), as a hint of where the pending price goes: shown in the language's figures. */
  market: string;
  expiry: ExpiryChoice;
  onExpiry(expiry: ExpiryChoice): void;
  /** The expiry as it will be sent (UTC), null for good till cancelled. */
  expiryText: string | null;
  problems: Problems;
}

/** A pending order's price and how long it waits: good till cancelled, today, or to a date (each day ends in UTC). */
export function PendingFields({ target, onTarget, market, expiry, onExpiry, expiryText, problems }: Props) {
  const { t } = useTranslation();
  const choose = (kind: ExpiryChoice['kind']) => {
    if (kind === expiry.kind) return;
    onExpiry(kind === 'date' ? { kind, date: utcDay(Date.now()) } : { kind });
  };
  return (
    <>
      <div className="ticket-field">
        <div className="field">
          <span>{t('order.targetPrice')}</span>
          <DecimalInput
            className="num"
            value={target}
            onChange={onTarget}
            placeholder={formatFigure(market)}
            aria-label={t('order.targetPrice')}
          />
        </div>
        <FieldProblem id="target-problem" problem={problems.target} />
      </div>
      <div className="ticket-field">
        <fieldset className="ticket-expiry">
          <legend className="muted">{t('order.expiry.label')}</legend>
          <div className="segmented segmented--small">
            {EXPIRY_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                aria-pressed={expiry.kind === kind}
                className={expiry.kind === kind ? 'on' : ''}
                onClick={() => choose(kind)}
              >
                {t(`order.expiry.${kind}`)}
              </button>
            ))}
          </div>
          {expiry.kind === 'date' && (
            <input
              type="date"
              className="field-box num"
              value={expiry.date}
              min={utcDay(Date.now())}
              onChange={(event) => onExpiry({ kind: 'date', date: event.target.value })}
              aria-label={t('order.expiry.dateInput')}
              aria-invalid={problems.expiry ? true : undefined}
              aria-describedby={problems.expiry ? 'expiry-problem' : undefined}
            />
          )}
          {expiryText && (
            <p className="muted ticket-expiry__at">{t('order.expiry.at', { time: expiryText })}</p>
          )}
        </fieldset>
        <FieldProblem id="expiry-problem" problem={problems.expiry} />
      </div>
    </>
  );
}
