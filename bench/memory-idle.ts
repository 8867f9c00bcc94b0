/**
 * memory-idle: the resident set size of `npm start` on the embedded database (PGlite in the process, on
 * disk under DATA_DIR), just started and left alone, against a bare node process that opens the same
 * DATA_DIR the way the server does (the same settings, through `openDatabase`) and does nothing else: what
 * the platform adds on top of the database it cannot do without. The server starts twice: on an empty
 * DATA_DIR (the first start creates and fills the database) and again on what that left (as every later
 * start); the row is the larger of the two, the note gives both.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort } from '../e2e/local';
import { BUNDLE_DIR, log, main, ROOT, row, sleep } from './lib';

/** How long a process is left alone before its memory is read: start-up work (first quotes, timers) is over. */
const SETTLE_MS = 15_000;
/** The budget of issue 24, in MB: a server just started. */
const BUDGET_MB = 300;

/** The resident set size of another process, in MB. */
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** The RSS of a process after SETTLE_MS: the median of five readings a second apart. */
async function settledRss(pid: number): Promise<number> {
  await sleep(SETTLE_MS);
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssOf(pid));
    await sleep(1000);
  }
  return readings.sort((a, b) => a - b)[2]!;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** `node apps/server/dist/main.js` as `npm start` runs it, with DATA_DIR and a loopback port; RSS once settled. */
async function serverRss(dataDir: string): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/basicSet/getBasicInfo`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error('server did not start within 180 s');
      await sleep(250);
    }
    return await settledRss(child.pid!);
  } finally {
    await stop(child);
  }
}

/** The baseline: bench/memory-idle-holder.ts, bundled here (the runner bundles only benchmarks and their load). */
async function bareRss(dataDir: string): Promise<number> {
  const holder = path.join(BUNDLE_DIR, 'memory-idle-holder.js');
  await build({
    entryPoints: [path.join(ROOT, 'bench/memory-idle-holder.ts')],
    outfile: holder,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const child = fork(holder, [dataDir], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [] });
  try {
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`database holder exited with ${code}`)));
    });
    return await settledRss(child.pid!);
  } finally {
    await stop(child);
  }
}

main(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-memory-idle-'));
  try {
    const first = await serverRss(dataDir);
    const again = await serverRss(dataDir);
    const bare = await bareRss(dataDir);
    log('RSS MB', { first, again, bare });
    const value = Math.max(first, again);
    return [
      row(
        'memory-idle',
        value,
        'MB RSS',
        bare,
        Number((BUDGET_MB / bare).toFixed(2)),
        false,
        `npm start on the embedded database (on disk), ${SETTLE_MS / 1000} s after it answers: ` +
          `first start ${first.toFixed(0)} MB, next start ${again.toFixed(0)} MB (the row: the larger; budget ${BUDGET_MB} MB), ` +
          `vs a bare node process holding the same DATA_DIR with the same database settings ${bare.toFixed(0)} MB`,
      ),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
