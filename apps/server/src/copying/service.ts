import {
  Code,
  type Copy,
  type CopyDetail,
  type CopyEvent,
  CopyStatus,
  type Language,
  type Provider,
} from '@meridian/contract';
import { copyAllocation, copyStopPercent, dec, toFixed } from '@meridian/core';
import type { Db, Tx } from '../db/client';
import { AppError, refuse } from '../http/errors';
import { type MessageKey, translate } from '../i18n';
import {
  isOptedIn,
  leaderboard,
  leaveLeaderboard,
  maskedName,
  rankingFigures,
  rankingRowOf,
} from '../ranking';
import type { Trading } from '../trading';
import { utcText } from '../util/time';
import {
  accountKind,
  activeCopiesOf,
  activeCopiesWith,
  activeCopyOf,
  copiesOfFollower,
  copyById,
  eventCounts,
  followerCounts,
  holdingCount,
  insertCopy,
  lastEvents,
  markStoppedIn,
  profitByDay,
} from './repo';
import type { CopyEventRow, CopyRow } from './schema';
import { copyFigures, NO_FIGURES, stopCopy } from './stop';

const DAY_MS = 24 * 60 * 60_000;
/** The provider page's chart: realised profit of the last 30 UTC days. */
const CHART_DAYS = 30;
const EVENTS_SHOWN = 100;

const notFound = () => new AppError(Code.NOT_FOUND, 'not_found');

/** The provider page: an opted-in trader's leaderboard figures, followers, open positions and 30 days of profit. */
export async function providerPage(db: Db, providerId: number, callerId: number | null, now: number) {
  const who = await accountKind(db, providerId);
  if (!who || !(await isOptedIn(db, providerId))) throw notFound();
  const since = new Date(Math.floor(now / DAY_MS) * DAY_MS - (CHART_DAYS - 1) * DAY_MS);
  const [row, followers, open, byDay, mine] = await Promise.all([
    rankingRowOf(db, providerId),
    followerCounts(db, [providerId]),
    holdingCount(db, providerId),
    profitByDay(db, providerId, since),
    callerId === null ? undefined : activeCopyOf(db, callerId, providerId),
  ]);
  const profits = new Map(byDay.map((d) => [d.day, d.profit]));
  let cumulative = dec(0);
  const days = Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const profit = dec(profits.get(day) ?? 0);
    cumulative = cumulative.plus(profit);
    return { day, profit: toFixed(profit, 2), cumulative: toFixed(cumulative, 2) };
  });
  return {
    provider_id: providerId,
    user: maskedName(who),
    demo: who.isDemo,
    ...rankingFigures(row),
    followers: followers.get(providerId) ?? 0,
    open_positions: open,
    days,
    copying_id: mine?.id ?? 0,
  } satisfies Provider;
}

/**
 * Starts copying: the provider must be opted in, of the follower's kind (demo copies demo, real copies
 * real) and not the follower; the allocation at most the follower's free margin now.
 */
export async function startCopy(
  db: Db,
  trading: Trading,
  followerId: number,
  input: { provider_id: number; allocation: string; stop_percent: string },
  now: number,
): Promise<CopyRow> {
  const [follower, provider] = await Promise.all([
    accountKind(db, followerId),
    accountKind(db, input.provider_id),
  ]);
  if (!provider || !(await isOptedIn(db, provider.id))) throw notFound();
  if (provider.id === followerId) throw refuse('copy_self');
  if (provider.isDemo !== follower!.isDemo) throw refuse('copy_kind_mismatch');
  const allocation = copyAllocation(input.allocation);
  if (!allocation) throw refuse('copy_allocation_invalid');
  const stopPercent = copyStopPercent(input.stop_percent);
  if (!stopPercent) throw refuse('copy_stop_invalid');
  const account = await trading.account(db, followerId, false);
  const free = trading.figures(account.balance, account.books).freeMargin;
  if (allocation.gt(free))
    throw refuse('copy_allocation_too_high', { max: toFixed(free.gt(0) ? free : 0, 2) });
  const copy = await insertCopy(db, {
    followerId,
    providerId: provider.id,
    allocation: allocation.toFixed(2),
    stopPercent: stopPercent.toFixed(2),
    createdAt: new Date(now),
  });
  if (!copy) throw refuse('copy_already');
  return copy;
}

export async function stopCopyOf(
  db: Db,
  trading: Trading,
  followerId: number,
  input: { id: number; close: boolean },
  now: () => number,
): Promise<CopyRow> {
  const copy = await copyById(db, input.id);
  if (!copy || copy.followerId !== followerId) throw notFound();
  if (copy.status !== CopyStatus.active) throw refuse('copy_not_active');
  return stopCopy(db, trading, copy, { reason: 'user', close: input.close, now });
}

/** A provider leaving the leaderboard stops every copy of them; the followers keep their positions. */
export async function providerLeft(db: Db, trading: Trading, providerId: number, now: () => number) {
  for (const copy of await activeCopiesOf(db, providerId)) {
    await stopCopy(db, trading, copy, { reason: 'provider_left', close: false, now });
  }
}

/**
 * Ends a disabled trader's copy trading in the disabling's transaction: they leave the leaderboard, their
 * followers' copies stop as when a provider leaves it, and their own copies stop (`account_disabled`).
 * Positions stay open under their own stops and the stop-out, as when a provider leaves.
 */
export async function endCopyTradingOf(tx: Tx, userId: number, at: Date) {
  const leftLeaderboard = await leaveLeaderboard(tx, userId);
  const copiesStopped: number[] = [];
  for (const copy of await activeCopiesWith(tx, userId)) {
    const reason = copy.followerId === userId ? 'account_disabled' : 'provider_left';
    if (await markStoppedIn(tx, copy, reason, at)) copiesStopped.push(copy.id);
  }
  return { leftLeaderboard, copiesStopped };
}

/** Copies as the follower sees them, with their results. */
export async function copyViews(db: Db, trading: Trading, rows: CopyRow[]): Promise<Copy[]> {
  const ids = rows.map((r) => r.id);
  const [counts, figures] = await Promise.all([eventCounts(db, ids), copyFigures(db, trading, ids)]);
  return Promise.all(
    rows.map(async (copy) => {
      const provider = await accountKind(db, copy.providerId);
      const { result, open } = figures.get(copy.id) ?? NO_FIGURES;
      const count = counts.get(copy.id) ?? { copied: 0, failed: 0 };
      return {
        id: copy.id,
        provider_id: copy.providerId,
        provider: maskedName(provider!),
        demo: provider!.isDemo,
        status: copy.status === CopyStatus.active ? CopyStatus.active : CopyStatus.stopped,
        stop_reason: copy.stopReason ?? '',
        allocation: toFixed(copy.allocation, 2),
        stop_percent: toFixed(copy.stopPercent, 2),
        result,
        result_rate: toFixed(dec(result).div(copy.allocation).times(100), 2),
        open_positions: open,
        copied_trades: count.copied,
        failed_trades: count.failed,
        created_at: utcText(copy.createdAt),
        stopped_at: copy.stoppedAt ? utcText(copy.stoppedAt) : '',
      } satisfies Copy;
    }),
  );
}

export async function copiesOf(db: Db, trading: Trading, followerId: number): Promise<Copy[]> {
  return copyViews(db, trading, await copiesOfFollower(db, followerId));
}

const eventView = (e: CopyEventRow, lang: Language): CopyEvent => ({
  time: utcText(e.createdAt),
  action: e.action,
  code: e.showCode,
  side: e.side === 2 ? 2 : 1,
  provider_lots: dec(e.providerLots).toFixed(),
  lots: e.lots === null ? '' : dec(e.lots).toFixed(),
  order_id: e.followerOrderId ?? 0,
  ok: e.ok,
  reason: e.reason ? translate(lang, e.reason as MessageKey, e.reasonParams ?? {}) : '',
});

export async function copyDetail(
  db: Db,
  trading: Trading,
  followerId: number,
  id: number,
  lang: Language,
): Promise<CopyDetail> {
  const copy = await copyById(db, id);
  if (!copy || copy.followerId !== followerId) throw notFound();
  const [[view], events] = await Promise.all([
    copyViews(db, trading, [copy]),
    lastEvents(db, copy.id, EVENTS_SHOWN),
  ]);
  return { ...view!, events: events.map((e) => eventView(e, lang)) };
}

/** The leaderboard: SPEC.md §3's rows, with the provider's id, demo mark and live follower count. */
export async function followList(db: Db) {
  const rows = await leaderboard(db);
  const followers = await followerCounts(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    user: r.name,
    ...rankingFigures(r),
    provider_id: r.userId,
    demo: r.demo,
    followers: followers.get(r.userId) ?? 0,
  }));
}
