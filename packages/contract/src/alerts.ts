/** Price alerts' and notifications' constants, apart from the wire schemas so that a client can use them without zod. */

/** 'above' fires at the first tick at or over the level, 'below' at the first at or under it. */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

/** Active (not yet fired) alerts a trader may keep at once. */
export const MAX_ACTIVE_ALERTS = 50;
export const ALERT_NOTE_MAX = 140;

/** What a notification tells the trader about; its text is made from the kind and its params when read. */
export const NOTIFICATION_KINDS = [
  'alert_fired',
  'stop_loss_hit',
  'take_profit_hit',
  'pending_filled',
  'pending_cancelled',
  'pending_expired',
  'margin_call',
  'stop_out',
  'deposit_approved',
  'deposit_refused',
  'withdrawal_paid',
  'withdrawal_refused',
  'copy_failed',
  'copy_stopped',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications per page of the notification centre. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
