/** The boundaries `npm run check` holds the code to (scripts/boundaries.test.ts proves each rule bites). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle anywhere, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      comment: 'packages/core holds the trading rules: no IO, no Node modules, no app code.',
      severity: 'error',
      from: { path: '^packages/core/src', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer'],
        pathNot: 'decimal\\.js',
      },
    },
    {
      name: 'core-imports-no-app',
      severity: 'error',
      from: { path: '^packages/core/src' },
      to: { path: '^apps/' },
    },
    {
      name: 'areas-do-not-import-the-back-office',
      comment: 'The back office builds on the areas, never the reverse; only the entry points wire it in.',
      severity: 'error',
      from: { path: '^apps/server/src/[^/]+/', pathNot: '^apps/server/src/admin/' },
      to: { path: '^apps/server/src/admin/' },
    },
    {
      name: 'back-office-does-not-read-area-tables',
      comment:
        "The back office calls an area's repo and service functions, never its tables: each area owns its queries.",
      severity: 'error',
      from: { path: '^apps/server/src/admin/' },
      to: {
        path: '^apps/server/src/(accounts|funding|kyc|market|trading|content|ranking|invite|ledger)/schema\\.ts$',
      },
    },
    {
      name: 'clients-do-not-import-the-server',
      comment: 'The web app and the back office speak to the server through packages/contract only.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: 'node_modules|/dist/' },
    combinedDependencies: true,
  },
};
