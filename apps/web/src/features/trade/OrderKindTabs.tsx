import { useTranslation } from 'react-i18next';

/** The order form's Market and Pending tabs. */
export function OrderKindTabs({ pending, onChange }: { pending: boolean; onChange(pending: boolean): void }) {
  const { t } = useTranslation();
  return (
    <div className="segmented" role="tablist">
      {[false, true].map((isPending) => (
        <button
          key={String(isPending)}
          type="button"
          role="tab"
          aria-selected={pending === isPending}
          className={pending === isPending ? 'on' : ''}
          onClick={() => onChange(isPending)}
        >
          {t(isPending ? 'order.pending' : 'order.market')}
        </button>
      ))}
    </div>
  );
}
