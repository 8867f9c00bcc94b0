/** web-lighthouse: Lighthouse's mobile performance score of `/` (Debian Chromium) against 100. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { log, main, ROOT, row } from './lib';
import { CHROMIUM, startBuiltServer } from './web';

main(async () => {
  const server = await startBuiltServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-lighthouse-'));
  try {
    const out = path.join(dir, 'report.json');
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        `${server.url}/`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
      ],
      {
        env: { ...process.env, CHROME_PATH: CHROMIUM },
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: 180_000,
      },
    );
    if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const score = Math.round(report.categories.performance.score * 100);
    const metric = (id: string) => report.audits[id]?.displayValue ?? '?';
    const note = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`;
    log('lighthouse', score, note);
    return [row('web-lighthouse', score, 'score', 100, 0.95, true, note)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
});
