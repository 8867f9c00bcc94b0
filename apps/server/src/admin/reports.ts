import {
  adminEndpoints,
  type ClientPnlRow,
  type HouseDay,
  type InputOf,
  REPORT_MAX_DAYS,
} from '@meridian/contract';
import { dec } from '@meridian/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client';
import { exact } from '../db/numeric';
import { depositedByTrader, paidOutByTrader } from '../funding';
import { invalidInput } from '../http/errors';
import { protectionMoves } from '../ledger';
import { adminRoute, offsetOf, type Page, type PageInput } from '../operators';
import { closedByTrader, closedMoves } from '../trading';

type Period = { from: string; to: string };
export type ClientPnlFilters = Omit<InputOf<typeof adminEndpoints.clientPnl>, 'page' | 'size'>;

const DAY_MS = 86_400_000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The period's bounds, [from 00:00 UTC, the day after `to`); refuses `to` before `from` or a period over a year. */
function bounds({ from, to }: Period): { start: Date; end: Date } {
  const start = dayStart(from);
  const end = dayStart(to) + DAY_MS;
  if (end <= start || end - start > REPORT_MAX_DAYS * DAY_MS) throw invalidInput('to');
  return { start: new Date(start), end: new Date(end) };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Each real client with money moving in the period: orders closed in it (count, Σ profit, Σ fee, Σ swap), deposits
 * approved and withdrawals paid in it, and net deposits; by realised P&L, then by id. Exact numerics in SQL.
 */
export async function clientPnlPage(
  db: Db,
  filters: ClientPnlFilters,
  page: PageInput,
): Promise<Page<ClientPnlRow>> {
  const span = bounds(filters);
  const q = filters.q;
  const search = q ? sql`and (u.email ilike ${`%${q}%`} or u.uid = ${q})` : sql``;
  const order = filters.sort === 'pnl_asc' ? sql`asc` : sql`desc`;
  const figures = sql`
    with closed as (${closedByTrader(span)}),
    deposited as (${depositedByTrader(span)}),
    paid as (${paidOutByTrader(span)}),
    figures as (
      select u.id as user_id, u.uid, u.email, coalesce(c.n, 0) as closed_orders,
        coalesce(c.pnl, 0) as pnl, coalesce(c.fees, 0) as fees, coalesce(c.swaps, 0) as swaps,
        coalesce(d.amount, 0) as deposits, coalesce(p.amount, 0) as withdrawals
      from users u
        left join closed c on c.user_id = u.id
        left join deposited d on d.user_id = u.id
        left join paid p on p.user_id = u.id
      where not u.is_demo and (c.user_id is not null or d.user_id is not null or p.user_id is not null) ${search})`;
  const rows = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`${figures}
      select user_id, uid, email, closed_orders, pnl::text as pnl, fees::text as fees, swaps::text as swaps,
        deposits::text as deposits, withdrawals::text as withdrawals, (deposits - withdrawals)::text as net
      from figures order by figures.pnl ${order}, user_id asc
      limit ${page.size} offset ${offsetOf(page)}`),
  );
  const [total] = rowsOf<{ n: number | string }>(
    await db.execute(sql`${figures} select count(*)::int as n from figures`),
  );
  return {
    rows: rows.map((r) => ({
      user_id: Number(r.user_id),
      uid: String(r.uid),
      email: r.email === null ? null : String(r.email),
      closed_orders: Number(r.closed_orders),
      realised_pnl: exact(String(r.pnl)),
      fees: exact(String(r.fees)),
      swaps: exact(String(r.swaps)),
      deposits: exact(String(r.deposits)),
      withdrawals: exact(String(r.withdrawals)),
      net_deposits: exact(String(r.net)),
    })),
    total: Number(total?.n ?? 0),
  };
}

/**
 * The house's side each UTC day of the period (every day, quiet ones at zero): −Σ clients' realised P&L
 * + Σ fees − Σ swaps of the orders closed that day − Σ negative-balance protection paid that day; real
 * accounts only.
 */
export async function houseDaily(
  db: Db,
  period: Period,
): Promise<{ rows: HouseDay[]; total: Omit<HouseDay, 'day'> }> {
  const { start, end } = bounds(period);
  const rows = rowsOf<{ day: string; pnl: string; fees: string; swaps: string; protection: string }>(
    await db.execute(sql`
      with moves as (
        select o.moved_at, o.pnl, o.fees, o.swaps, 0::numeric as protection
        from (${closedMoves({ start, end })}) o join users u on u.id = o.user_id
        where not u.is_demo
        union all
        select p.moved_at, 0, 0, 0, p.amount
        from (${protectionMoves({ start, end })}) p join users u on u.id = p.user_id
        where not u.is_demo)
      select to_char(moved_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(pnl)::text as pnl, sum(fees)::text as fees,
        sum(swaps)::text as swaps, sum(protection)::text as protection
      from moves group by 1`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const figures = (pnl: string, fees: string, swaps: string, protection: string) => ({
    clients_pnl: exact(pnl),
    fees: exact(fees),
    swaps: exact(swaps),
    protection: exact(protection),
    house_pnl: dec(fees).minus(pnl).minus(swaps).minus(protection).toFixed(),
  });
  const days: HouseDay[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const r = byDay.get(day);
    days.push({ day, ...figures(r?.pnl ?? '0', r?.fees ?? '0', r?.swaps ?? '0', r?.protection ?? '0') });
  }
  const sum = (key: 'pnl' | 'fees' | 'swaps' | 'protection') =>
    rows.reduce((s, r) => s.plus(r[key]), dec(0)).toFixed();
  return { rows: days, total: figures(sum('pnl'), sum('fees'), sum('swaps'), sum('protection')) };
}

/** The money reports: clients' realised P&L and net deposits, the house's P&L by day. */
export function reportRoutes(app: FastifyInstance, { database: { db } }: { database: Database }): void {
  adminRoute(app, db, adminEndpoints.clientPnl, async ({ input: { page, size, ...filters } }) =>
    clientPnlPage(db, filters, { page, size }),
  );
  adminRoute(app, db, adminEndpoints.houseDaily, async ({ input }) => houseDaily(db, input));
}
