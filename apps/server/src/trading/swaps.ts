import { OrderStatus } from '@meridian/contract';
import {
  type DecLike,
  dec,
  MissingUsdRateError,
  nightsAt,
  nightsBetween,
  rolloverSwap,
  rolloverTime,
  sideOfOrderType,
  swapCalendarOf,
  swapPoints,
} from '@meridian/core';
import { and, asc, eq, gt, inArray, lt, max, min, sql } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import type { Entry } from '../ledger';
import type { Market, MarketInstrument } from '../market';
import { allCategories } from '../market';
import type { ErrorLog } from '../util/log';
import { every, type Periodic } from '../util/periodic';
import { ORDER_CHANNEL, type OrderEvent } from './events';
import type { TradingMarket } from './market';
import { type OrderRow, orders, swapRollovers } from './schema';

/** How often the leader looks for a rollover to run: a night is charged within this long after 22:00 UTC. */
export const ROLLOVER_CHECK_MS = 30_000;
/** Positions charged per statement, each batch in a transaction of its own. */
const BATCH = 1000;
/** How far before the last night recorded a new leader looks again for positions a night left unfinished. */
const CATCH_UP_MS = 7 * 86_400_000;
/** A fill stamped just before a rollover may commit just after it: a night is looked at again until this long after. */
const SETTLE_MS = 60_000;

/** The ledger row that settles a closing order's swap, before its trade_settle (TRADING.md "Ledger"); none at zero. */
export function swapSettlement(order: Pick<OrderRow, 'id' | 'swap'>): Entry[] {
  if (dec(order.swap).isZero()) return [];
  return [{ refType: 'order', refId: order.id, type: 'swap', amount: dec(order.swap).toFixed() }];
}

/** A holding order's swap at one rollover, and the version of the row it was worked out from. */
interface Charge {
  id: number;
  version: number;
  amount: string;
}

/**
 * TRADING.md "Swaps": at each night's 22:00 UTC rollover, every position held through it accrues its
 * instrument's swap for the nights that rollover counts, converted to USD at the live rate, into `orders.swap`.
 * Each charge is a `swap_rollovers` row keyed by position and night, so however many runs, restarts or
 * nodes, a night is charged once; a night left unfinished (a stale conversion rate, a position changed
 * under the run, a stop) is finished by a later run. Only positions filled before the rollover are charged.
 */
export class Rollovers {
  /** Every night up to this one is done for every position: later runs start after it. */
  private doneThrough: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly market: Market,
    private readonly prices: TradingMarket,
    private readonly bus: Bus,
    private readonly now: () => number,
  ) {}

  /** Runs every rollover due and not done yet, oldest first; returns how many positions it charged. */
  async run(): Promise<number> {
    const now = this.now();
    const categories = new Map((await allCategories(this.db)).map((c) => [c.id, c.code]));
    let charged = 0;
    let finished = true;
    for (const night of nightsBetween(await this.since(now), now)) {
      const done = await this.rollOver(night, categories);
      charged += done.charged;
      finished &&= done.complete && now >= rolloverTime(night) + SETTLE_MS;
      if (finished) this.doneThrough = night;
    }
    return charged;
  }

  /**
   * Where this run starts: after the last night done, or for a new leader, at the oldest position's fill,
   * but at most CATCH_UP_MS before the last night recorded.
   */
  private async since(now: number): Promise<number> {
    if (this.doneThrough !== null) return rolloverTime(this.doneThrough);
    const [[held], [recorded]] = await Promise.all([
      this.db
        .select({ first: min(orders.filledAt) })
        .from(orders)
        .where(eq(orders.status, OrderStatus.holding)),
      this.db.select({ last: max(swapRollovers.night) }).from(swapRollovers),
    ]);
    if (!held?.first) return now;
    const fromRecorded = recorded?.last ? rolloverTime(recorded.last) - CATCH_UP_MS : 0;
    return Math.max(held.first.getTime(), fromRecorded);
  }

  /** One night's rollover over every instrument and side held through it; complete when no position is left. */
  private async rollOver(night: string, categories: Map<number, string>) {
    const at = new Date(rolloverTime(night));
    const books = await this.db
      .selectDistinct({ instrumentId: orders.instrumentId, side: orders.side })
      .from(orders)
      .where(and(eq(orders.status, OrderStatus.holding), lt(orders.filledAt, at)));
    let charged = 0;
    let complete = true;
    for (const { instrumentId, side } of books) {
      const instrument = this.market.instrument(instrumentId);
      // Not loaded (a definitions reload under way): its positions wait for the next run.
      if (!instrument) {
        complete = false;
        continue;
      }
      const nights = nightsAt(
        swapCalendarOf(categories.get(instrument.categoryId) ?? ''),
        night,
        instrument.isOpen,
      );
      const points = swapPoints(sideOfOrderType(side), instrument);
      if (nights === 0 || dec(points).isZero()) continue;
      const done = await this.charge(night, at, { instrument, side, nights, points });
      charged += done.charged;
      complete &&= done.complete;
    }
    return { charged, complete };
  }

  /** Charges the positions of one instrument and side held through a rollover, a batch at a time. */
  private async charge(
    night: string,
    at: Date,
    book: { instrument: MarketInstrument; side: OrderRow['side']; nights: number; points: DecLike },
  ) {
    const { instrument, side, nights, points } = book;
    let charged = 0;
    let complete = true;
    let after = 0;
    for (;;) {
      const due = await this.db
        .select({
          id: orders.id,
          version: orders.version,
          lots: orders.lots,
          contractSize: orders.contractSize,
          quoteCurrency: orders.quoteCurrency,
        })
        .from(orders)
        .where(
          and(
            eq(orders.status, OrderStatus.holding),
            eq(orders.instrumentId, instrument.id),
            eq(orders.side, side),
            lt(orders.filledAt, at),
            gt(orders.id, after),
            sql`not exists (select 1 from ${swapRollovers} r where r.order_id = ${orders.id} and r.night = ${night})`,
          ),
        )
        .orderBy(asc(orders.id))
        .limit(BATCH);
      if (due.length === 0) return { charged, complete };
      let charges: Charge[];
      try {
        charges = due.map((o) => ({
          id: o.id,
          version: o.version,
          amount: rolloverSwap(
            o,
            points,
            instrument.pricePrecision,
            nights,
            this.prices.livePrices,
          ).toFixed(),
        }));
      } catch (err) {
        // A stale (or missing) conversion rate: these positions wait for a live one, at a later run.
        if (err instanceof AppError || err instanceof MissingUsdRateError)
          return { charged, complete: false };
        throw err;
      }
      const applied = await this.apply(night, nights, charges);
      charged += applied;
      // A position that changed since it was read (closed, part closed, its stops moved) is charged at a later run.
      complete &&= applied === charges.length;
      after = due.at(-1)!.id;
    }
  }

  /**
   * Records each charge and adds it to its position's swap, in one statement: only for a position still
   * held at the version it was worked out from (locked, so that a close waits for it or it for the close),
   * and only where the night is not recorded already. Announces the positions it charged.
   */
  private async apply(night: string, nights: number, charges: Charge[]): Promise<number> {
    const list = (values: (string | number)[]) => `{${values.join(',')}}`;
    const result = await this.db.execute(sql`
      with due as (
        select * from unnest(${list(charges.map((c) => c.id))}::int[], ${list(charges.map((c) => c.version))}::int[],
          ${list(charges.map((c) => c.amount))}::numeric[]) as d(id, version, amount)),
      held as (
        select o.id, due.amount from ${orders} o join due on due.id = o.id and due.version = o.version
        where o.status = ${OrderStatus.holding} order by o.id for update of o),
      recorded as (
        insert into ${swapRollovers} (order_id, night, nights, amount)
        select id, ${night}::date, ${nights}, amount from held
        on conflict do nothing
        returning order_id, amount)
      update ${orders} o set swap = o.swap + recorded.amount from recorded where o.id = recorded.order_id
      returning o.id`);
    const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    if (ids.length > 0) {
      for (const order of await this.db.select().from(orders).where(inArray(orders.id, ids))) {
        this.bus.publish(ORDER_CHANNEL, { order } satisfies OrderEvent);
      }
    }
    return ids.length;
  }
}

/** The leader's rollover job (platform.ts starts it while this node leads). */
export function startRolloverJob(rollovers: Rollovers, log: ErrorLog): Periodic {
  return every(
    ROLLOVER_CHECK_MS,
    () => rollovers.run(),
    (err) => log('swap rollover failed; the next run finishes it', err),
  );
}
