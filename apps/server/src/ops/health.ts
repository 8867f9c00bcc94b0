import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '../db/client';
import type { Market } from '../market';

/** One dependency's state as /readyz reports it. */
export interface Check {
  ok: boolean;
  detail: string;
}

export interface Readiness {
  status: 'ok' | 'fail';
  checks: { database: Check; redis: Check; feed: Check; migrations: Check };
}

/** A check that has not answered by then has failed: a load balancer must not wait on a hung database. */
const CHECK_TIMEOUT_MS = 2_000;

/** `work`'s outcome, or a failure once `ms` have passed. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `probe` under the timeout; the answer is public, so a failure says what failed, never the error. */
async function checked(probe: () => Promise<Check>, failed: string): Promise<Check> {
  try {
    return await within(CHECK_TIMEOUT_MS, probe());
  } catch {
    return { ok: false, detail: failed };
  }
}

export const databaseCheck = (db: Db) =>
  checked(async () => {
    await db.execute(sql`select 1`);
    return { ok: true, detail: 'select 1 answered' };
  }, 'unreachable');

export const redisCheck = (redis: { ping(): Promise<string> } | undefined) =>
  redis
    ? checked(async () => ({ ok: true, detail: `ping: ${await redis.ping()}` }), 'unreachable')
    : Promise.resolve({ ok: true, detail: 'not used' });

/**
 * The freshest quote among instruments whose market is open now, against QUOTE_MAX_AGE. With every market
 * closed (a weekend) there is nothing to be fresh, and that is healthy. Followers judge the ticks the
 * leader sent them over the bus, so a stuck bus shows here too.
 */
export function feedCheck(market: Market, now: number, maxAgeMs: number): Check {
  const open = market.instruments().filter((i) => i.isOpen(now));
  if (open.length === 0) return { ok: true, detail: 'all markets closed' };
  const ages = open
    .map((i) => market.quoteState(i.id))
    .filter((q) => q !== undefined && !q.restored)
    .map((q) => now - q!.time);
  if (ages.length === 0) return { ok: false, detail: 'no quote received since start' };
  const freshest = Math.min(...ages);
  return {
    ok: freshest <= maxAgeMs,
    detail: `freshest quote ${Math.round(freshest / 1000)} s old, limit ${maxAgeMs / 1000} s`,
  };
}

/** The hashes of the migrations this build ships (the node applies them at start). */
export const shippedMigrations = (migrationsFolder: string) =>
  readMigrationFiles({ migrationsFolder }).map((m) => m.hash);

/** The database's applied migrations against this build's: another build may have migrated it further. */
export const migrationsCheck = (db: Db, shipped: string[]) =>
  checked(async () => {
    const result = await db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    const applied = new Set((result as unknown as { rows: { hash: string }[] }).rows.map((r) => r.hash));
    const missing = shipped.filter((hash) => !applied.has(hash)).length;
    const foreign = applied.size - (shipped.length - missing);
    if (missing === 0 && foreign === 0) return { ok: true, detail: `${shipped.length} applied` };
    return {
      ok: false,
      detail: `${missing} of this build's ${shipped.length} not applied, ${foreign} unknown to this build`,
    };
  }, 'unreadable');
