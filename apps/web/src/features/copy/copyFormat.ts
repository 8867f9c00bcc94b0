import { type Copy, CopyStatus } from '@meridian/contract';
import { changeDirection } from '../../ui/format';

/** Decimal text with a plus sign when it is above zero, as returns and results are shown. */
export const signed = (value: string) => (changeDirection(value) === 'up' ? `+${value}` : value);

/** The i18n key of a copy's status: copying, or stopped and why. */
export function statusKey(copy: Pick<Copy, 'status' | 'stop_reason'>): string {
  if (copy.status === CopyStatus.active) return 'copy.status.active';
  return copy.stop_reason ? `copy.status.${copy.stop_reason}` : 'copy.status.stopped';
}
