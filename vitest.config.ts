import { defineConfig } from 'vitest/config';

// Tests that need a real PostgreSQL server (*.pg-test.ts) join the server suite only when one is given.
const serverTests = process.env.TEST_DATABASE_URL ? ['src/**/*.test.ts', 'src/**/*.pg-test.ts'] : ['src/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: serverTests,
          // One migrated, seeded database per run; each test file gets its own copy (test/database.ts).
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
