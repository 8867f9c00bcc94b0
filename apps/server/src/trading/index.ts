/** The trading area's face: all that other areas and the composition root use of it. */
export { bookOf } from './book';
export { Engine } from './engine';
export type { MarginCallEvent, OrderEvent } from './events';
export { MARGIN_CALL_CHANNEL, ORDER_CHANNEL } from './events';
export { startExpiryJob } from './expiry';
export { dayBounds, HISTORY_STATUSES, historyFilter } from './history-filter';
export type { Tick, TradingMarket } from './market';
export { tradingMarket } from './market';
export type { PendingWithdrawals } from './negative-balance';
export type { Holding } from './orders.repo';
export { holdingOrders, userOrdersPage } from './orders.repo';
export { closedByTrader, closedMoves } from './reports';
export { reserveOf } from './reserve';
export { orderView, tradingRoutes } from './routes';
export type { OrderRow } from './schema';
export { orders } from './schema';
export { Trading } from './service';
export { Rollovers, startRolloverJob } from './swaps';
