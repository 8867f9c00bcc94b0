import { type AccountPush, api, type Order, type OrderPage, type SubmitOrder } from '@meridian/contract';
import { act, request } from './http';

export const submitOrder = (order: SubmitOrder) => act<Order>(api.submitOrder, { ...order });
export const fetchOrders = (status: 0 | 1 | 3, page: number) =>
  request<OrderPage>(api.myDeal, { status, page });
export const closeOrder = (id: number) => act<Order>(api.closeOrder, { id });
export const cancelOrder = (id: number) => act<Order>(api.cancelOrder, { id });
export const setStopPrice = (id: number, stopLoss: string, takeProfit: string) =>
  act<Order>(api.setStopPrice, { id, stop_loss_price: stopLoss, target_profit_price: takeProfit });

export type { AccountPush, Order, OrderPage, SubmitOrder };
