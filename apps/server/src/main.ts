import { loadConfig } from './config';
import { DataDirBusy } from './db/lock';
import { startPlatform } from './platform';

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
  const { http, database } = platform;

  const shutdown = async (signal: string) => {
    http.log.info({ signal }, 'shutting down');
    // Whatever hangs (a request that never ends, a database that never answers), the process is gone by then.
    setTimeout(() => {
      console.error(`not stopped within ${STOP_DEADLINE_MS / 1000} s: exiting anyway`);
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
  console.log(`\nMeridian is running at ${url}  (${mode})`);
  // The only time this password is shown: the database keeps its hash, and its first sign-in changes it.
  if (platform.firstOperatorPassword) {
    console.log(
      `Back office (${url}/admin): ${config.operatorEmail} / ${platform.firstOperatorPassword}\n` +
        'This password is shown once; you will choose your own at the first sign-in.\n',
    );
  } else {
    console.log(`Back office: ${url}/admin\n`);
  }
}

main().catch((err) => {
  // Another process (a second server, `npm run reconcile`) has the embedded database: say so plainly.
  console.error(err instanceof DataDirBusy ? err.message : err);
  process.exit(1);
});
