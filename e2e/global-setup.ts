import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the server once before the workers start theirs (`npm run test:e2e` has built the web app). */
export default function globalSetup(): void {
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/scripts/build.mjs')], {
    stdio: 'inherit',
  });
}
