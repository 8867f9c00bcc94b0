import { CopyStatus } from '@meridian/contract';
import { useTranslation } from 'react-i18next';
import type { Copy } from '../../api/copying';
import { changeDirection, formatPercent } from '../../ui/format';
import { Money } from '../../ui/Money';
import { statusKey } from './copyFormat';
import { Figure, Figures } from './Figures';
import { ProviderName } from './ProviderName';

/** A copy's provider, status and main figures: a row of the hub and the head of its detail. */
export function CopySummary({ copy }: { copy: Copy }) {
  const { t } = useTranslation();
  const active = copy.status === CopyStatus.active;
  return (
    <>
      <header className="copy-summary__head">
        <ProviderName name={copy.provider} demo={copy.demo} />
        <span className={active ? 'copy-status copy-status--active' : 'copy-status'}>
          {t(statusKey(copy))}
        </span>
      </header>
      <Figures>
        <Figure label={t('copy.allocation')}>
          <Money value={copy.allocation} />
        </Figure>
        <Figure label={t('copy.result')}>
          <Money value={copy.result} signed className={changeDirection(copy.result)} />{' '}
          <span className={`num ${changeDirection(copy.result_rate)}`}>
            {formatPercent(copy.result_rate)}
          </span>
        </Figure>
        <Figure label={t('copy.openPositions')}>
          <span className="num">{copy.open_positions}</span>
        </Figure>
        <Figure label={t('copy.failed')}>
          <span className={copy.failed_trades > 0 ? 'num down' : 'num'}>{copy.failed_trades}</span>
        </Figure>
      </Figures>
    </>
  );
}
