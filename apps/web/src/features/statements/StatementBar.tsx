import { CLOSE_REASONS, LEDGER_TYPES } from '@meridian/contract';
import { Badge, Button, Popup, Selector } from 'antd-mobile';
import { DownlandOutline, FilterOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportHistory, exportLedger, type StatementFilters } from '../../api/statements';
import { useMarket } from '../../stores/market';
import { useInstrumentName } from '../../ui/instrumentName';
import './statements.css';

/** Which statement the bar filters: the ledger (ledger row types) or the order history (close reasons). */
type Kind = 'ledger' | 'history';

const TYPES: Record<Kind, readonly string[]> = { ledger: LEDGER_TYPES, history: CLOSE_REASONS };
const TYPE_LABEL: Record<Kind, (type: string) => string> = {
  ledger: (type) => `statements.ledgerType.${type}`,
  history: (type) => `orders.reason.${type}`,
};

const countOf = (filters: StatementFilters) => Object.values(filters).filter((v) => v !== undefined).length;

/**
 * A compact bar over a statement: a filter button opening a sheet (period, instrument, type) and the CSV
 * export of what the filters keep.
 */
export function StatementBar({
  kind,
  filters,
  onChange,
}: {
  kind: Kind;
  filters: StatementFilters;
  onChange(filters: StatementFilters): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<StatementFilters>(filters);
  const [exporting, setExporting] = useState(false);
  const instruments = useMarket((s) => s.instruments);
  const name = useInstrumentName();

  useEffect(() => {
    if (useMarket.getState().instruments.length === 0)
      void useMarket
        .getState()
        .load()
        .catch(() => {});
  }, []);

  const show = () => {
    setDraft(filters);
    setOpen(true);
  };
  const apply = (next: StatementFilters) => {
    onChange(next);
    setOpen(false);
  };
  const set = (change: StatementFilters) => setDraft((current) => ({ ...current, ...change }));
  const download = async () => {
    setExporting(true);
    await (kind === 'ledger' ? exportLedger : exportHistory)(filters);
    setExporting(false);
  };
  const active = countOf(filters);

  return (
    <div className="statement-bar">
      <Button size="small" onClick={show} aria-label={t('statements.filter')}>
        <FilterOutline /> {t('statements.filter')}
        {active > 0 && <Badge content={active} className="statement-bar__count" />}
      </Button>
      <Button size="small" loading={exporting} onClick={() => void download()}>
        <DownlandOutline /> {t('statements.export')}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)}>
        <form
          className="statement-sheet"
          onSubmit={(event) => {
            event.preventDefault();
            apply(draft);
          }}
        >
          <h3>{t('statements.filter')}</h3>
          <div className="statement-sheet__period">
            <label>
              <span>{t('statements.from')}</span>
              <input
                type="date"
                name="from"
                value={draft.from ?? ''}
                max={draft.to}
                onChange={(e) => set({ from: e.target.value || undefined })}
              />
            </label>
            <label>
              <span>{t('statements.to')}</span>
              <input
                type="date"
                name="to"
                value={draft.to ?? ''}
                min={draft.from}
                onChange={(e) => set({ to: e.target.value || undefined })}
              />
            </label>
          </div>
          <label className="statement-sheet__field">
            <span>{t('statements.instrument')}</span>
            <select
              name="forex_id"
              value={draft.forex_id ?? ''}
              onChange={(e) => set({ forex_id: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">{t('statements.all')}</option>
              {instruments.map((i) => (
                <option key={i.Id} value={i.Id}>
                  {name(i.ShowCode)}
                </option>
              ))}
            </select>
          </label>
          <span className="statement-sheet__label">{t('statements.type')}</span>
          <Selector
            columns={2}
            value={draft.type ? [draft.type] : []}
            onChange={(v) => set({ type: v[0] })}
            options={TYPES[kind].map((type) => ({ value: type, label: t(TYPE_LABEL[kind](type)) }))}
          />
          <div className="statement-sheet__actions">
            <Button onClick={() => apply({})}>{t('statements.clear')}</Button>
            <Button color="primary" type="submit">
              {t('statements.apply')}
            </Button>
          </div>
        </form>
      </Popup>
    </div>
  );
}
