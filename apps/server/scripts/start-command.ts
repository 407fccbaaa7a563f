/**
 * How the benchmarks and the e2e tests start the compiled server: with the Node flags of its production start
 * (`start:dist`), so that they run the process production runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const packageSchema = z.object({ scripts: z.object({ 'start:dist': z.string() }) });

/** The Node options of `npm run start:dist` (e.g. the young generation's size): the flags are written in one place. */
function serverNodeFlags(root = repoRoot): string[] {
  const file = path.join(root, 'apps/server/package.json');
  const pkg = packageSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const words = pkg.scripts['start:dist'].split(/\s+/);
  if (words[0] !== 'node') throw new Error(`start:dist does not start node: ${pkg.scripts['start:dist']}`);
  return words.filter((word) => word.startsWith('--'));
}

/** The arguments of `node` that start the compiled server of the checkout at `root` as production does. */
export function compiledServerArgs(root = repoRoot): string[] {
  return [...serverNodeFlags(root), path.join(root, 'apps/server/dist/main.js')];
}
