import { copyAllocation, copyStopPercent } from '@meridian/core';

/** The loss limit the form starts with, in percent of the allocation. */
export const DEFAULT_STOP_PERCENT = '30';

export type CopyFormCheck =
  | { ok: true; allocation: string; stop_percent: string }
  | { ok: false; error: 'copy.form.badAllocation' | 'copy.form.badStopPercent' };

/** The allocation and loss limit as typed, checked by the server's own rules before they are sent. */
export function checkCopyForm(allocation: string, stopPercent: string): CopyFormCheck {
  const amount = copyAllocation(allocation);
  if (!amount) return { ok: false, error: 'copy.form.badAllocation' };
  const percent = copyStopPercent(stopPercent);
  if (!percent) return { ok: false, error: 'copy.form.badStopPercent' };
  return { ok: true, allocation: allocation.trim(), stop_percent: stopPercent.trim() };
}
