/**
 * How the benchmarks and the e2e tests build and start the compiled server: with the Node flags of its production
 * start (`start:dist`), so that they run the process production runs, and how they wait for it to answer.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
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

/** Builds apps/server/dist of the checkout at `root`. */
export function buildServer(root = repoRoot): void {
  const built = spawnSync(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server build failed');
}

/** Whether anything answers at `url`: a port still held by an earlier server would answer in a new one's place. */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `url` answers 2xx; fails as soon as `child` exits, or after `timeoutMs`. */
export async function waitUntilReady(
  url: string,
  child: ChildProcess,
  { name = 'the server', timeoutMs = 120_000, log }: { name?: string; timeoutMs?: number; log?: string } = {},
): Promise<void> {
  const where = log ? `; see ${log}` : '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} stopped (exit ${child.exitCode})${where}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s${where}`);
}

/** Stops a started server with SIGTERM, and kills it if it has not finished its requests within `timeoutMs`. */
export async function stopServer(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}
