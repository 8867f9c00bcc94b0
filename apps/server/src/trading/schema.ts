import type { CloseReason, OrderStatus } from '@meridian/contract';
import type { OrderType } from '@meridian/core';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from '../db/columns';
import { users } from '../db/schema';

const price = (name: string) => numeric(name, { precision: 28, scale: 10 });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Orders and positions. The instrument terms an order was placed under (contract size, leverage, spread,
 * quote currency, fee rule, margin, fee) are copied onto it, so later changes to the instrument never
 * reprice an open position. Every update bumps `version` and `updated_at` (a trigger, migration 0002):
 * the engine applies a row only if it is newer than the one it holds. `updated_at` is the database's clock
 * (an insert leaves it to its default), indexed: the changes a node's bus lost are read back by it
 * (`MissedOrders`).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    instrumentId: integer('instrument_id').notNull(),
    showCode: text('show_code').notNull(),
    /** 1 buy (long), 2 sell (short). */
    side: integer('side').$type<OrderType>().notNull(),
    status: integer('status').$type<OrderStatus>().notNull(),
    lots: numeric('lots', { precision: 20, scale: 8 }).notNull(),
    contractSize: numeric('contract_size', { precision: 20, scale: 8 }).notNull(),
    leverage: integer('leverage').notNull(),
    /** Market price when it filled, or the pending target. */
    originPrice: price('origin_price').notNull(),
    /** Fill price (with spread); the pending target until it fills. */
    price: price('price').notNull(),
    /** buy_limit, buy_stop, sell_limit or sell_stop for a pending order: fixed when placed. */
    pendingKind: text('pending_kind'),
    /** Null when none is set. */
    stopLoss: price('stop_loss'),
    takeProfit: price('take_profit'),
    /** Trailing stop: the stop loss follows the price at this distance in its favour, never back; null when none. */
    trailingDistance: price('trailing_distance'),
    margin: money('margin').notNull(),
    fee: money('fee').notNull(),
    /** Swap accrued by the rollovers it was held through (USD, negative when charged); settled at close. */
    swap: money('swap').notNull().default('0'),
    closePrice: price('close_price'),
    /** Realized P&L in USD, set when it closes. */
    profit: money('profit'),
    closeReason: text('close_reason').$type<CloseReason>(),
    clientOrderId: text('client_order_id'),
    /** The copy (copy trading) that placed it from a provider's order; null for the trader's own. */
    copyId: integer('copy_id'),
    /** The position this closed part was taken from (a partial close); null for an order of its own. */
    partOf: integer('part_of'),
    /** spread_rate of the instrument when the order was placed, as a record: fills and closes take the live quote's bid and ask. */
    spreadRate: numeric('spread_rate', { precision: 12, scale: 8 }).notNull(),
    /** The instrument's quote_currency when placed: the currency of its raw P&L. */
    quoteCurrency: text('quote_currency').notNull(),
    /** ForexFeeRate and trade_fee_type when placed: a pending order's fee is worked out again at its fill with them. */
    feeRate: numeric('fee_rate', { precision: 24, scale: 8 }).notNull(),
    feeType: integer('fee_type').notNull(),
    /** 1 when inserted, one more at every update (see above). */
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    filledAt: at('filled_at'),
    /** A pending order's expiry: the server cancels it then (reason `expired`); null: good till cancelled. */
    expiresAt: at('expires_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('orders_user_status_idx').on(t.userId, t.status, t.id),
    index('orders_open_idx').on(t.status, t.instrumentId),
    uniqueIndex('orders_client_id_unique').on(t.userId, t.clientOrderId),
    index('orders_copy_idx').on(t.copyId),
    index('orders_updated_idx').on(t.updatedAt),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** Each rollover a position was held through, once per position and night: what made its `swap`. */
export const swapRollovers = pgTable(
  'swap_rollovers',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The UTC date of the 22:00 rollover. */
    night: date('night').notNull(),
    /** Nights charged at this rollover (3 for the weekend's, 0 never stored). */
    nights: integer('nights').notNull(),
    amount: money('amount').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.night] })],
);
