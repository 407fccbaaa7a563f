import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/*
 * Each worker starts its own server on a fresh embedded database (e2e/fixtures/server.ts, used through
 * e2e/test.ts) on port E2E_PORT + its index, so specs run side by side without sharing data. Two workers by
 * default, one per core of CI: the suite is mostly the browser's CPU, so a second worker gains little on a quiet
 * machine (2.4 against 2.6 min) and more where the machine makes the specs wait. E2E_WORKERS overrides.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Playwright cannot download browsers here: Debian's. Its headless shell (package chromium-headless-shell) when
 * installed, the same Chromium without the desktop browser around it; else the full browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

export default defineConfig({
  // The longest flows walk four pages with charts; on 2 shared cores they can take more than the default 30 s.
  timeout: 60_000,
  // Two workers share two cores with their servers: a wait that takes 2 s alone can take three times that on a
  // slow, shared CI machine. A passing wait ends as soon as it holds, so the headroom costs nothing.
  expect: { timeout: 15_000 },
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: WORKERS,
  retries: 0,
  reporter: 'list',
  use: {
    // Recording a trace of every test (kept only for failures) took about a third of the browser's and most of
    // the runner's CPU: off unless E2E_TRACE=1; a failure still leaves its screenshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
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
});
