import {
  type AccountPush,
  api,
  type CLOSE_ALL_WHICH,
  type CloseAllResult,
  type Order,
  type OrderPage,
  type SubmitOrder,
} from '@meridian/contract';
import { act, request } from './http';

export const submitOrder = (order: SubmitOrder) => act<Order>(api.submitOrder, { ...order });
export const fetchOrders = (status: 0 | 1 | 3, page: number) =>
  request<OrderPage>(api.myDeal, { status, page });
export const closeOrder = (id: number) => act<Order>(api.closeOrder, { id });
export const cancelOrder = (id: number) => act<Order>(api.cancelOrder, { id });
export const setStopPrice = (id: number, stopLoss: string, takeProfit: string) =>
  act<Order>(api.setStopPrice, { id, stop_loss_price: stopLoss, target_profit_price: takeProfit });

export type { AccountPush, Order, OrderPage, SubmitOrder };

/** Closes the held positions `which` chooses, each once; answers each one's result. */
export const closeAll = (which: CloseAllWhich) => request<CloseAllResult[]>(api.closeAll, { which });
export type CloseAllWhich = (typeof CLOSE_ALL_WHICH)[number];
