import { dec } from '@meridian/core';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LedgerRow } from '../../api/account';
import { changeDirection } from '../../ui/format';
import { Money } from '../../ui/Money';

/**
 * One ledger row. Margin held or given back is the trader's money set aside, not a loss or a gain: shown
 * without colour, and a close's settlement split into the margin released and the position's P&L (which add up
 * to the row's amount, so the rows still add up to the balance).
 */
export function LedgerItem({ row }: { row: LedgerRow }) {
  const { t } = useTranslation();
  const margin = dec(row.Margin);
  const pnl = dec(row.Value).minus(margin).toFixed(2);
  const split = !margin.isZero() && row.Type === 'trade_settle';
  return (
    <List.Item
      description={
        <>
          {split && (
            <span className="ledger-row__split">
              <span>
                {t('account.marginReleased')} <Money value={row.Margin} />
              </span>
              <span>
                {t('account.positionPnl')} <Money value={pnl} signed className={changeDirection(pnl)} />
              </span>
            </span>
          )}
          <span className="num">{row.CreatedAtTran}</span>
        </>
      }
      extra={
        <Money
          value={row.Value}
          className={margin.isZero() ? changeDirection(row.Value) : 'ledger-row__margin'}
        />
      }
    >
      {row.MemoTran}
    </List.Item>
  );
}
