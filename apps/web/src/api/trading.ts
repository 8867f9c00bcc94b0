import { api } from '@meridian/contract';
import { act, request } from './http';

/** An order as /v1/api/forex/my_deal and the order calls return it (SPEC.md §3). */
export interface Order {
  Id: number;
  ForexId: number;
  ForexTradeLists: { ShowCode: string };
  OrderType: number;
  Status: number;
  Quantity: string;
  Multiple: number;
  OriginPrice: string;
  Price: string;
  UpdatePrice: string;
  FactProfits: string;
  CautionMoney: string;
  TradeFee: string;
  TargetLossPrice: string;
  TargetProfitPrice: string;
  CreateTimeHandler: string;
  CloseTime: string;
  CloseReason: string;
}

export interface OrderPage {
  data: Order[];
  total: number;
  balance: string;
  all_fact_profits: string;
  /** Account totals beside the page (TRADING.md "Account figures"). */
  caution_money_all: string;
  hazard_rate: string;
  net_value: string;
  free_margin: string;
}

export interface SubmitOrder {
  type: 1 | 2;
  cont: string;
  forex_id: number;
  status: 0 | 1;
  target_price: string;
  stop_loss_price: string;
  target_profit_price: string;
  multiple: number;
  client_order_id: string;
}

/** The live account push (FOREX_TRADE). */
export interface AccountPush {
  ProfitsTotal: string;
  HazardRate: string;
  CautionMoneyAll: string;
  MarginCall: boolean;
  TransOrder: { Id: number; UpdatePrice: string; FactProfits: string }[];
}

export const submitOrder = (order: SubmitOrder) => act<Order>(api.submitOrder, { ...order });
export const fetchOrders = (status: 0 | 1 | 3, page: number) =>
  request<OrderPage>(api.myDeal, { status, page });
export const closeOrder = (id: number) => act<Order>(api.closeOrder, { id });
export const cancelOrder = (id: number) => act<Order>(api.cancelOrder, { id });
export const setStopPrice = (id: number, stopLoss: string, takeProfit: string) =>
  act<Order>(api.setStopPrice, { id, stop_loss_price: stopLoss, target_profit_price: takeProfit });
