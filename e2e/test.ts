import { test as base } from '@playwright/test';
import { startServer, type E2EServer } from './fixtures/server';

export { expect } from '@playwright/test';
export type { Browser, Locator, Page } from '@playwright/test';

/** The specs' `test`: every worker runs against a server and database of its own (fixtures/server.ts). */
export const test = base.extend<Record<never, never>, { server: E2EServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use, workerInfo) => {
      const { server, stop } = await startServer(workerInfo.parallelIndex);
      try {
        await use(server);
      } finally {
        await stop();
      }
    },
    // The first test of a worker may wait for the seed of a fresh database.
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});
