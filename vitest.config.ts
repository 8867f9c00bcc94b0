import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          // One browser and one server at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
