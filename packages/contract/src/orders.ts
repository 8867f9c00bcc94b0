/** Order statuses on the wire and in the database (TRADING.md "Order lifecycle"); the orders screen's tabs are 1, 0 and 3. */
export const OrderStatus = { pending: 0, holding: 1, closed: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** The four pending orders of MetaTrader, fixed when the order is placed (see classifyPending in packages/core). */
export const PENDING_KINDS = ['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'] as const;
export type PendingKindName = (typeof PENDING_KINDS)[number];

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
  /** A pending order whose expiry came before its price: the server cancelled it and refunded its reserve. */
  'expired',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** The fields of an order (submit) or of its stops (set_stop_price) a refusal can be about. */
export const ORDER_FIELDS = [
  'cont',
  'multiple',
  'target_price',
  'stop_loss_price',
  'target_profit_price',
  'trailing_distance',
  'expires_at',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** The field of an order each refusal of its checks (packages/core) is about; the rest are about the account or market. */
const FIELD_OF_REFUSAL: Record<string, OrderField> = {
  lots_invalid: 'cont',
  lots_not_positive: 'cont',
  lots_off_step: 'cont',
  lots_below_min: 'cont',
  lots_above_max: 'cont',
  // The lots are what sets the margin: fewer of them is the fix.
  insufficient_margin: 'cont',
  leverage_not_offered: 'multiple',
  pending_price_invalid: 'target_price',
  pending_price_at_market: 'target_price',
  sl_invalid: 'stop_loss_price',
  sl_wrong_side: 'stop_loss_price',
  sl_required: 'stop_loss_price',
  tp_invalid: 'target_profit_price',
  tp_wrong_side: 'target_profit_price',
  tp_required: 'target_profit_price',
  trailing_invalid: 'trailing_distance',
  expiry_not_pending: 'expires_at',
  expiry_in_past: 'expires_at',
  expiry_too_far: 'expires_at',
};

/** The order field a refusal is about, or null when it is about the account or the market. */
export function refusalField(refusal: string): OrderField | null {
  return Object.hasOwn(FIELD_OF_REFUSAL, refusal) ? FIELD_OF_REFUSAL[refusal]! : null;
}
