import { type CopyStopReason, OrderStatus } from '@meridian/contract';
import { dec, toFixed } from '@meridian/core';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import type { Trading } from '../trading';
import { copyById, copyOrders, markStopped, providerOrderIdOf, recordEvent } from './repo';
import type { CopyRow } from './schema';

/**
 * What a copy has made so far, in USD: realised P&L and swap of its closed orders less the fee of every order
 * that filled, plus the floating P&L of those still held (TRADING.md's marks); and how many are open (held or pending).
 */
export async function copyFigures(db: Db, trading: Trading, copyId: number) {
  let result = dec(0);
  let open = 0;
  for (const order of await copyOrders(db, copyId)) {
    if (order.status === OrderStatus.closed) {
      result = result
        .plus(order.profit ?? 0)
        .plus(order.swap)
        .minus(order.fee);
    }
    if (order.status === OrderStatus.holding) result = result.plus(trading.mark(order).pnl).minus(order.fee);
    if (order.status === OrderStatus.holding || order.status === OrderStatus.pending) open += 1;
  }
  return { result: toFixed(result, 2), open };
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
  for (const mine of await copyOrders(db, copy.id, true)) {
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
