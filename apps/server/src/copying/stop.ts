import { type CopyStopReason, OrderStatus } from '@meridian/contract';
import { type Dec, dec, toFixed } from '@meridian/core';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import type { Trading } from '../trading';
import {
  copyById,
  copyFigureRows,
  markStopped,
  openCopyOrders,
  providerOrderIdOf,
  recordEvent,
} from './repo';
import type { CopyRow } from './schema';

export interface CopyFigures {
  /** What the copy has made so far, in USD (2 decimals). */
  result: string;
  /** Its orders held or pending. */
  open: number;
}

/** A copy without orders yet. */
export const NO_FIGURES: CopyFigures = { result: '0.00', open: 0 };

/**
 * What each copy has made so far, by copy id (absent: `NO_FIGURES`): realised P&L and swap of its closed orders
 * less the fee of every order that filled, plus the floating P&L of those still held (TRADING.md's marks); and
 * how many are open. Read in one statement for all of `which` (an id list, or every active copy).
 */
export async function copyFigures(
  db: Db,
  trading: Trading,
  which: number[] | 'active',
): Promise<Map<number, CopyFigures>> {
  if (which !== 'active' && which.length === 0) return new Map();
  const sums = new Map<number, { result: Dec; open: number }>();
  for (const row of await copyFigureRows(db, which)) {
    let sum = sums.get(row.copyId);
    if (!sum) {
      sum = { result: dec(row.booked), open: row.open };
      sums.set(row.copyId, sum);
    }
    if (row.held) sum.result = sum.result.plus(trading.mark(row.held).pnl);
  }
  return new Map([...sums].map(([id, sum]) => [id, { result: toFixed(sum.result, 2), open: sum.open }]));
}

/**
 * Stops a copy: nothing more is copied. With `close`, its held positions are closed and its pending
 * orders cancelled, each recorded; one that cannot be closed now (a closed market) stays open and its
 * failure is shown to the follower.
 */
export async function stopCopy(
  db: Db,
  trading: Trading,
  copy: CopyRow,
  options: { reason: CopyStopReason; close: boolean; now: () => number },
): Promise<CopyRow> {
  const stopped = await markStopped(db, copy, options.reason, new Date(options.now()));
  // Stopped already (a second request, the loss limit): the first stop did what it had to.
  if (!stopped) return (await copyById(db, copy.id))!;
  if (!options.close) return stopped;
  for (const mine of await openCopyOrders(db, copy.id)) {
    const holding = mine.status === OrderStatus.holding;
    let refusal: AppError | null = null;
    try {
      if (holding) await trading.close(mine.id, 'copy_stopped', { userId: copy.followerId });
      else await trading.cancel(copy.followerId, mine.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusal = err;
    }
    await recordEvent(db, copy, {
      providerOrderId: providerOrderIdOf(mine.clientOrderId) ?? 0,
      action: holding ? 'close' : 'cancel',
      providerVersion: refusal ? -1 : 0,
      showCode: mine.showCode,
      side: mine.side,
      providerLots: '0',
      followerOrderId: mine.id,
      lots: mine.lots,
      ok: refusal === null,
      reason: refusal?.key ?? null,
      createdAt: new Date(options.now()),
    });
  }
  return stopped;
}
