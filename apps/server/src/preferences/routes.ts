import { endpoints, type Indicator, type Period, type Preferences } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client';
import { route } from '../http/route';
import { preferences } from './schema';

/** What a trader who never chose sees: a confirmation before market orders, 15-minute candles, no indicator. */
const DEFAULTS: Preferences = {
  one_tap: false,
  chart_type: 'candles',
  chart_period: '15min',
  chart_indicators: [],
};

async function preferencesOf(db: Db, userId: number): Promise<Preferences> {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  if (!row) return DEFAULTS;
  return {
    one_tap: row.oneTap,
    chart_type: row.chartType,
    chart_period: row.chartPeriod as Period,
    chart_indicators: row.chartIndicators === '' ? [] : (row.chartIndicators.split(',') as Indicator[]),
  };
}

/** One-tap trading and the chart as the trader left it, on every device they sign in on. */
export function preferencesRoutes(
  app: FastifyInstance,
  { database: { db }, now: clock }: { database: Database; now: () => number },
): void {
  route(app, db, endpoints.getPreferences, ({ user }) => preferencesOf(db, user.id));

  route(app, db, endpoints.setPreferences, async ({ input, user }) => {
    const now = { ...(await preferencesOf(db, user.id)) };
    const next: Preferences = {
      one_tap: input.one_tap ?? now.one_tap,
      chart_type: input.chart_type ?? now.chart_type,
      chart_period: input.chart_period ?? now.chart_period,
      // Each once, in the order given.
      chart_indicators: input.chart_indicators ? [...new Set(input.chart_indicators)] : now.chart_indicators,
    };
    const row = {
      oneTap: next.one_tap,
      chartType: next.chart_type,
      chartPeriod: next.chart_period,
      chartIndicators: next.chart_indicators.join(','),
      updatedAt: new Date(clock()),
    };
    await db
      .insert(preferences)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: preferences.userId, set: row });
    return next;
  });
}
