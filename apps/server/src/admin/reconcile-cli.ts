import { sql } from 'drizzle-orm';
import { type Config, loadConfig, throwawaySecrets } from '../config';
import { type Database, embeddedDatabaseExists, embeddedDir, openDatabase } from '../db/client';
import { DataDirBusy } from '../db/lock';
import { type ReconcileReport, reconcile } from '../ledger';

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** Exit codes of `npm run reconcile`. */
export const Exit = { ok: 0, differences: 1, failed: 2 } as const;

/**
 * The report needs the database only: production's requirements of a server (the operator's password it
 * seeds, the key it seals secrets with, a way to deliver codes) do not apply to a read-only check, so a
 * shell with just DATABASE_URL can run it.
 */
export function reconcileConfig(env: Record<string, string | undefined> = process.env): Config {
  return loadConfig({
    ...env,
    ...throwawaySecrets(),
    OUTBOX_ONLY: 'true',
  });
}

const hasLedger = async (database: Database) => {
  const result = await database.db.execute<{ users: string | null; ledger: string | null }>(
    sql`select to_regclass('public.users')::text as users, to_regclass('public.ledger_entries')::text as ledger`,
  );
  const row = (result as unknown as { rows: { users: string | null; ledger: string | null }[] }).rows[0];
  return Boolean(row?.users && row.ledger);
};

/** The root cause of a failure (drizzle wraps the driver's error, e.g. ECONNREFUSED, in "Failed query"). */
function reasonOf(err: unknown): string {
  let e = err as Error & { cause?: unknown };
  while (e.cause instanceof Error) e = e.cause as Error & { cause?: unknown };
  const code = (e as { code?: string }).code;
  return `${e.message || String(e)}${code && !e.message?.includes(code) ? ` (${code})` : ''}`;
}

function print(report: ReconcileReport, out: Output): number {
  out.log(`Accounts checked: ${report.checked}`);
  if (report.differences.length === 0 && report.issues.length === 0) {
    out.log('No differences: every balance and lock balance equals its ledger, every order its ledger rows.');
    return Exit.ok;
  }
  if (report.differences.length > 0) {
    out.log(`Differences: ${report.differences.length}`);
    out.log(['user_id', 'uid', 'account', 'stored', 'ledger', 'difference'].join('\t'));
    for (const d of report.differences) {
      out.log([d.user_id, d.uid, d.account, d.stored, d.ledger, d.difference].join('\t'));
    }
  }
  if (report.issues.length > 0) {
    out.log(`Ledger issues: ${report.issues.length}`);
    out.log(['user_id', 'uid', 'kind', 'ref', 'detail'].join('\t'));
    for (const i of report.issues) out.log([i.user_id, i.uid, i.kind, i.ref, i.detail].join('\t'));
  }
  return Exit.differences;
}

/**
 * `npm run reconcile`: every account's balance and lock balance against the sums of its ledger rows, every
 * order against its ledger rows, the balance-after chain and the protection rows (`reconcile`), in the
 * configured database. 0: nothing wrong (or nothing yet to check), 1: differences or issues listed, 2: could
 * not run (the embedded database is in use by a running server, the database is unreachable).
 * Read-only: it never creates or migrates a database.
 */
export async function runReconcile(config: Config, out: Output = console): Promise<number> {
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  if (!config.databaseUrl && !config.memoryDb && !embeddedDatabaseExists(config)) {
    out.log(`No embedded database in ${embeddedDir(config)} yet: nothing to reconcile.`);
    out.log("(Set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL.)");
    return Exit.ok;
  }
  let database: Database;
  try {
    database = await openDatabase(config, 'npm run reconcile');
  } catch (err) {
    if (err instanceof DataDirBusy) {
      out.error(`Cannot reconcile now: ${err.message}`);
      out.error('Stop the server and run it again, or open the Reconcile screen of the back office instead.');
      return Exit.failed;
    }
    throw err;
  }
  try {
    if (!(await hasLedger(database))) {
      out.log(`${where} has no accounts or ledger tables yet (not migrated): nothing to reconcile.`);
      return Exit.ok;
    }
    out.log(`Reconciling ${where}`);
    return print(await reconcile(database.db), out);
  } catch (err) {
    out.error(`Reconcile failed on ${where}: ${reasonOf(err)}`);
    return Exit.failed;
  } finally {
    await database.close().catch(() => {});
  }
}
