import { useTranslation } from 'react-i18next';
import { Money } from './Money';

/** A label (an i18n key) and its value as shown; money is decimal text, shown at `moneyPlaces` with its currency. */
export type FigureRow = [label: string, value: string, moneyPlaces?: number];

/** An order's figures as label and value rows (the confirmation sheet, a position's detail). */
export function FigureRows({ rows, className }: { rows: FigureRow[]; className: string }) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      {rows.map(([label, value, moneyPlaces]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>
            {moneyPlaces === undefined ? (
              <span className="num">{value}</span>
            ) : (
              <Money value={value} places={moneyPlaces} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
