import { type Dec, dec, exposureUsd, MissingUsdRateError, OrderType, stopOutPlan } from '@meridian/core';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exact } from '../db/numeric';
import { users } from '../db/schema';
import { limitedInstruments } from '../market';
import { readSettings } from '../settings';
import type { Trading } from '../trading';
import { bookOf, type Holding, holdingOrders, type OrderRow } from '../trading';

/** Accounts this close above the margin-call level are shown as "near", before they are called. */
const NEAR_FACTOR = 1.5;

type Limited = Awaited<ReturnType<typeof limitedInstruments>>;

/**
 * The book's open positions per instrument, real accounts only (TRADING.md "Exposure": demo ones are no
 * risk of the platform's): lots long and short, net in lots and in USD, the exposure limit, and floating
 * P&L (the traders' side). Every instrument with a limit has its row, held or not.
 */
export async function exposure(db: Db, trading: Trading) {
  return exposureOf(trading, await holdingOrders(db), await limitedInstruments(db));
}

/** Net lots in USD at the instrument's last bid (its Close); null without a price or a USD rate to value them at. */
function netUsd(trading: Trading, instrumentId: number, net: Dec): string | null {
  const tradable = trading.market.tradable(instrumentId);
  const last = trading.market.lastQuote(instrumentId)?.bid;
  if (!tradable || last === undefined) return null;
  try {
    return exposureUsd(tradable.terms, net, last, trading.market.prices).toFixed(2);
  } catch (err) {
    if (err instanceof MissingUsdRateError) return null;
    throw err;
  }
}

function exposureOf(trading: Trading, positions: Holding[], limited: Limited) {
  const book = new Map<number, { code: string; long: Dec; short: Dec; pnl: Dec; positions: number }>();
  const rowOf = (instrumentId: number, code: string) => {
    const row = book.get(instrumentId) ?? { code, long: dec(0), short: dec(0), pnl: dec(0), positions: 0 };
    book.set(instrumentId, row);
    return row;
  };
  for (const order of positions) {
    if (order.demo) continue;
    const row = rowOf(order.instrumentId, order.showCode);
    if (order.side === OrderType.buy) row.long = row.long.plus(order.lots);
    else row.short = row.short.plus(order.lots);
    row.pnl = row.pnl.plus(trading.mark(order).pnl);
    row.positions += 1;
  }
  const limits = new Map(limited.map((i) => [i.id, exact(i.exposureLimit!)]));
  for (const i of limited) rowOf(i.id, i.showCode);
  const rows = [...book.entries()].map(([instrumentId, r]) => {
    const net = r.long.minus(r.short);
    return {
      instrument_id: instrumentId,
      code: r.code,
      positions: r.positions,
      long_lots: r.long.toFixed(),
      short_lots: r.short.toFixed(),
      net_lots: net.toFixed(),
      net_usd: netUsd(trading, instrumentId, net),
      exposure_limit: limits.get(instrumentId) ?? null,
      floating_pnl: r.pnl.toFixed(2),
    };
  });
  const total = [...book.values()].reduce((sum, r) => sum.plus(r.pnl), dec(0));
  return { rows, floating_pnl: total.toFixed(2), positions: rows.reduce((n, r) => n + r.positions, 0) };
}

export type RiskState = 'stop_out' | 'margin_call' | 'near';

/**
 * Positions of an account at stop-out that stop-out cannot close now (no live price: market closed or
 * quote stale), as their show codes; empty when the engine will close one at its next sweep.
 */
function unclosable(trading: Trading, balance: string, held: OrderRow[], level: string): string[] {
  const now = trading.now();
  const positions = held.map((order) => ({
    id: order.id,
    margin: order.margin,
    pnl: trading.mark(order).pnl,
    closable: trading.market.priceState(order.instrumentId, now).state === 'open',
  }));
  if (stopOutPlan(balance, positions, { level }).close.length > 0) return [];
  return [...new Set(held.map((order) => order.showCode))];
}

/**
 * Accounts whose risk rate is at stop-out, at margin call, or near it; lowest risk rate first. An account
 * at stop-out whose positions have no live price is `stop_out_blocked`: it waits for the market.
 */
export async function accountsAtRisk(db: Db, trading: Trading) {
  return accountsAtRiskOf(db, trading, await holdingOrders(db));
}

async function accountsAtRiskOf(db: Db, trading: Trading, positions: OrderRow[]) {
  const settings = await readSettings(db);
  const stopOut = dec(settings.stop_out_level);
  const marginCall = dec(settings.margin_call_level);
  const byUser = new Map<number, OrderRow[]>();
  for (const order of positions) byUser.set(order.userId, [...(byUser.get(order.userId) ?? []), order]);
  if (byUser.size === 0)
    return { rows: [], margin_call_level: marginCall.toFixed(), stop_out_level: stopOut.toFixed() };
  const accounts = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...byUser.keys()]));
  const rows = accounts.flatMap((user) => {
    const f = trading.figures(user.balance, (byUser.get(user.id) ?? []).map(bookOf));
    if (!f.riskRate || f.riskRate.greaterThan(marginCall.times(NEAR_FACTOR))) return [];
    const state: RiskState = f.riskRate.lessThanOrEqualTo(stopOut)
      ? 'stop_out'
      : f.riskRate.lessThanOrEqualTo(marginCall)
        ? 'margin_call'
        : 'near';
    const waiting =
      state === 'stop_out'
        ? unclosable(trading, user.balance, byUser.get(user.id) ?? [], settings.stop_out_level)
        : [];
    return [
      {
        user_id: user.id,
        uid: user.uid,
        email: user.email,
        mobile: user.mobile,
        state,
        risk_rate: f.riskRate.toFixed(2),
        equity: f.equity.toFixed(2),
        used_margin: f.usedMargin.toFixed(2),
        floating_pnl: f.floatingPnl.toFixed(2),
        positions: byUser.get(user.id)?.length ?? 0,
        stop_out_blocked: waiting.length > 0,
        /** Show codes of the positions it waits on. */
        waiting_on: waiting,
      },
    ];
  });
  rows.sort((a, b) => dec(a.risk_rate).comparedTo(b.risk_rate));
  return { rows, margin_call_level: marginCall.toFixed(), stop_out_level: stopOut.toFixed() };
}

export type Exposure = ReturnType<typeof exposureOf>;
export type AtRisk = Awaited<ReturnType<typeof accountsAtRiskOf>>;

/** Both views of the risk desk from one read of the open positions. */
export async function riskSnapshot(
  db: Db,
  trading: Trading,
): Promise<{ exposure: Exposure; accounts: AtRisk }> {
  const positions = await holdingOrders(db);
  return {
    exposure: exposureOf(trading, positions, await limitedInstruments(db)),
    accounts: await accountsAtRiskOf(db, trading, positions),
  };
}
