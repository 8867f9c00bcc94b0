import { Exit, reconcileConfig, runReconcile } from './admin';

/**
 * `npm run reconcile`: checks every account against its ledger in the configured database (DATABASE_URL,
 * else the embedded one in DATA_DIR) and exits 1 on any difference. The embedded database belongs to one
 * process: while a server runs on it this refuses (exit 2) and says so; the back office's Reconcile screen
 * gives the same report from the running server.
 */
async function main(): Promise<number> {
  let config: ReturnType<typeof reconcileConfig>;
  try {
    config = reconcileConfig();
  } catch (err) {
    console.error((err as Error).message);
    return Exit.failed;
  }
  return runReconcile(config);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(Exit.failed);
  },
);
