import { type AnswerOf, endpoints, type Order, OrderStatus } from '@meridian/contract';
import { balanceText, dec, moneyText, priceText, riskRateText, sideOfOrderType } from '@meridian/core';
import { and, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { invalidInput } from '../http/errors';
import { route, routeProvingSession, said } from '../http/route';
import { translate } from '../i18n';
import { utcDate, utcText } from '../util/time';
import { bookOf } from './book';
import { historyFilter } from './history-filter';
import type { OrderRow } from './schema';
import { orders } from './schema';
import type { Trading } from './service';

export const PAGE_SIZE = 10;

/** The tabs of /order: 1 holding, 0 pending, 3 history (closed and cancelled). */
const TAB_STATUSES: Record<'0' | '1' | '3', OrderStatus[]> = {
  '0': [OrderStatus.pending],
  '1': [OrderStatus.holding],
  '3': [OrderStatus.closed, OrderStatus.cancelled],
};

/** An order as SPEC.md §3 names its fields, with prices at the instrument's precision. */
export function orderView(order: OrderRow, trading: Trading): Order {
  const precision = trading.market.tradable(order.instrumentId)?.terms.pricePrecision ?? 2;
  const price = (value: string | null) => (value === null ? '' : priceText(value, precision));
  // SPEC.md §3 writes an unset stop as '0'.
  const stop = (value: string | null) => (value === null ? '0' : price(value));
  const live = order.status === OrderStatus.holding ? trading.mark(order) : null;
  return {
    Id: order.id,
    ForexId: order.instrumentId,
    ForexTradeLists: { ShowCode: order.showCode },
    OrderType: order.side,
    Status: order.status,
    Quantity: dec(order.lots).toString(),
    Multiple: order.leverage,
    OriginPrice: price(order.originPrice),
    Price: price(order.price),
    UpdatePrice: live ? live.updatePrice : price(order.closePrice ?? order.originPrice),
    FactProfits: live ? live.factProfits : moneyText(order.profit ?? '0'),
    CautionMoney: moneyText(order.margin),
    TradeFee: moneyText(order.fee),
    TargetLossPrice: stop(order.stopLoss),
    TargetProfitPrice: stop(order.takeProfit),
    CreateTimeHandler: utcText(order.createdAt),
    CloseTime: order.closedAt ? utcText(order.closedAt) : '',
    CloseReason: order.closeReason ?? '',
    Copied: order.copyId !== null,
    TrailingDistance: order.trailingDistance === null ? '0' : price(order.trailingDistance),
    PartOf: order.partOf ?? 0,
    Swap: moneyText(order.swap),
    PendingKind: (order.pendingKind as Order['PendingKind'] | null) ?? '',
    ExpiresAt: order.expiresAt ? utcText(order.expiresAt) : '',
  };
}

/** The expiry asked with an order: none when absent, refused as input when it names no real time. */
function expiryOf(text: string | undefined): Date | null {
  if (text === undefined) return null;
  const date = utcDate(text);
  if (!date) throw invalidInput('expires_at');
  return date;
}

export function tradingRoutes(
  app: FastifyInstance,
  { database: { db }, trading }: { database: Database; trading: Trading },
): void {
  const view = (order: OrderRow) => orderView(order, trading);

  routeProvingSession(app, db, endpoints.submitOrder, async ({ input, user }) => {
    const pending = input.status === '0';
    const order = await trading.place(
      user.id,
      {
        side: sideOfOrderType(input.type),
        instrumentId: input.forex_id,
        lots: input.cont,
        leverage: input.multiple,
        pendingTarget: pending ? (input.target_price ?? '') : null,
        stopLoss: input.stop_loss_price,
        takeProfit: input.target_profit_price,
        trailingDistance: input.trailing_distance,
        expiresAt: expiryOf(input.expires_at),
        clientOrderId: input.client_order_id,
      },
      user.tokenHash,
    );
    return said(view(order), pending ? 'order_pending_placed' : 'order_placed');
  });

  route(app, db, endpoints.myDeal, async ({ input, user }): Promise<AnswerOf<typeof endpoints.myDeal>> => {
    const where = and(
      eq(orders.userId, user.id),
      inArray(orders.status, TAB_STATUSES[input.status]),
      input.status === '3' ? historyFilter(input) : undefined,
    );
    // One snapshot: with an order placed between the reads, cash read before it and holdings read after
    // counted its margin twice.
    const [rows, [totals], [account], [reserved], held] = await db.transaction(
      (tx) =>
        Promise.all([
          tx
            .select()
            .from(orders)
            .where(where)
            .orderBy(desc(orders.id))
            .limit(PAGE_SIZE)
            .offset((input.page - 1) * PAGE_SIZE),
          tx
            .select({ total: count(), profit: sum(orders.profit) })
            .from(orders)
            .where(where),
          tx.select({ balance: users.balance }).from(users).where(eq(users.id, user.id)),
          tx
            .select({ reserve: sum(sql`${orders.margin} + ${orders.fee}`) })
            .from(orders)
            .where(and(eq(orders.userId, user.id), eq(orders.status, OrderStatus.pending))),
          trading.holdings(tx, user.id),
        ]),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const balance = account?.balance ?? '0';
    const figures = trading.figures(balance, held.map(bookOf));
    return {
      data: rows.map(view),
      total: totals?.total ?? 0,
      balance: balanceText(balance),
      // One meaning per tab: history sums what its orders realised; holding and pending show the
      // account's floating P&L, as the live push does.
      all_fact_profits: moneyText(input.status === '3' ? (totals?.profit ?? '0') : figures.floatingPnl),
      caution_money_all: moneyText(figures.usedMargin),
      hazard_rate: riskRateText(figures.riskRate),
      net_value: balanceText(figures.equity),
      free_margin: balanceText(figures.freeMargin),
      pending_reserve: moneyText(reserved?.reserve ?? '0'),
    };
  });

  route(app, db, endpoints.closeOrder, async ({ input, user }) =>
    said(view(await trading.close(input.id, 'user', { userId: user.id, lots: input.lots })), 'order_closed'),
  );

  route(app, db, endpoints.closeAll, async ({ input, user, lang }) => {
    const results = await trading.closeAll(user.id, { instrumentId: input.forex_id, which: input.which });
    return results.map((r) => ({
      Id: r.id,
      closed: r.closed !== null,
      msg: r.refusal ? translate(lang, r.refusal.key, r.refusal.params) : '',
      order: r.closed && view(r.closed),
    }));
  });

  route(app, db, endpoints.cancelOrder, async ({ input, user }) =>
    said(view(await trading.cancel(user.id, input.id)), 'order_cancelled'),
  );

  route(app, db, endpoints.setStopPrice, async ({ input, user }) => {
    const order = await trading.setStops(user.id, input.id, {
      stopLoss: input.stop_loss_price,
      takeProfit: input.target_profit_price,
      trailingDistance: input.trailing_distance,
    });
    return said(view(order), 'stops_updated');
  });
}
