import type { Instrument } from '@meridian/contract';
import { isRtlLanguage } from '@meridian/contract';
import { List, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../stores/app';
import { useFollowMarketList } from '../../stores/market';
import { changeDirection, formatPercent, formatPrice } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { TapItem } from '../../ui/TapItem';

interface Props {
  visible: boolean;
  instruments: Instrument[];
  currentId: number | undefined;
  onPick(id: number): void;
  onClose(): void;
}

/**
 * SPEC.md §2: the instrument picker, a drawer 64% wide from the start edge (left; right in Arabic); its prices
 * follow the market list's quotes while it is open.
 */
export function InstrumentDrawer({ visible, instruments, currentId, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const rtl = isRtlLanguage(useApp((s) => s.lang));
  useFollowMarketList(visible);
  return (
    <Popup
      visible={visible}
      position={rtl ? 'right' : 'left'}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ width: '64%', overflowY: 'auto' }}
      bodyClassName="instrument-drawer"
    >
      <List header={t('trade.instruments')}>
        {instruments.map((i) => {
          const direction = changeDirection(i.ForexQuotations.Change);
          return (
            <TapItem
              key={i.Id}
              onClick={() => onPick(i.Id)}
              arrowIcon={false}
              className={i.Id === currentId ? 'instrument-drawer__current' : undefined}
              description={
                <span className={`num ${direction}`}>
                  {i.MarketStatus === 1 ? formatPercent(i.ForexQuotations.Change) : t('market.closed')}
                </span>
              }
              extra={
                <span className={`num ${direction}`}>
                  {formatPrice(i.ForexQuotations.Close, i.PricePrecision)}
                </span>
              }
            >
              {name(i.ShowCode)}
            </TapItem>
          );
        })}
      </List>
    </Popup>
  );
}
