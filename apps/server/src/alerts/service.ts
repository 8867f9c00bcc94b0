import { type AlertDirection, Code, MAX_ACTIVE_ALERTS, type PriceAlert } from '@meridian/contract';
import { dec, priceInput, priceText } from '@meridian/core';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { AppError, refuse } from '../http/errors';
import type { TradingMarket } from '../trading';
import { utcText } from '../util/time';
import { ALERT_CHANNEL, type AlertEvent } from './events';
import { type PriceAlertRow, priceAlerts } from './schema';

/** The decimals a typed price may have: exactly the instrument's precision, no rounding of what was typed. */
const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

export function alertView(row: PriceAlertRow, market: TradingMarket): PriceAlert {
  const precision = market.tradable(row.instrumentId)?.terms.pricePrecision;
  return {
    id: row.id,
    forex_id: row.instrumentId,
    code: row.showCode,
    direction: row.direction,
    price: priceText(row.level, precision),
    note: row.note,
    created_at: utcText(row.createdAt),
    fired_at: row.firedAt ? utcText(row.firedAt) : '',
    fired_price: row.firedPrice === null ? '' : priceText(row.firedPrice, precision),
  };
}

/**
 * Sets an alert. Refused when the price has already reached the level in its direction (it would fire at
 * once and tell the trader nothing), with 50 alerts waiting, or for a price that is not a positive decimal
 * at the instrument's precision. A market with no price yet takes any level.
 */
export async function createAlert(
  db: Db,
  bus: Bus,
  market: TradingMarket,
  userId: number,
  input: { forex_id: number; price: string; direction: AlertDirection; note?: string },
  now: Date,
): Promise<PriceAlertRow> {
  const tradable = market.tradable(input.forex_id);
  if (!tradable) throw new AppError(Code.NOT_FOUND, 'instrument_unknown');
  const precision = tradable.terms.pricePrecision;
  const level = priceInput(input.price, precision);
  if (!level?.gt(0) || decimalsOf(input.price) > precision) {
    throw refuse('alert_price_invalid', { decimals: precision });
  }
  const last = market.lastQuote(input.forex_id)?.bid;
  const reached =
    last !== undefined && (input.direction === 'above' ? dec(last).gte(level) : dec(last).lte(level));
  if (reached) {
    throw refuse(input.direction === 'above' ? 'alert_already_above' : 'alert_already_below', {
      code: tradable.showCode,
      price: priceText(last, precision),
    });
  }
  const [waiting] = await db
    .select({ n: count() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), isNull(priceAlerts.firedAt)));
  if ((waiting?.n ?? 0) >= MAX_ACTIVE_ALERTS) throw refuse('alert_limit', { max: MAX_ACTIVE_ALERTS });
  const [row] = await db
    .insert(priceAlerts)
    .values({
      userId,
      instrumentId: input.forex_id,
      showCode: tradable.showCode,
      direction: input.direction,
      level: level.toFixed(),
      note: input.note ?? '',
      createdAt: now,
    })
    .returning();
  const { id, instrumentId, direction } = row!;
  bus.publish(ALERT_CHANNEL, {
    alert: { id, instrumentId, direction, level: row!.level },
  } satisfies AlertEvent);
  return row!;
}

/** The trader's alerts, newest first. */
export function alertsOf(db: Db, userId: number): Promise<PriceAlertRow[]> {
  return db.select().from(priceAlerts).where(eq(priceAlerts.userId, userId)).orderBy(desc(priceAlerts.id));
}

/** Deletes one of the trader's alerts; someone else's is not found, as if it did not exist. */
export async function deleteAlert(db: Db, bus: Bus, userId: number, id: number): Promise<null> {
  const [gone] = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  if (!gone) throw new AppError(Code.NOT_FOUND, 'not_found');
  bus.publish(ALERT_CHANNEL, { deleted: id } satisfies AlertEvent);
  return null;
}
