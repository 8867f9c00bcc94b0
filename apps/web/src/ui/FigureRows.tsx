import { useTranslation } from 'react-i18next';
import { Money } from './Money';

/** A label (an i18n key) and its value, money shown with its currency. */
export type FigureRow = [label: string, value: string, money?: boolean];

/** An order's figures as label and value rows (the confirmation sheet, a position's detail). */
export function FigureRows({ rows, className }: { rows: FigureRow[]; className: string }) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      {rows.map(([label, value, money]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{money ? <Money amount={value} /> : <span className="num">{value}</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
