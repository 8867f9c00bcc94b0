import { dec, isDecimalText } from '@meridian/core';

/** The loss limit the form starts with, in percent of the allocation. */
export const DEFAULT_STOP_PERCENT = '30';

export type CopyFormCheck =
  | { ok: true; allocation: string; stop_percent: string }
  | { ok: false; error: 'copy.form.badAllocation' | 'copy.form.badStopPercent' };

/** The allocation (USD, positive, cents at most) and loss limit (1–100 %) as typed, checked before they are sent. */
export function checkCopyForm(allocation: string, stopPercent: string): CopyFormCheck {
  const amount = allocation.trim();
  const percent = stopPercent.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(amount) || dec(amount).lte(0)) {
    return { ok: false, error: 'copy.form.badAllocation' };
  }
  if (!isDecimalText(percent) || dec(percent).lt(1) || dec(percent).gt(100)) {
    return { ok: false, error: 'copy.form.badStopPercent' };
  }
  return { ok: true, allocation: amount, stop_percent: percent };
}
