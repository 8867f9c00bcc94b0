import {
  type AccountPush,
  api,
  type CLOSE_ALL_WHICH,
  type CloseAllResult,
  type Order,
  type OrderPage,
  type SubmitOrder,
} from '@meridian/contract';
import { act, type Params, request } from './http';

export const submitOrder = (order: SubmitOrder) => act<Order>(api.submitOrder, { ...order });
/** A page of one tab; `filters` (from, to, forex_id, type) keep only some history orders. */
export const fetchOrders = (status: 0 | 1 | 3, page: number, filters: Params = {}) =>
  request<OrderPage>(api.myDeal, { ...filters, status, page });
/** Closes a position, or only `lots` of it (the rest stays open). */
export const closeOrder = (id: number, lots?: string) =>
  act<Order>(api.closeOrder, lots === undefined ? { id } : { id, lots });
export const cancelOrder = (id: number) => act<Order>(api.cancelOrder, { id });
/** Replaces a position's SL, TP and trailing distance together ('0' for none): send the ones kept too. */
export const setStopPrice = (id: number, stopLoss: string, takeProfit: string, trailingDistance: string) =>
  act<Order>(api.setStopPrice, {
    id,
    stop_loss_price: stopLoss,
    target_profit_price: takeProfit,
    trailing_distance: trailingDistance,
  });

export type { AccountPush, Order, OrderPage, SubmitOrder };

/** Closes the held positions `which` chooses, each once; answers each one's result. */
export const closeAll = (which: CloseAllWhich) => request<CloseAllResult[]>(api.closeAll, { which });
export type CloseAllWhich = (typeof CLOSE_ALL_WHICH)[number];
