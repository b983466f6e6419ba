import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests that need a real PostgreSQL server (*.pg-test.ts) join the server suite only when one is given.
const serverTests = process.env.TEST_DATABASE_URL ? ['src/**/*.test.ts', 'src/**/*.pg-test.ts'] : ['src/**/*.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // the other core idle once the first files are transformed. One test file per core instead
    // (docs/operations.md, "The suite's time").
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'contract', root: './packages/contract', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          // Threads start faster than forked processes, and without per-file isolation a worker keeps
          // what it imported (Fastify, Drizzle, the app, PGlite's compiled WebAssembly) for its next
          // file. Safe here: every file builds its own app on its own database copy (a PGlite copy put
          // back to the template before the next file has it, test/template-copy.ts), and none mocks
          // a module.
          pool: 'threads',
          isolate: false,
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
