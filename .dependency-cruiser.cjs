/**
 * The server's floors, lowest first: an area imports only areas on floors below its own, so imports run one
 * way down and no two areas import each other, however indirectly. A new area takes the floor above the
 * highest one it needs.
 */
const SERVER_FLOORS = [
  ['util', 'i18n', 'feed'],
  ['config', 'bus'],
  ['db'],
  ['http', 'outbox'],
  ['settings', 'operators', 'push'],
  ['ledger'],
  ['accounts', 'market'],
  ['trading'],
  ['funding', 'statements', 'ranking'],
  ['kyc', 'copying'],
  ['uploads'],
  ['notifications'],
  ['alerts'],
  ['ws', 'invite', 'preferences', 'watchlist', 'content', 'docs'],
  ['ops'],
  ['admin'],
  ['seed'],
];

const SERVER = '^apps/server/src/';
const anyOf = (areas) => `${SERVER}(${areas.join('|')})/`;

/** The lowest floors are the server's libraries, imported file by file; every area above is met through its face. */
const LIBRARIES = SERVER_FLOORS.slice(0, 4).flat();
const pastTheFace = {
  path: SERVER,
  pathNot: [`${SERVER}[^/]+/index\\.ts$`, anyOf(LIBRARIES), `${SERVER}[^/]+\\.ts$`],
};

/** One rule per area: nothing on its own floor (but itself) or above. */
const oneWayDown = SERVER_FLOORS.flatMap((floor, level) =>
  floor.map((area) => ({
    name: 'server-areas-one-way-down',
    comment: `${area} is on floor ${level} of SERVER_FLOORS: it imports only areas on lower floors.`,
    severity: 'error',
    from: { path: `${SERVER}${area}/` },
    to: {
      path: anyOf(
        SERVER_FLOORS.slice(level)
          .flat()
          .filter((other) => other !== area),
      ),
    },
  })),
);

/** The boundaries `npm run check` holds the code to (scripts/boundaries.test.ts proves each rule bites). */
module.exports = {
  forbidden: [
    ...oneWayDown,
    {
      name: 'server-areas-meet-through-their-faces',
      comment: "An area uses another only through that area's index.ts, its face.",
      severity: 'error',
      from: { path: `${SERVER}([^/]+)/` },
      to: { ...pastTheFace, pathNot: [...pastTheFace.pathNot, `${SERVER}$1/`] },
    },
    {
      name: 'server-areas-meet-through-their-faces',
      comment: "The composition root (the server's top files) wires the areas through their faces too.",
      severity: 'error',
      from: { path: `${SERVER}[^/]+\\.ts$` },
      to: pastTheFace,
    },
    {
      name: 'server-areas-have-a-floor',
      comment: 'Every server folder is placed in SERVER_FLOORS, so the one-way rule sees it.',
      severity: 'error',
      from: { path: SERVER },
      to: { path: SERVER, pathNot: [`${anyOf(SERVER_FLOORS.flat())}`, `${SERVER}[^/]+\\.ts$`] },
    },
    {
      name: 'areas-do-not-import-the-composition-root',
      comment:
        "The files at the server's root (app, platform, deps, main…) wire the areas together; no area imports them.",
      severity: 'error',
      from: { path: `${SERVER}[^/]+/` },
      to: { path: `${SERVER}[^/]+\\.ts$` },
    },
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
