import { type Copy, CopyStatus } from '@meridian/contract';

/** The i18n key of a copy's status: copying, or stopped and why. */
export function statusKey(copy: Pick<Copy, 'status' | 'stop_reason'>): string {
  if (copy.status === CopyStatus.active) return 'copy.status.active';
  return copy.stop_reason ? `copy.status.${copy.stop_reason}` : 'copy.status.stopped';
}
