import { dec, toFixed } from '@meridian/core';
import type { Db } from '../db/client';
import { maskedName } from './mask';
import { closedTradeTotals, type RankingRow, replaceLeaderboard, type TraderTotals } from './repo';

/** SPEC.md §9: the leaderboard's recent statistics cover three weeks. */
export const THREE_WEEKS_MS = 21 * 24 * 60 * 60 * 1000;

/** Σ profit ÷ Σ margin × 100, in percent with 2 decimals; 0 with no margin. */
export const returnRate = (profit: string, margin: string) =>
  dec(margin).isZero() ? '0.00' : toFixed(dec(profit).div(margin).times(100), 2);

const percentOf = (part: number, whole: number) =>
  whole === 0 ? '0.00' : toFixed(dec(part).div(whole).times(100), 2);

function boardRow(t: TraderTotals, computedAt: Date) {
  return {
    userId: t.userId,
    name: maskedName(t),
    multiple: t.multiple,
    threeWeekRate: returnRate(t.recentProfit, t.recentMargin),
    threeWeekWin: percentOf(t.recentWins, t.recentNum),
    threeWeekProfit: toFixed(t.recentProfit, 2),
    totalRate: returnRate(t.totalProfit, t.totalMargin),
    totalTradeNum: t.totalNum,
    code: t.code,
    computedAt,
  };
}

/** The periodic leaderboard job: recomputes every opted-in trader's row from their closed trades. */
export async function refreshLeaderboard(db: Db, now: number): Promise<number> {
  const totals = await closedTradeTotals(db, new Date(now - THREE_WEEKS_MS));
  const computedAt = new Date(now);
  await replaceLeaderboard(
    db,
    totals.map((t) => boardRow(t, computedAt)),
  );
  return totals.length;
}

/** A trader's figures as a ranking row of SPEC.md §3 writes them; zeros before their first closed trade. */
export const rankingFigures = (r: RankingRow | undefined) => ({
  multiple: r?.multiple ?? 0,
  three_week_rate: toFixed(r?.threeWeekRate ?? 0, 2),
  three_week_win: toFixed(r?.threeWeekWin ?? 0, 2),
  three_week_profit: toFixed(r?.threeWeekProfit ?? 0, 2),
  total_rate: toFixed(r?.totalRate ?? 0, 2),
  total_trade_num: r?.totalTradeNum ?? 0,
  code: r?.code ?? '',
});
