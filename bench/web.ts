/** The built server (apps/server/dist/main.js) with the built web app, for the web benchmarks. */
import { type BenchNode, startNode } from './lib';

/** The embedded mode as a visitor meets it: its own database, a day of history, the demo traders. */
export const startBuiltServer = (): Promise<BenchNode> =>
  startNode({ DEMO_TRADERS: 'on', DATABASE_URL: '', REDIS_URL: '' });
