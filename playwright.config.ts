import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets a second run (another checkout) use its own server.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_DATA_DIR keeps two runs on one machine from removing each other's database.
const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e');

export default defineConfig({
  // The longest flows walk four pages with charts; on 2 shared cores they can take more than the default 30 s.
  timeout: 60_000,
  testDir: 'e2e',
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Playwright cannot download browsers here: use the Debian Chromium.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    // A fresh embedded database each run; the server seeds the demo data into it and serves apps/web/dist.
    // DATA_DIR absolute: `npm run -w` starts the server in apps/server, and the e2e specs read its mail folder.
    command: `rm -rf ${DATA_DIR} && DATA_DIR=${DATA_DIR} PORT=${PORT} npm run start -w @leerzicht/server`,
    url: `http://localhost:${PORT}/api/1.0/health/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
