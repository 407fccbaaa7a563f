import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two server processes need a database both can reach, the read-replica and database-restart tests start
    // PostgreSQL clusters of their own, and the connection-loss, write-atomicity and shutdown tests end or hold PostgreSQL
    // connections: they run in the PostgreSQL run (DATABASE_URL, as CI's second server run does), not on the
    // embedded PGlite of a fresh checkout.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.DATABASE_URL
        ? []
        : [
            'test/platform/two-process.test.ts',
            'test/platform/read-replica.test.ts',
            'test/platform/database-restart.test.ts',
            'test/platform/connection-loss.test.ts',
            'test/platform/write-atomicity.test.ts',
            'test/platform/shutdown.test.ts',
          ]),
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Test files share their worker's loaded modules (and PGlite's compiled WebAssembly) instead of each
    // loading them anew, which took more CPU than most tests. Files stay apart through their own database and
    // app; a file that changes process-wide state (process.env, fake timers, vi.mock) must restore it.
    isolate: false,
    // Vitest's default leaves one core to itself; its main process idles while the workers run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
