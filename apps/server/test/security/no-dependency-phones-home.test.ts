import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../src/config';

const SERVER = serverRoot();
const ROOT = path.resolve(SERVER, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

interface Locked {
  version: string;
  dev?: boolean;
  devOptional?: boolean;
  hasInstallScript?: boolean;
}
const lock = readJson(path.join(ROOT, 'package-lock.json')) as {
  packages: Record<string, Locked & { link?: boolean; resolved?: string }>;
};

/** The installed version of `name` as the lockfile has it (a workspace package: its own package.json). */
function lockedVersion(name: string): string | undefined {
  const entry = lock.packages[`apps/server/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
  if (entry?.link && entry.resolved) return readJson(path.join(ROOT, entry.resolved, 'package.json')).version;
  return entry?.version;
}

/** What the server runs with: its dependencies and, through its workspace packages (@meridian/*), theirs. */
function runtimeDependencies(packageDir: string): string[] {
  const names = Object.keys(readJson(path.join(packageDir, 'package.json')).dependencies ?? {});
  return names.flatMap((name) =>
    name.startsWith('@meridian/')
      ? [name, ...runtimeDependencies(path.join(ROOT, 'packages', name.slice('@meridian/'.length)))]
      : [name],
  );
}

/** SECURITY.md's dependency table: package → version. */
function securityTable(): Map<string, string> {
  const text = readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8');
  const section = text.slice(text.indexOf('## Dependencies'));
  const rows = section.split('\n').filter((line) => /^\| [@a-z]/.test(line));
  return new Map(
    rows
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map(([, name, version]) => [name!, version!]),
  );
}

/** Production packages whose install script npm runs, and why it is harmless (each proved by a test below). */
const HARMLESS_INSTALL_SCRIPTS: Record<string, string> = {
  '@scarf/scarf': "swagger-ui-dist's install telemetry: package.json and apps/server/package.json opt out",
};

describe('dependencies phoning home, or missing from SECURITY.md (issue 46, low)', () => {
  it("lists every runtime dependency of the server in SECURITY.md's table, at the version installed", () => {
    const table = securityTable();
    const wrong = [...new Set(runtimeDependencies(SERVER))]
      .filter((name) => table.get(name) !== lockedVersion(name))
      .map((name) => `${name}@${lockedVersion(name)}: SECURITY.md has ${table.get(name) ?? 'no row'}`);
    expect(wrong).toEqual([]);
  });

  it('has no production dependency with an install script not known to be harmless', () => {
    const unknown = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript && !entry.dev && !entry.devOptional)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => !HARMLESS_INSTALL_SCRIPTS[name]);
    expect(unknown).toEqual([]);
  });

  it.each([
    ['the repository', ROOT],
    ['apps/server', SERVER],
  ])(
    "runs scarf's install script without a request leaving the machine, installed from %s",
    (_where, from) => {
      // The script as npm runs it, with every outgoing request caught; only a deliberate SCARF_ANALYTICS=true could turn it on.
      const script = `
      for (const name of ['http', 'https']) require(name).request = () => { console.log('PHONED HOME'); throw new Error('cut'); };
      require(process.argv[1]).reportPostInstall().then(() => console.log('SENT'), (err) => console.log('NOT SENT:', err.message));`;
      // Without the shell's own opt-outs (DO_NOT_TRACK=1…): the repository's settings alone must hold.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(SCARF_|DO_NOT_TRACK)/.test(name)),
      );
      const out = execFileSync(
        process.execPath,
        ['-e', script, path.join(ROOT, 'node_modules/@scarf/scarf/report.js')],
        {
          env: { ...env, INIT_CWD: from },
          encoding: 'utf8',
        },
      );
      expect(out).not.toContain('PHONED HOME');
      expect(out).toContain('NOT SENT: User has opted out');
    },
  );
});
