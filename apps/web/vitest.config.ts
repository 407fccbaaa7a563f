import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { messageCatalogues } from './vite.config.js';

export default defineConfig({
  // The message catalogues' two parts, as the app loads them (plain messages, as the dev server has them).
  plugins: [messageCatalogues('serve')],
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Headroom for a busy shared machine (the slowest test takes about 1.5 s on a quiet one), above the 3 s
    // ceiling of Testing Library's waits (vitest.setup.ts) so a failed wait reports what it was looking for.
    testTimeout: 15_000,
    // Each worker runs its files one after another in the same jsdom and keeps React, Mantine and the other
    // libraries loaded: a fresh worker per file spent more time importing them and starting jsdom than testing.
    // vitest.setup.ts gives each file fresh source modules and a clean document instead.
    isolate: false,
    // Vitest's default leaves one core to its main process, which idles while the workers run: on 2 cores that
    // was one worker, and the suite ran on one core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
