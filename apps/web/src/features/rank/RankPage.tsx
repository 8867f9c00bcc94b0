import { ErrorBlock, PullToRefresh, Tag } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchLeaderboard, type RankingRow } from '../../api/content';
import { changeDirection, formatPercent } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { SkeletonRows } from '../../ui/SkeletonRows';

/** SPEC.md §2 /rank: the copy-trading leaderboard; a tap opens the provider's page, where they can be copied. */
export default function RankPage() {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const navigate = useNavigate();
  const [rows, setRows] = useState<RankingRow[] | null>(null);
  const load = useCallback(() => fetchLeaderboard().then(setRows, () => setRows([])), []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Page>
      <PullToRefresh onRefresh={load}>
        {rows === null ? (
          <SkeletonRows count={4} />
        ) : rows.length === 0 ? (
          <ErrorBlock status="empty" title={t('rank.empty')} description="" />
        ) : (
          <ol className="rank-list">
            {rows.map((row, index) => (
              <li key={row.provider_id}>
                <button
                  type="button"
                  className="rank-row"
                  onClick={() => navigate(`/rank/provider?id=${row.provider_id}`)}
                >
                  <span className={`rank-row__place rank-row__place--${index + 1}`}>{index + 1}</span>
                  <span className="rank-row__who">
                    <strong>
                      <bdi>{row.user}</bdi>
                      {row.demo && (
                        <Tag color="warning" fill="outline" className="rank-row__demo">
                          {t('user.mockAccount')}
                        </Tag>
                      )}
                    </strong>
                    <span>
                      {t('rank.variety')} {name(row.code)} · {t('rank.multiple')} ×{row.multiple}
                    </span>
                  </span>
                  <span className={`rank-row__rate num ${changeDirection(row.three_week_rate)}`}>
                    {formatPercent(row.three_week_rate)}
                    <small>{t('rank.threeWeekRate')}</small>
                  </span>
                  <span className="rank-row__stats">
                    <span>
                      {t('rank.winRate')}{' '}
                      <b className="num">{formatPercent(row.three_week_win, { signed: false })}</b>
                    </span>
                    <span>
                      {t('rank.income')}{' '}
                      <b>
                        <Money
                          value={row.three_week_profit}
                          signed
                          className={changeDirection(row.three_week_profit)}
                        />
                      </b>
                    </span>
                    <span>
                      {t('rank.totalRate')}{' '}
                      <b className={`num ${changeDirection(row.total_rate)}`}>
                        {formatPercent(row.total_rate)}
                      </b>
                    </span>
                    <span>
                      {t('rank.trades')} <b className="num">{row.total_trade_num}</b>
                    </span>
                    <span>
                      {t('rank.followers')} <b className="num">{row.followers}</b>
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </PullToRefresh>
    </Page>
  );
}
