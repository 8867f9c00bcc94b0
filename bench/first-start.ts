/**
 * first-start: `npm start`'s server (apps/server/dist/main.js) on an empty DATA_DIR, as a visitor's first
 * run meets it (embedded PGlite, the simulator, the demo traders): seconds until trade_list answers, and the
 * DATA_DIR's size on disk (du) once it does. Each is compared with its budget (issue 24: 8 s, 150 MB). The
 * note gives what no change of the server can go under on this host at this moment: a bare PGlite's first
 * start on an empty folder (its initdb), measured in the same run. restart: `npm start` again on that folder
 * with nothing changed (the build's check, then the server), against its budget (issue 49: 10 s).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { api } from '@meridian/contract';
import { freePort } from '../e2e/local';
import { log, main, ROOT, row, sleep } from './lib';

const BUDGET_SECONDS = 8;
const BUDGET_MB = 150;
/** Issue 49: a restart of an unchanged checkout answers within 10 s. */
const RESTART_BUDGET_SECONDS = 10;
/** `npm start` as package.json runs it: the build's check that nothing changed, then the server. */
const START: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
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

/** Seconds from running `command` (`npm start`'s steps) on `dataDir` until trade_list answers; the server is then stopped. */
async function secondsToAnswer(dataDir: string, command: string): Promise<number> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'OPERATOR_PASSWORD', 'SECRET_KEY']) delete env[name];
  const t0 = performance.now();
  // A shell of its own, so that stopping the group stops the server it starts.
  const child = spawn('sh', ['-c', command], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
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
    return (performance.now() - t0) / 1000;
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }
}

/** The server alone on an empty DATA_DIR, then `npm start` again on that folder (an unchanged checkout: no build). */
async function firstStartAndRestart(): Promise<{ seconds: number; mb: number; restart: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-first-start-'));
  try {
    const seconds = await secondsToAnswer(dataDir, 'exec node apps/server/dist/main.js');
    const mb = diskMb(dataDir);
    const restart = await secondsToAnswer(dataDir, START);
    return { seconds, mb, restart };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main(async () => {
  const runs: { seconds: number; mb: number; restart: number }[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await bareDatabaseSeconds());
    runs.push(await firstStartAndRestart());
  }
  log('first starts', runs, 'bare PGlite', bare);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const seconds = median(runs.map((r) => r.seconds));
  const mb = Math.max(...runs.map((r) => r.mb));
  const restart = median(runs.map((r) => r.restart));
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
    row(
      'restart',
      restart,
      's',
      RESTART_BUDGET_SECONDS,
      1,
      false,
      `npm start's build check and server on that DATA_DIR, unchanged checkout, to trade_list answering, median of ${RUNS} (${runs.map((r) => fixed(r.restart)).join(', ')} s); baseline is the budget`,
    ),
  ];
});
