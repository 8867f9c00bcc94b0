import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The rule names `npm run check` reports for a tree made of `files` (path → source). */
async function violations(files: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const tops = [...new Set(Object.keys(files).map((file) => file.split('/')[0]!))];
  const { output } = await cruise(tops, {
    ruleSet: { forbidden: rules.forbidden },
    baseDir: root,
    tsPreCompilationDeps: true,
    validate: true,
  });
  if (typeof output === 'string') throw new Error(output);
  return [...new Set(output.summary.violations.map((v) => v.rule.name))];
}

describe('the boundaries npm run check holds', () => {
  it('pass a tree that keeps them', async () => {
    expect(
      await violations({
        'apps/server/src/admin/users.ts': "import { audit } from '../operators';\nexport const a = audit;\n",
        'apps/server/src/operators/index.ts': "export { audit } from './audit';\n",
        'apps/server/src/operators/audit.ts':
          "import { log } from '../util/log';\nexport const audit = log;\n",
        'apps/server/src/util/log.ts': 'export const log = 1;\n',
      }),
    ).toEqual([]);
  });

  it('fail an import cycle, even of types only', async () => {
    expect(
      await violations({
        'apps/server/src/trading/a.ts': "import type { B } from './b';\nexport type A = B;\n",
        'apps/server/src/trading/b.ts': "import type { A } from './a';\nexport type B = A | 1;\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('fail a server area importing one on a floor above it: the ledger reaching up into trading', async () => {
    expect(
      await violations({
        'apps/server/src/ledger/post.ts': "import { place } from '../trading';\nexport const p = place;\n",
        'apps/server/src/trading/index.ts': 'export const place = 1;\n',
      }),
    ).toEqual(['server-areas-one-way-down']);
  });

  it('fail two server areas of one floor importing each other, even one way', async () => {
    expect(
      await violations({
        'apps/server/src/funding/a.ts': "import type { S } from '../statements';\nexport type A = S;\n",
        'apps/server/src/statements/index.ts': 'export type S = 1;\n',
      }),
    ).toEqual(['server-areas-one-way-down']);
  });

  it("fail an area reaching past another area's face", async () => {
    expect(
      await violations({
        'apps/server/src/statements/export.ts':
          "import { Trading } from '../trading/service';\nexport const t = Trading;\n",
        'apps/server/src/trading/index.ts': "export { Trading } from './service';\n",
        'apps/server/src/trading/service.ts': 'export const Trading = 1;\n',
      }),
    ).toEqual(['server-areas-meet-through-their-faces']);
  });

  it("fail the composition root reaching past an area's face", async () => {
    expect(
      await violations({
        'apps/server/src/platform.ts':
          "import { Engine } from './trading/engine';\nexport const e = Engine;\n",
        'apps/server/src/trading/engine.ts': 'export const Engine = 1;\n',
      }),
    ).toEqual(['server-areas-meet-through-their-faces']);
  });

  it('fail an import of a server folder that has no floor', async () => {
    expect(
      await violations({
        'apps/server/src/trading/a.ts': "import { x } from '../newarea';\nexport const a = x;\n",
        'apps/server/src/newarea/index.ts': 'export const x = 1;\n',
      }),
    ).toEqual(['server-areas-have-a-floor']);
  });

  it('fail an area importing the composition root', async () => {
    expect(
      await violations({
        'apps/server/src/market/routes.ts': "import type { Deps } from '../deps';\nexport type R = Deps;\n",
        'apps/server/src/deps.ts': 'export type Deps = 1;\n',
      }),
    ).toEqual(['areas-do-not-import-the-composition-root']);
  });

  it('fail an area that imports the back office, the top floor', async () => {
    expect(
      await violations({
        'apps/server/src/funding/deposits.ts':
          "import { approve } from '../admin';\nexport const a = approve;\n",
        'apps/server/src/admin/index.ts': 'export const approve = 1;\n',
      }),
    ).toEqual(['server-areas-one-way-down']);
  });

  it("fail the back office reading another area's tables, which is also reaching past its face", async () => {
    const found = await violations({
      'apps/server/src/admin/exposure.ts':
        "import { orders } from '../trading/schema';\nexport const e = orders;\n",
      'apps/server/src/trading/schema.ts': 'export const orders = 1;\n',
    });
    expect(found.sort()).toEqual([
      'back-office-does-not-read-area-tables',
      'server-areas-meet-through-their-faces',
    ]);
  });

  it('fail a trading rule that does IO', async () => {
    expect(
      await violations({
        'packages/core/src/margin.ts':
          "import { readFileSync } from 'node:fs';\nexport const m = readFileSync;\n",
      }),
    ).toEqual(['core-is-pure']);
  });

  it('fail the web app importing the server', async () => {
    expect(
      await violations({
        'apps/web/src/page.ts': "import { x } from '../../server/src/x';\nexport const p = x;\n",
        'apps/server/src/x.ts': 'export const x = 1;\n',
      }),
    ).toEqual(['clients-do-not-import-the-server']);
  });
});
