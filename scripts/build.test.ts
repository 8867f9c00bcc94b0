import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const BUILD = path.resolve(import.meta.dirname, 'build.mjs');

/** The apps and where each one's build writes its output, as scripts/build.mjs knows them. */
const APPS = { web: 'dist/index.html', admin: 'dist/index.html', server: 'dist/main.js' };

let root: string;

/** A checkout of the same shape whose every build notes its app in builds.log and writes its output. */
function checkout() {
  root = mkdtempSync(path.join(tmpdir(), 'build-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ name: 'm', private: true, workspaces: ['apps/*', 'packages/*'] }));
  write('package-lock.json', '{}');
  write('tsconfig.base.json', '{}');
  for (const pkg of ['core', 'contract']) {
    write(`packages/${pkg}/package.json`, JSON.stringify({ name: `@meridian/${pkg}` }));
    write(`packages/${pkg}/src/index.ts`, 'export const x = 1;\n');
  }
  for (const [app, output] of Object.entries(APPS)) {
    const build = `node -e "require('fs').mkdirSync('dist',{recursive:true});require('fs').writeFileSync('${output}','built');require('fs').appendFileSync('../../builds.log','${app}\\n')"`;
    write(`apps/${app}/package.json`, JSON.stringify({ name: `@meridian/${app}`, scripts: { build } }));
    write(`apps/${app}/src/main.ts`, 'export {};\n');
    write(`apps/${app}/src/main.test.ts`, 'export {};\n');
  }
}

/** Runs the build in the checkout and returns the apps it built, in order. */
function build(...args: string[]): string[] {
  rmSync(path.join(root, 'builds.log'), { force: true });
  execFileSync(process.execPath, [BUILD, ...args], { cwd: root, stdio: 'ignore' });
  try {
    return readFileSync(path.join(root, 'builds.log'), 'utf8').trim().split('\n');
  } catch {
    return [];
  }
}

beforeEach(checkout);
afterEach(() => rmSync(root, { recursive: true, force: true }));

// One checkout walked through every case: each build here is an npm run, a second or more on a busy machine.
describe('quick restarts: npm start builds only what changed (issue 49)', () => {
  it('builds an app when its sources, the dependencies or its output changed, and nothing on a plain restart', {
    timeout: 180_000,
  }, () => {
    expect(build('--if-changed')).toEqual(['web', 'admin', 'server']);
    // A restart of an unchanged checkout.
    expect(build('--if-changed')).toEqual([]);
    // A test added, a file touched without a change.
    appendFileSync(path.join(root, 'apps/server/src/main.test.ts'), '// a new test\n');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'apps/web/src/main.ts'), later, later);
    expect(build('--if-changed')).toEqual([]);
    // One app's sources.
    appendFileSync(path.join(root, 'apps/admin/src/main.ts'), '// changed\n');
    expect(build('--if-changed', 'server')).toEqual([]);
    expect(build('--if-changed')).toEqual(['admin']);
    // A dependency updated: every app.
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(build('--if-changed')).toEqual(['web', 'admin', 'server']);
    // Outputs rebuilt or removed by other means.
    utimesSync(path.join(root, 'apps/server/dist/main.js'), later, later);
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(build('--if-changed')).toEqual(['web', 'server']);
    // npm run build, unchanged or not.
    expect(build('admin')).toEqual(['admin']);
    expect(build('--if-changed')).toEqual([]);
  });
});
