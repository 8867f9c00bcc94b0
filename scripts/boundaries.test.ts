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
        'apps/server/src/admin/users.ts':
          "import { audit } from '../operators/audit';\nexport const a = audit;\n",
        'apps/server/src/operators/audit.ts': 'export const audit = 1;\n',
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

  it('fail an area that imports the back office', async () => {
    expect(
      await violations({
        'apps/server/src/funding/deposits.ts':
          "import { approve } from '../admin/approvals';\nexport const a = approve;\n",
        'apps/server/src/admin/approvals.ts': 'export const approve = 1;\n',
      }),
    ).toEqual(['areas-do-not-import-the-back-office']);
  });

  it("fail the back office reading another area's tables", async () => {
    expect(
      await violations({
        'apps/server/src/admin/exposure.ts':
          "import { orders } from '../trading/schema';\nexport const e = orders;\n",
        'apps/server/src/trading/schema.ts': 'export const orders = 1;\n',
      }),
    ).toEqual(['back-office-does-not-read-area-tables']);
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
