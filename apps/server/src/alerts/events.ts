import type { AlertDirection } from '@meridian/contract';

/** Bus channel on which alerts set or deleted on any node are announced, so the leader's index follows them. */
export const ALERT_CHANNEL = 'alerts.changed';

/** A waiting alert as the index holds it. */
export interface WaitingAlert {
  id: number;
  instrumentId: number;
  direction: AlertDirection;
  level: string;
}

/** An alert set (`alert`) or deleted (`deleted`, its id). */
export type AlertEvent = { alert: WaitingAlert } | { deleted: number };
