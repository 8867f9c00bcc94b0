import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint, type Sent } from '../endpoint';
import { CLOSE_REASONS, ORDER_FIELDS, OrderStatus, PENDING_KINDS } from '../orders';
import { decimal, decimalOrBlank, decimalText, id, optionalId, utcTime, utcTimeOrBlank } from './fields';
import { historyFilters } from './statements';

/** A stop-loss, take-profit or trailing distance as sent: blank, absent or zero means none (null from here on). */
const optionalPrice = decimalText
  .optional()
  .transform((v) => (v === undefined || v === '' || Number(v) === 0 ? null : v));

/** 0 pending, 1 holding, 3 closed, 4 cancelled. */
export const orderStatus = z.union([
  z.literal(OrderStatus.pending),
  z.literal(OrderStatus.holding),
  z.literal(OrderStatus.closed),
  z.literal(OrderStatus.cancelled),
]);

/** An order as SPEC.md §3 names its fields, with prices at the instrument's precision. */
export const order = z.object({
  Id: z.number().int(),
  ForexId: z.number().int(),
  ForexTradeLists: z.object({ ShowCode: z.string() }),
  /** 1 buy, 2 sell. */
  OrderType: z.union([z.literal(1), z.literal(2)]),
  Status: orderStatus,
  Quantity: decimal,
  Multiple: z.number().int().positive(),
  OriginPrice: decimalOrBlank,
  Price: decimalOrBlank,
  UpdatePrice: decimalOrBlank,
  /** A holding order's floating P&L, its accrued Swap included; a closed order's realised P&L, its Swap apart. */
  FactProfits: decimal,
  CautionMoney: decimal,
  TradeFee: decimal,
  /** '0' when none is set. */
  TargetLossPrice: decimal,
  /** '0' when none is set. */
  TargetProfitPrice: decimal,
  CreateTimeHandler: utcTime,
  CloseTime: utcTimeOrBlank,
  /** Why it left the book, or '' while it is open. */
  CloseReason: z.union([z.enum(CLOSE_REASONS), z.literal('')]),
  /** Beyond SPEC: placed by copy trading from a provider's order. */
  Copied: z.boolean(),
  /** Beyond SPEC: the trailing stop's distance in price units ('0' when none); TargetLossPrice is where it stands now. */
  TrailingDistance: decimal,
  /** Beyond SPEC: the position this closed part was taken from by a partial close, 0 when none. */
  PartOf: z.number().int(),
  /** Beyond SPEC: overnight financing in USD, accrued while held and settled at the close (negative: charged). */
  Swap: decimal,
  /** Beyond SPEC: a pending order's kind, fixed when placed (buy limit, buy stop…); '' for a market order. */
  PendingKind: z.union([z.enum(PENDING_KINDS), z.literal('')]),
  /** Beyond SPEC: when a pending order expires (UTC), '' when good till cancelled. */
  ExpiresAt: utcTimeOrBlank,
});
export type Order = z.infer<typeof order>;

/** Which held positions close_all closes: all, those in profit, those at a loss (at the latest price). */
export const CLOSE_ALL_WHICH = ['all', 'profit', 'loss'] as const;

/** One position close_all tried: closed (with the order as it closed), or why not. */
export const closeAllResult = z.object({
  Id: z.number().int(),
  closed: z.boolean(),
  /** The refusal's message in the caller's language; '' when it closed. */
  msg: z.string(),
  /** The closed order; null when it did not close. */
  order: order.nullable(),
});
export type CloseAllResult = z.infer<typeof closeAllResult>;

export const submitOrderInput = z.object({
  /** 1 buy, 2 sell. */
  type: z.enum(['1', '2']),
  /** Lots. */
  cont: decimalText,
  forex_id: id,
  /** 1 at the market, 0 pending at target_price. */
  status: z.enum(['0', '1']).default('1'),
  target_price: decimalText.optional(),
  stop_loss_price: optionalPrice,
  target_profit_price: optionalPrice,
  /** A trailing stop: the stop loss follows the price at this distance, never back; blank or 0 for none. */
  trailing_distance: optionalPrice,
  multiple: z.coerce.number().int().positive().max(100_000),
  /** The client's id for this order: a repeat returns the first order instead of placing another. */
  client_order_id: z.string().trim().min(1).max(64).optional(),
  /**
   * Beyond SPEC: when a pending order expires, UTC "YYYY-MM-DD HH:mm:ss"; blank or absent: good till cancelled.
   * The server then cancels it (close reason `expired`) and refunds its reserve.
   */
  expires_at: z.preprocess((v) => (v === '' ? undefined : v), utcTime.optional()),
});
export type SubmitOrder = Sent<typeof submitOrderInput>;

/** Beyond SPEC: a refusal's `data` names the field it is about, so that a client can show it beside that field. */
export const orderRefusalData = z.object({ field: z.enum(ORDER_FIELDS) });
export type OrderRefusalData = z.infer<typeof orderRefusalData>;

/** The tabs of /order: 1 holding, 0 pending, 3 history (closed and cancelled). */
export const orderTab = z.enum(['0', '1', '3']);

export const orderPage = z.object({
  data: z.array(order),
  total: z.number().int(),
  balance: decimal,
  /** Floating P&L on the holding and pending tabs, realised P&L on history. */
  all_fact_profits: decimal,
  /** Account totals beside the page (TRADING.md "Account figures"). */
  caution_money_all: decimal,
  hazard_rate: z.string(),
  net_value: decimal,
  free_margin: decimal,
  /** Beyond SPEC: Σ margin + fee of pending orders, taken from `balance` and given back if they are cancelled. */
  pending_reserve: decimal,
});
export type OrderPage = z.infer<typeof orderPage>;

/** The live account push (FOREX_TRADE). */
export const accountPush = z.object({
  ProfitsTotal: decimal,
  HazardRate: z.string(),
  CautionMoneyAll: decimal,
  MarginCall: z.boolean(),
  TransOrder: z.array(z.object({ Id: z.number().int(), UpdatePrice: decimalOrBlank, FactProfits: decimal })),
});
export type AccountPush = z.infer<typeof accountPush>;

export const tradingEndpoints = {
  submitOrder: endpoint(api.submitOrder, {
    summary: 'Places an order at the market or pending at a target price',
    input: submitOrderInput,
    answer: order,
    errors: [Code.REFUSED, Code.NOT_FOUND],
  }),
  myDeal: endpoint(api.myDeal, {
    summary:
      "A page of the trader's orders on one tab, with the account's figures; history (3) optionally only from, to (UTC days of the close, inclusive), of an instrument (forex_id) or of one close reason (type)",
    input: z.object({
      status: orderTab.default('1'),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      ...historyFilters.shape,
    }),
    answer: orderPage,
  }),
  closeOrder: endpoint(api.closeOrder, {
    summary:
      'Closes a held position at the market, or only `lots` of it (a partial close: the rest stays open)',
    // Blank or absent closes all of it; zero is refused like any lots that are not positive.
    input: z.object({ id, lots: decimalText.optional().transform((v) => (v === '' ? undefined : v)) }),
    answer: order,
    errors: [Code.REFUSED, Code.NOT_FOUND],
  }),
  closeAll: endpoint(api.closeAll, {
    summary:
      'Closes the held positions at the market: all, of one instrument (forex_id), or only those in profit or at a loss (which); each once, with its result',
    input: z.object({
      forex_id: optionalId,
      // Blank, like absent, means all.
      which: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CLOSE_ALL_WHICH).default('all')),
    }),
    answer: z.array(closeAllResult),
  }),
  cancelOrder: endpoint(api.cancelOrder, {
    summary: 'Cancels a pending order and refunds its reserve',
    input: z.object({ id }),
    answer: order,
    errors: [Code.REFUSED, Code.NOT_FOUND],
  }),
  setStopPrice: endpoint(api.setStopPrice, {
    summary: "Sets or clears a position's stop-loss, take-profit and trailing stop ('' or 0 clears)",
    input: z.object({
      id,
      target_profit_price: optionalPrice,
      stop_loss_price: optionalPrice,
      /** Sets (or, blank or 0, removes) a trailing stop at this distance. */
      trailing_distance: optionalPrice,
    }),
    answer: order,
    errors: [Code.REFUSED, Code.NOT_FOUND],
  }),
};
