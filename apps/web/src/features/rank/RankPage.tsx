import { Dialog, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLeaderboard, type RankingRow } from '../../api/content';
import { useInstrumentName } from '../../ui/instrumentName';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { SkeletonRows } from '../../ui/SkeletonRows';

const direction = (rate: string) => (rate.startsWith('-') ? 'down' : Number(rate) > 0 ? 'up' : '');
const signed = (value: string) => (Number(value) > 0 ? `+${value}` : value);

/** SPEC.md §2 /rank: the copy-trading leaderboard; copying is not offered yet, so a tap says so. */
export default function RankPage() {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const [rows, setRows] = useState<RankingRow[] | null>(null);
  const load = useCallback(() => fetchLeaderboard().then(setRows, () => setRows([])), []);
  useEffect(() => {
    void load();
  }, [load]);

  const comingSoon = () => Dialog.alert({ content: t('rank.comingSoon'), confirmText: t('common.confirm') });

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
              // biome-ignore lint/suspicious/noArrayIndexKey: a leaderboard row is its place; masked names can repeat
              <li key={index}>
                <button type="button" className="rank-row" onClick={comingSoon}>
                  <span className={`rank-row__place rank-row__place--${index + 1}`}>{index + 1}</span>
                  <span className="rank-row__who">
                    <strong>
                      <bdi>{row.user}</bdi>
                    </strong>
                    <span>
                      {t('rank.variety')} {name(row.code)} · {t('rank.multiple')} ×{row.multiple}
                    </span>
                  </span>
                  <span className={`rank-row__rate num ${direction(row.three_week_rate)}`}>
                    {signed(row.three_week_rate)}%<small>{t('rank.threeWeekRate')}</small>
                  </span>
                  <span className="rank-row__stats">
                    <span>
                      {t('rank.winRate')} <b className="num">{row.three_week_win}%</b>
                    </span>
                    <span>
                      {t('rank.income')}{' '}
                      <b>
                        <Money
                          amount={signed(row.three_week_profit)}
                          className={direction(row.three_week_profit)}
                        />
                      </b>
                    </span>
                    <span>
                      {t('rank.totalRate')}{' '}
                      <b className={`num ${direction(row.total_rate)}`}>{signed(row.total_rate)}%</b>
                    </span>
                    <span>
                      {t('rank.trades')} <b className="num">{row.total_trade_num}</b>
                    </span>
                    <span>
                      {t('rank.followers')} <b className="num">0</b>
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
