import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfo } from '../../stores/basicInfo';
import { afterFirstPaint } from '../../ui/afterPaint';

/** Says so while quotes come from the built-in simulator (basic info's price_source): they are no market's. */
export function SimulatedBadge() {
  const { t } = useTranslation();
  const load = useBasicInfo((s) => s.load);
  const simulated = useBasicInfo((s) => s.info?.price_source === 'simulated');
  // Asked for after the first paint: the home screen's first content does not wait for it.
  useEffect(() => afterFirstPaint(() => void load().catch(() => {})), [load]);
  return simulated ? <span className="badge-simulated">{t('market.simulated')}</span> : null;
}
