// `npm run build`: builds the web app, the back office and the server (apps/*/dist). With --if-changed (what
// `npm start`, `npm run migrate` and `npm run reconcile` use) an app is built only when its sources changed since
// its last build: a restart of an unchanged checkout starts at once. Names after the flags pick apps.
// Each build leaves a stamp beside its dist/ (apps/<app>/.dist-sources): the hash of the sources it was built from
// and the time of the output it made, so a dist/ built since by other means is not taken for this one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The checkout: npm runs scripts in the root package's folder. */
const ROOT = process.cwd();

/** What every app is built from besides its own folder: the shared packages, the locked dependencies. */
const SHARED = ['packages/core', 'packages/contract', 'package-lock.json', 'tsconfig.base.json'];

/** In build order; `output` is the file each build writes last-ish and always. */
const APPS = {
  web: { workspace: '@meridian/web', dir: 'apps/web', output: 'dist/index.html' },
  admin: { workspace: '@meridian/admin', dir: 'apps/admin', output: 'dist/index.html' },
  server: { workspace: '@meridian/server', dir: 'apps/server', output: 'dist/main.js' },
};

/** Not an input of any build: tests, build products, installed packages. */
const skipped = (name) =>
  name === 'node_modules' ||
  name === 'dist' ||
  name === 'test' ||
  name.startsWith('.') ||
  /\.test\.tsx?$/.test(name);

/** Every input file under `entry` (a file or a folder), relative to the root, sorted. */
function inputs(entry) {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => !skipped(d.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((d) => inputs(path.join(entry, d.name)));
}

/** The hash of an app's sources: every input's path and content. */
function sourcesOf(app) {
  const hash = createHash('sha256');
  for (const file of [app.dir, ...SHARED].flatMap(inputs)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (app) => path.join(ROOT, app.dir, '.dist-sources');
const outputTime = (app) => {
  const output = path.join(ROOT, app.dir, app.output);
  return existsSync(output) ? statSync(output).mtimeMs : null;
};

/** True when the app's dist/ is the build of exactly these sources. */
function upToDate(app, sources) {
  try {
    const stamp = JSON.parse(readFileSync(stampFile(app), 'utf8'));
    return stamp.sources === sources && stamp.output !== null && stamp.output === outputTime(app);
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names) {
  if (!(name in APPS)) {
    console.error(`build: no app named ${name} (${Object.keys(APPS).join(', ')})`);
    process.exit(2);
  }
}

for (const [name, app] of Object.entries(APPS)) {
  if (names.length > 0 && !names.includes(name)) continue;
  // Hashed before building: a file edited during the build makes the next start build again.
  const sources = sourcesOf(app);
  if (ifChanged && upToDate(app, sources)) continue;
  const built = spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(stampFile(app), JSON.stringify({ sources, output: outputTime(app) }));
}
