/** The built server (apps/server/dist/main.js) with the built web app, for the web benchmarks. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, sleep } from './lib';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export async function startBuiltServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BACKFILL_DAYS: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error('built server exited');
    try {
      if ((await fetch(`${url}/v1/api/forex/trade_list`)).ok) break;
    } catch {}
    if (waited > 90_000) {
      await stop();
      throw new Error('built server did not start');
    }
    await sleep(250);
  }
  return { url, stop };
}
