import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, with a core left idle
    // whenever a test app waited on its database.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/*/test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Files share a worker's modules: the server keeps its state per app (keyed by its database), and
          // importing it again for every file took a third of the run (both suites: 399 s isolated, 216 s not).
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The server integration suite again, on PostgreSQL (CI sets TEST_DATABASE_URL).
        test: {
          name: 'pg',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' },
          // As in unit: one module graph per worker.
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time. Two at once took 7.4 min against 13.2 on a quiet host (a third of the serial time
          // is tests waiting out one-a-minute codes and authenticator steps), but with two servers and two
          // browsers on two cores, screens missed their waits in most full runs (two of those misses were app
          // bugs, since fixed: preference saves out of order, pushes lost before the socket's login), and on a
          // slow host it gained little (10.7 min against about 11.6). `npm test` instead runs the few files that
          // mostly wait on the clock in a second run beside the others (scripts/test.mjs). A failed test runs
          // once more; `npm test` names every test that needed it.
          fileParallelism: false,
          // The files share one worker's modules (playwright-core, the harness, the feed): each file imported them
          // afresh, 17 s of the busy run's imports in all; 2 s shared. No e2e file mocks or stubs a module.
          isolate: false,
          retry: 1,
          // Vitest's polls give up after 1 s; a screen here waits on a server and a browser sharing two cores.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
