/**
 * first-start: `npm start`'s server (apps/server/dist/main.js) on an empty DATA_DIR, as a visitor's first
 * run meets it (embedded PGlite, the simulator, the demo traders): seconds until trade_list answers, and the
 * DATA_DIR's size on disk (du) once it does. Each is compared with its budget (issue 24: 8 s, 150 MB). The
 * note gives what no change of the server can go under on this host at this moment: a bare PGlite's first
 * start on an empty folder (its initdb), measured in the same run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { api } from '@meridian/contract';
import { freePort } from '../e2e/local';
import { log, main, ROOT, row, sleep } from './lib';

const BUDGET_SECONDS = 8;
const BUDGET_MB = 150;
const RUNS = Number(process.env.BENCH_RUNS ?? 2);

/** The folder's size on disk in MB, as `du` counts it (blocks allocated). */
function diskMb(dir: string): number {
  const out = spawnSync('du', ['-sk', dir], { encoding: 'utf8' }).stdout;
  return Number(out.split('\t')[0]) / 1024;
}

async function bareDatabaseSeconds(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-first-start-bare-'));
  try {
    const t0 = performance.now();
    const db = new PGlite(path.join(dir, 'pglite'));
    await db.waitReady;
    const seconds = (performance.now() - t0) / 1000;
    await db.close();
    return seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function firstStart(): Promise<{ seconds: number; mb: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-first-start-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'OPERATOR_PASSWORD', 'SECRET_KEY']) delete env[name];
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${port}${api.tradeList.path}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(url)).ok) break;
      } catch {}
      if (performance.now() - t0 > 120_000) throw new Error('the server did not answer within 120 s');
      await sleep(50);
    }
    const seconds = (performance.now() - t0) / 1000;
    return { seconds, mb: diskMb(dataDir) };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main(async () => {
  const runs: { seconds: number; mb: number }[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await bareDatabaseSeconds());
    runs.push(await firstStart());
  }
  log('first starts', runs, 'bare PGlite', bare);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const seconds = median(runs.map((r) => r.seconds));
  const mb = Math.max(...runs.map((r) => r.mb));
  const fixed = (n: number) => n.toFixed(1);
  return [
    row(
      'first-start',
      seconds,
      's',
      BUDGET_SECONDS,
      1,
      false,
      `empty DATA_DIR to trade_list answering, median of ${RUNS} (${runs.map((r) => fixed(r.seconds)).join(', ')} s); ` +
        `a bare PGlite's first start took ${bare.map(fixed).join(', ')} s; baseline is the budget`,
    ),
    row(
      'first-start disk',
      mb,
      'MB',
      BUDGET_MB,
      1,
      false,
      `DATA_DIR by du once it answers, largest of ${RUNS}; baseline is the budget`,
    ),
  ];
});
