/** Order statuses on the wire and in the database (TRADING.md "Order lifecycle"); the orders screen's tabs are 1, 0 and 3. */
export const OrderStatus = { pending: 0, holding: 1, closed: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Why an order left the book, as CloseReason carries it ('' while it is open). */
export const CLOSE_REASONS = [
  'user',
  'take_profit',
  'stop_loss',
  'stop_out',
  'operator',
  'demo_reset',
  'negative_balance',
  'insufficient_margin',
  /** A pending order cancelled at its fill: its position would have broken the instrument's exposure limit. */
  'exposure_limit',
  'cancelled',
  /** A copied position closed because its provider closed theirs. */
  'provider_closed',
  /** A copied position closed when its follower stopped copying (or the loss limit did). */
  'copy_stopped',
  /** A pending order whose price came while its account was disabled: no new position for it. */
  'account_disabled',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
