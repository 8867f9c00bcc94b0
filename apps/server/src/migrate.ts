import { loadConfig, throwawaySecrets } from './config';
import { MigrationTimedOut, migratePostgres } from './db/migrate';

/**
 * `npm run migrate` (in a release: `node apps/server/dist/migrate.js`): applies the migrations PostgreSQL at
 * DATABASE_URL lacks, under the migration lock, and says which. Exit 0: applied, or nothing to apply; 1: failed
 * (nothing applied); 2: no DATABASE_URL. It needs the database only: a node's other settings do not apply.
 */
async function main(): Promise<number> {
  const config = loadConfig({ ...process.env, ...throwawaySecrets(), OUTBOX_ONLY: 'true' });
  if (!config.databaseUrl) {
    console.error(
      'DATABASE_URL is not set: the embedded database applies its migrations when the server starts.',
    );
    return 2;
  }
  try {
    await migratePostgres(config.databaseUrl, config.migrationsDir, {
      lockTimeoutMs: config.migrationLockTimeoutMs,
      statementTimeoutMs: config.migrationStatementTimeoutMs,
      log: (line) => console.log(line),
    });
    return 0;
  } catch (err) {
    console.error(err instanceof MigrationTimedOut ? err.message : err);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
