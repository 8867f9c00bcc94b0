import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type DepositRecord, fetchDepositRecords } from '../../api/statements';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { PagedList } from '../../ui/PagedList';
import './statements.css';

/** Waiting, approved, refused: the same colours as the withdrawal records. */
const STATUS_CLASS = ['pending', 'up', 'down'];

/** The trader's deposit requests, newest first, paged as it scrolls: amount, channel, time, status, and why one was refused. */
export default function DepositRecordsPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PagedList
        className="withdraw-records deposit-records"
        fetchPage={fetchDepositRecords}
        row={(row: DepositRecord) => (
          <List.Item
            key={row.id}
            data-testid={`deposit-${row.id}`}
            description={
              <>
                <span>
                  {t(row.kind === 'coin' ? 'funding.coinTab' : 'funding.wireTab')} · {row.channel}
                </span>
                <span className="num">{row.created_at}</span>
                {row.reason && (
                  <span className="deposit-records__reason">
                    {t('statements.refusedBecause', { reason: row.reason })}
                  </span>
                )}
              </>
            }
            extra={
              <span className={`withdraw-records__status ${STATUS_CLASS[row.status] ?? ''}`}>
                {row.status_name}
              </span>
            }
          >
            <Money value={row.number} />
          </List.Item>
        )}
      />
    </Page>
  );
}
