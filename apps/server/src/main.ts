import { loadConfig } from './config';
import { DataDirBusy } from './db/lock';
import { MigrationTimedOut, SchemaBehind } from './db/migrate';
import { startPlatform } from './platform';
import { createLog } from './util/log';

/**
 * Connections the kernel may hold for the server to accept. Node's default of 511 overflowed when 5,000
 * websocket clients reconnected at once: the kernel dropped the handshakes it had no room for, and a client
 * whose handshake was dropped could wait minutes for TCP to retry it. Linux caps it at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 8192;

/** A stop takes at most this long: orchestrators kill a container soon after (Kubernetes: 30 s). */
const STOP_DEADLINE_MS = 25_000;

/** Composition root: config → platform → listen. */
async function main() {
  const config = loadConfig();
  const platform = await startPlatform(config);
  const { http, database, log } = platform;

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    // Whatever hangs (a request that never ends, a database that never answers), the process is gone by then.
    setTimeout(() => {
      log.error(`not stopped within ${STOP_DEADLINE_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    await platform.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await http.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const mode = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  log.info({ url, mode }, `Meridian is running at ${url} (${mode})`);
  // The only time this password is shown (embedded mode's first start): the database keeps its hash, and its
  // first sign-in changes it. A warning, so a LOG_LEVEL of warn still shows it.
  if (platform.firstOperatorPassword) {
    log.warn(
      { backOffice: `${url}/admin` },
      `Back office (${url}/admin): ${config.operatorEmail} / ${platform.firstOperatorPassword} ` +
        '(this password is shown once; you will choose your own at the first sign-in)',
    );
  } else {
    log.info({ backOffice: `${url}/admin` }, `Back office: ${url}/admin`);
  }
}

main().catch((err) => {
  // No node started: its one line, the reason. Another process having the embedded database, or a schema that
  // is not this release's, is said plainly.
  const log = createLog({ level: 'fatal', node: 'not started', leading: () => false });
  const plain = err instanceof DataDirBusy || err instanceof SchemaBehind || err instanceof MigrationTimedOut;
  if (plain) log.fatal(err.message);
  else log.fatal({ err }, 'the server did not start');
  process.exit(1);
});
