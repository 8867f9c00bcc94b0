import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Rows, not trades: `times` copies of order `orderId` (a position, or a pending order) for each of `userIds`,
 * with `stopLoss` when given, for the engine to follow at scale (no margin is taken and no ledger row written
 * for them).
 */
export async function copyPosition(
  db: Db,
  {
    orderId,
    userIds,
    times = 1,
    stopLoss = null,
  }: { orderId: number; userIds: number[]; times?: number; stopLoss?: string | null },
): Promise<void> {
  await db.execute(sql`
    insert into orders (user_id, instrument_id, show_code, side, status, lots, contract_size, leverage,
      origin_price, price, margin, fee, spread_rate, quote_currency, fee_rate, fee_type, filled_at, pending_kind,
      stop_loss)
    select u.id, o.instrument_id, o.show_code, o.side, o.status, o.lots, o.contract_size, o.leverage,
      o.origin_price, o.price, o.margin, o.fee, o.spread_rate, o.quote_currency, o.fee_rate, o.fee_type,
      o.filled_at, o.pending_kind, ${stopLoss}
    from orders o, unnest(${`{${userIds.join(',')}}`}::int[]) u(id), generate_series(1, ${times})
    where o.id = ${orderId}`);
}
