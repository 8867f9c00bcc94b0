/**
 * memory-idle's baseline, bundled on its own by bench/memory-idle.ts: a bare node process that opens the
 * embedded database in DATA_DIR (argv) through the server's `openDatabase`, with the same settings, answers
 * one query, tells its parent, and does nothing else until it is ended.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

const dataDir = process.argv[2]!;
// The embedded branch reads only these two; the rest of a Config (and what loading it imports) is not the database's.
const database = await openDatabase({ dataDir, memoryDb: false } as Config, 'memory-idle baseline');
await database.db.execute(sql`select 1`);
// Nothing else holds the event loop open: a timer keeps the process (and its database) alive until it is ended.
const alive = setInterval(() => {}, 60_000);
process.once('SIGTERM', () => {
  clearInterval(alive);
  void database.close().then(() => process.exit(0));
});
process.send!('ready');
