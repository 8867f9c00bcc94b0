import type { CopyStopReason } from '@meridian/contract';
import { topic } from '../outbox/outbox';

/** A provider event a copy could not copy (a row of copy_events with ok false). */
export interface CopyFailed {
  /** The copy_events row. */
  id: number;
  copyId: number;
  followerId: number;
  /** The instrument's code as shown. */
  code: string;
  /** The message key of why, and its parameters. */
  reason: string | null;
  reasonParams: Record<string, string> | null;
}

/** A copy stopped, by its follower or by the platform (the reason says which). */
export interface CopyStopped {
  copyId: number;
  followerId: number;
  reason: CopyStopReason;
  /** The copy's loss limit, in percent of its allocation (a decimal). */
  stopPercent: string;
}

export const COPY_FAILED = topic<CopyFailed>('copying.copy_failed');
export const COPY_STOPPED = topic<CopyStopped>('copying.copy_stopped');
