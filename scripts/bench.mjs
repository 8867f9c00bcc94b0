// `npm run bench`: builds the app, bundles bench/*.ts with esbuild into bench/tmp (npm packages stay
// external, workspace sources are bundled), runs each benchmark in a node process of its own, writes
// bench/results.json and prints the table. `npm run bench -- ws-fanout tick-trigger` runs only those;
// `--no-build` reuses the current apps/web/dist and apps/server/dist.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCH = path.join(ROOT, 'bench');
const TMP = path.join(BENCH, 'tmp');
/** Benchmarks in table order; each is bench/<name>.ts. */
const BENCHMARKS = [
  'http-trade-list',
  'order-place',
  'tick-trigger',
  'gap-10k-stops',
  'accounts-100k',
  'ws-fanout',
  'ws-20k',
  'kline-query',
  'memory',
  'memory-idle',
  'first-start',
  'web-initial-load',
  'web-lighthouse',
];
/** Helpers the benchmarks fork, bundled beside them. */
const CHILDREN = ['load', 'ws-clients', 'ws-bare'];
/** One benchmark may take this long before it is ended and reported as failed. */
const LIMIT_MS = 4 * 60_000;

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const only = args.filter((a) => !a.startsWith('--'));
const selected = only.length ? BENCHMARKS.filter((b) => only.includes(b)) : BENCHMARKS;
const started = Date.now();

/**
 * The environment `npm start` gives the server (glibc's malloc settings, see the README), read from its script
 * in package.json: the benchmarks run the platform as it is deployed.
 */
const startScript = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
const serverEnv = Object.fromEntries(
  [...startScript.matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]),
);

if (!noBuild) {
  console.log('bench: npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

rmSync(TMP, { recursive: true, force: true });
const external = {
  name: 'npm-packages-external',
  setup(b) {
    // Bare imports stay node_modules imports, except the workspace packages (TypeScript sources).
    b.onResolve({ filter: /^[^./]/ }, (a) =>
      a.path.startsWith('@meridian/') ? undefined : { path: a.path, external: true },
    );
  },
};
await build({
  entryPoints: [...selected, ...CHILDREN].map((name) => path.join(BENCH, `${name}.ts`)),
  outdir: TMP,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [external],
  logLevel: 'warning',
});

// config.ts finds the server's folder by walking up to its `drizzle` migrations from the running file.
symlinkSync(path.join(ROOT, 'apps/server/drizzle'), path.join(TMP, 'drizzle'));

const rows = [];
const failed = [];
for (const name of selected) {
  console.log(`bench: ${name}`);
  const t0 = Date.now();
  const { code, out } = await run(path.join(TMP, `${name}.js`));
  const line = out.split('\n').find((l) => l.startsWith('BENCH_ROWS '));
  if (code !== 0 || !line) {
    failed.push(name);
    console.log(`bench: ${name} FAILED (exit ${code})`);
    continue;
  }
  rows.push(...JSON.parse(line.slice('BENCH_ROWS '.length)));
  console.log(`bench: ${name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** Runs one benchmark with room for a million triggers and GC control, ending it at the time limit. */
function run(file) {
  return new Promise((resolve) => {
    // 5,000 websocket clients need more descriptors than a default soft limit of 1024: raise it to the hard limit.
    const node = `exec "${process.execPath}" --expose-gc --max-old-space-size=4096 --enable-source-maps "${file}"`;
    const child = spawn('sh', ['-c', `ulimit -n "$(ulimit -Hn)" 2>/dev/null; ${node}`], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...serverEnv },
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => {
      console.log(`bench: ${path.basename(file)} over ${LIMIT_MS / 1000} s, ended`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, LIMIT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      // Whatever the benchmark started (browsers, servers) goes with it.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve({ code, out });
    });
  });
}

const results = path.join(BENCH, 'results.json');
writeFileSync(results, `${JSON.stringify(rows, null, 2)}\n`);

const met = (r) =>
  r.target === null
    ? 'report'
    : (r.higherIsBetter ? r.ratio >= r.target : r.ratio <= r.target)
      ? 'met'
      : 'MISSED';
const table = [
  ['name', 'value', 'unit', 'baseline', 'ratio', 'target', ''],
  ...rows.map((r) => [
    r.name,
    String(r.value),
    r.unit,
    String(r.baseline),
    r.ratio.toFixed(2),
    r.target === null ? '—' : `${r.higherIsBetter ? '≥' : '≤'} ${r.target}`,
    met(r),
  ]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log('');
console.log(line(table[0]));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of table.slice(1)) console.log(line(r));
for (const r of rows) if (r.note) console.log(`  ${r.name}: ${r.note}`);
console.log(
  `\n${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}, ${((Date.now() - started) / 60000).toFixed(1)} min; written to ${path.relative(ROOT, results)}`,
);
if (failed.length) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
