#!/usr/bin/env node
/**
 * Lint, format check and the type checks of every project, run side by side: each is one single-threaded
 * process, so one after another they left a core idle (163 s on a 2-core machine, 109-119 s side by side). Each
 * job's output is printed whole when it ends, and the exit code is non-zero when any job failed. The one list of
 * these jobs: `npm run lint` runs its `lint` group, `npm run typecheck` its `typecheck` group, `npm run check`
 * both. CHECKS_JOBS sets how many run at once (default: the machine's cores).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// Longest first (as measured on a 2-core machine), so the last jobs to start are short ones.
const tsc = (project) => ({
  group: 'typecheck',
  name: `tsc ${project}`,
  args: ['tsc', '-p', project, '--noEmit'],
});
const ALL_JOBS = [
  { group: 'lint', name: 'eslint', args: ['eslint', '.'] },
  tsc('apps/web'),
  tsc('apps/server'),
  tsc('bench'),
  { group: 'lint', name: 'prettier', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  tsc('e2e'),
  tsc('packages/contract'),
];

const groups = process.argv.slice(2);
const unknown = groups.filter((group) => !ALL_JOBS.some((job) => job.group === group));
if (unknown.length > 0) {
  process.stderr.write(`unknown check group: ${unknown.join(', ')} (lint, typecheck)\n`);
  process.exit(2);
}
const JOBS = groups.length === 0 ? ALL_JOBS : ALL_JOBS.filter((job) => groups.includes(job.group));

const width = Number(process.env.CHECKS_JOBS ?? availableParallelism());

function run(job) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', ...job.args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok    ' : 'FAILED'} ${job.name} (${seconds} s)\n`);
      if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
      resolve(code === 0);
    });
  });
}

const queue = [...JOBS];
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, width) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results.push(await run(job));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
