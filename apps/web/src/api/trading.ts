import {
  type AccountPush,
  api,
  type CLOSE_ALL_WHICH,
  type InputFor,
  type Order,
  type OrderPage,
  type SubmitOrder,
} from '@meridian/contract';
import { act, type RequestOptions, request } from './http';

/** Hears every change this app made to the trader's orders (placed, closed, cancelled), which moves the account. */
const orderChangeListeners = new Set<() => void>();
export function onOrdersChanged(listener: () => void): () => void {
  orderChangeListeners.add(listener);
  return () => orderChangeListeners.delete(listener);
}
function changed<T>(result: T): T {
  for (const listener of orderChangeListeners) listener();
  return result;
}

/** Places an order; `silent` leaves a refusal to the caller, which says it beside the field it names. */
export const submitOrder = (order: SubmitOrder, options?: RequestOptions) =>
  act(api.submitOrder, { ...order }, options).then(changed);
/** A page of one tab; `filters` (from, to, forex_id, type) keep only some history orders. */
export const fetchOrders = (
  status: 0 | 1 | 3,
  page: number,
  filters: Omit<InputFor<typeof api.myDeal>, 'status' | 'page'> = {},
) => request(api.myDeal, { ...filters, status: `${status}` as const, page });
/** Closes a position, or only `lots` of it (the rest stays open). */
export const closeOrder = (id: number, lots?: string) =>
  act(api.closeOrder, lots === undefined ? { id } : { id, lots }).then(changed);
export const cancelOrder = (id: number) => act(api.cancelOrder, { id }).then(changed);
/**
 * Replaces a position's SL, TP and trailing distance together ('0' for none): send the ones kept too.
 * `silent` leaves a refusal to the caller, which says it beside the field it names.
 */
export const setStopPrice = (
  id: number,
  stopLoss: string,
  takeProfit: string,
  trailingDistance: string,
  options?: RequestOptions,
) =>
  act(
    api.setStopPrice,
    {
      id,
      stop_loss_price: stopLoss,
      target_profit_price: takeProfit,
      trailing_distance: trailingDistance,
    },
    options,
  );

export type { AccountPush, Order, OrderPage, SubmitOrder };

/** Closes the held positions `which` chooses, each once; answers each one's result. */
export const closeAll = (which: CloseAllWhich) => request(api.closeAll, { which }).then(changed);
export type CloseAllWhich = (typeof CLOSE_ALL_WHICH)[number];
