/**
 * Soak (issue 30): the compiled server (NODE_ENV=production, the flags of `start:dist`) on a fresh PostgreSQL
 * database with the demo loaded (SEED_DEMO=true), under SOAK_CONNECTIONS (32) kept-alive connections for
 * SOAK_SECONDS (600) after SOAK_WARMUP_SECONDS (20). Each connection sends one request after another, as a browser
 * does (`Accept-Encoding: gzip, br`, the session's `Authorization` header): group results pages, pupil pages
 * (ib and leerkracht, on the groups and pupils each may see), school histories (directeur) and pupil notes
 * written (ib, leerkracht), drawn by the shares in soak/mix.ts; and invitations of new addresses (directeur, to
 * both of the directeur's schools in turn), paced to stay within the server's limits on invitations (90% of the
 * per-inviter hourly limit over the run, or per hour in a run longer than an hour). Mail goes to .eml files under
 * the run's DATA_DIR (no SMTP_URL).
 *
 * Every SOAK_SAMPLE_SECONDS (1) it reads the server's resident memory (VmRSS) from /proc; the server runs with
 * `--trace-gc` (SOAK_TRACE_GC=0 turns it off), whose log lines give the V8 heap left after each full collection.
 * It prints requests per kind, answers other than 2xx by status, latency p50/p95/p99 (and the p50 of each half, to
 * see drift), requests per second, the CPU per request of the server process and of the PostgreSQL backends serving
 * the database (both from /proc), the load generator's own CPU, the RSS at the start of the measured window (after
 * the warm-up), in its middle and at its end, and the growth of memory over the second half (soak/memory.ts).
 * Exit code 1 on any 5xx answer or request without an answer (warm-up included), or when over the second half
 * - the heap after full collections grows more than SOAK_MAX_HEAP_GROWTH_MB_PER_MINUTE (1), or
 * - RSS grows more than SOAK_MAX_RSS_GROWTH_MB_PER_MINUTE (10): the slope of the lowest sample of each fifth of it
 *   (RSS rises and falls by 100 MB and more as garbage fills the heap between full collections; its lows are what
 *   the process keeps), judged only in a run of at least 300 s (fifths of 30 s or more). The lows still wander by
 *   10-25 MB, so over a 10-minute run's second half their slope varies by some 4 MB per minute with no growth at
 *   all (measured: 2.9 and 4.2 while the heap after full collections stayed flat); a longer run resolves less.
 *
 *   npm run bench:soak                       # ten minutes
 *   SOAK_SECONDS=60 npm run bench:soak       # a minute, to try it
 *
 * Also: SOAK_PORT (3324), SOAK_SKIP_BUILD=1, SOAK_KEEP=1 (keep the database and the run's directory with the
 * server's log; they are kept anyway when the soak fails), SCALE_ADMIN_URL (a superuser connection, as for
 * bench:scale; default the local postgres). The database is `leerzicht_soak_<pid>`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createInvitationsResponseSchema, loginResponseSchema } from '@leerzicht/contract';
import { buildServer } from '../apps/server/scripts/start-command';
import { INVITATION_LIMITS } from '../apps/server/src/modules/invitations/service';
import { ADMIN_URL, databaseUrl } from './scale/config';
import { PASSWORD } from './scale/endpoints';
import { startServer, type RunningServer } from './scale/server';
import { send, type Answer, type Call } from './soak/client';
import { callFor, drawKind, findScope, invitationCall, type Kind, type Scope, type Tokens } from './soak/mix';
import { BackendCpu, cpuMs, residentBytes } from './soak/proc';
import { heapAfterFullCollections } from './soak/gc-trace';
import { printMemory } from './soak/memory';
import { Tally, ms, type MemorySample } from './soak/report';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 32);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 1);
/** RSS growth is judged on the lows of five windows of at least this many seconds (see the comment above). */
const MIN_WINDOW_SECONDS = 30;
/** The server runs with --trace-gc (its lines go to its log): the heap after each full collection. */
const TRACE_GC = process.env.SOAK_TRACE_GC !== '0';
const MAX_HEAP_GROWTH_MB_PER_MINUTE = Number(process.env.SOAK_MAX_HEAP_GROWTH_MB_PER_MINUTE ?? 1);
const MAX_RSS_GROWTH_MB_PER_MINUTE = Number(process.env.SOAK_MAX_RSS_GROWTH_MB_PER_MINUTE ?? 10);
const PORT = Number(process.env.SOAK_PORT ?? 3324);
const KEEP = process.env.SOAK_KEEP === '1';
const REQUEST_TIMEOUT_MS = 60_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const database = `leerzicht_soak_${process.pid}`;
const runTag = `${process.pid}-${Date.now().toString(36)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function createDatabase(drop: boolean): void {
  const script = path.join(root, 'apps/server/scripts/create-database.mjs');
  const args = [script, ADMIN_URL, database, ...(drop ? ['--drop'] : [])];
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`create-database.mjs ${drop ? '--drop ' : ''}failed`);
}

async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/1.0/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login of ${username}: ${response.status} ${await response.text()}`);
  return loginResponseSchema.parse(await response.json()).token;
}

/** Invitations stored and mailed, and addresses the server answered with an error (e.g. the mail failed). */
interface InvitationCounts {
  sent: number;
  refused: Map<string, number>;
}

function countInvitation(answer: Answer, counts: InvitationCounts): void {
  if (answer.status < 200 || answer.status >= 300 || answer.text === null) return;
  for (const result of createInvitationsResponseSchema.parse(JSON.parse(answer.text)).invitations) {
    if (result.errors.length === 0) counts.sent += 1;
    for (const error of result.errors) counts.refused.set(error, (counts.refused.get(error) ?? 0) + 1);
  }
}

interface Load {
  warmup: Tally;
  measured: Tally;
  invitations: InvitationCounts;
  memory: MemorySample[];
  /** CPU ms over the measured window: the server process, its PostgreSQL backends, this process. */
  serverCpuMs: number;
  backendCpuMs: number;
  backends: number;
  generatorCpuMs: number;
  seconds: number;
  /** performance.now() when the measured window began. */
  measureFrom: number;
}

async function runLoad(
  server: RunningServer,
  client: pg.Client,
  scope: Scope,
  tokens: Tokens,
): Promise<Load> {
  const base = new URL(server.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const warmup = new Tally();
  const measured = new Tally();
  const invitations: InvitationCounts = { sent: 0, refused: new Map() };
  const backends = new BackendCpu(client);
  const memory: MemorySample[] = [];

  // The server's limits on invitations: 90% of what one inviter may send in an hour, spread over the run (or
  // over each hour of a longer one); the check of the invitation before the load took one.
  const budget = Math.floor(0.9 * INVITATION_LIMITS.perInviter.max) - 1;
  const invitationEveryMs = (Math.min(WARMUP_SECONDS + SECONDS, 3600) * 1000) / budget;
  let invitationsDue = 0;
  let serial = 0;

  const startedAt = performance.now();
  const measureFrom = startedAt + WARMUP_SECONDS * 1000;
  const halfway = measureFrom + (SECONDS * 1000) / 2;
  const endAt = measureFrom + SECONDS * 1000;

  const connection = async () => {
    while (performance.now() < endAt) {
      const now = performance.now();
      serial += 1;
      let kind: Kind;
      let call: Call;
      if (now - startedAt >= invitationsDue * invitationEveryMs) {
        invitationsDue += 1;
        kind = 'invitation';
        call = invitationCall(scope, tokens, runTag, invitationsDue);
      } else {
        kind = drawKind();
        call = callFor(kind, scope, tokens, serial);
      }
      const tally = now >= measureFrom ? measured : warmup;
      try {
        const answer = await send(agent, base, call, {
          keepBody: kind === 'invitation',
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        tally.record(kind, answer, now < halfway ? 0 : 1);
        if (kind === 'invitation') countInvitation(answer, invitations);
      } catch (error) {
        tally.error(kind, error);
      }
    }
  };

  const sampler = async () => {
    await sleep(measureFrom - performance.now());
    const start = { server: cpuMs(server.pid), generator: process.cpuUsage() };
    await backends.reset();
    let next = measureFrom;
    while (performance.now() < endAt) {
      const rss = residentBytes(server.pid);
      if (rss !== null) memory.push({ seconds: (performance.now() - measureFrom) / 1000, bytes: rss });
      await backends.sample();
      next += SAMPLE_SECONDS * 1000;
      await sleep(Math.min(next, endAt) - performance.now());
    }
    return start;
  };

  const [start] = await Promise.all([sampler(), ...Array.from({ length: CONNECTIONS }, () => connection())]);
  // Every connection has had its last answer: the requests started in the window are all counted.
  const seconds = (performance.now() - measureFrom) / 1000;
  const rss = residentBytes(server.pid);
  if (rss !== null) memory.push({ seconds, bytes: rss });
  await backends.sample();
  const generator = process.cpuUsage(start.generator);
  agent.destroy();
  const serverCpu = cpuMs(server.pid);
  const { ms: backendCpuMs, backends: backendCount } = backends.total();
  return {
    warmup,
    measured,
    invitations,
    memory,
    serverCpuMs: serverCpu !== null && start.server !== null ? serverCpu - start.server : Number.NaN,
    backendCpuMs,
    backends: backendCount,
    generatorCpuMs: (generator.user + generator.system) / 1000,
    seconds,
    measureFrom,
  };
}

/** Prints the figures; returns why the soak failed (empty when it passed), and whether the memory was judged. */
function report(
  load: Load,
  mailDir: string,
  heapLog: string | null,
  spawnedAt: number,
): { problems: string[]; judged: boolean } {
  const { measured, warmup } = load;
  const requests = measured.requests;
  console.log(
    `\nmeasured ${load.seconds.toFixed(1)} s after a ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections`,
  );
  for (const row of measured.rows(load.seconds)) console.log(row);
  const statuses = [...measured.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.log(`  statuses: ${statuses.join(', ')}`);
  for (const [key, count] of measured.failures) console.log(`  non-2xx ${key}: ${count}`);
  for (const [message, count] of [...warmup.networkErrors, ...measured.networkErrors])
    console.log(`  no answer, ${message}: ${count}`);
  console.log(
    `  warm-up: ${warmup.requests} requests, ${warmup.serverErrors} 5xx, ${warmup.unanswered} without answer`,
  );

  let mails = 0;
  try {
    mails = readdirSync(mailDir).filter((name) => name.endsWith('.eml')).length;
  } catch {
    // No invitation mailed: no directory.
  }
  const refused = [...load.invitations.refused].map(([error, count]) => `${error} ${count}`).join(', ');
  console.log(
    `  invitations: ${load.invitations.sent} sent (${mails} .eml files in the run, the check's included)` +
      (refused ? `; refused per address: ${refused}` : ''),
  );

  const perRequest = (cpu: number) => `${ms(cpu / requests)} ms/request`;
  console.log(
    `\nCPU over the measured window (${cpus().length} cores, load average ${loadavg()[0]?.toFixed(2)})`,
  );
  console.log(
    `  server process        ${(load.serverCpuMs / 1000).toFixed(1)} s = ${perRequest(load.serverCpuMs)}`,
  );
  console.log(
    `  PostgreSQL backends   ${(load.backendCpuMs / 1000).toFixed(1)} s = ${perRequest(load.backendCpuMs)}` +
      ` (${load.backends} backends)`,
  );
  console.log(
    `  load generator        ${(load.generatorCpuMs / 1000).toFixed(1)} s = ${perRequest(load.generatorCpuMs)}` +
      ` (${((100 * load.generatorCpuMs) / (load.seconds * 1000)).toFixed(0)}% of one core)`,
  );

  const heap = heapLog ? heapAfterFullCollections(heapLog, spawnedAt, load.measureFrom) : null;
  const memory = printMemory(load.memory, heap, {
    seconds: load.seconds,
    sampleSeconds: SAMPLE_SECONDS,
    limits: {
      heapMbPerMinute: MAX_HEAP_GROWTH_MB_PER_MINUTE,
      rssMbPerMinute: MAX_RSS_GROWTH_MB_PER_MINUTE,
      minWindowSeconds: MIN_WINDOW_SECONDS,
    },
  });

  const problems: string[] = [];
  const serverErrors = warmup.serverErrors + measured.serverErrors;
  if (serverErrors > 0) problems.push(`${serverErrors} answers with 5xx`);
  const unanswered = warmup.unanswered + measured.unanswered;
  if (unanswered > 0) problems.push(`${unanswered} requests without an answer`);
  if (memory.problem) problems.push(memory.problem);
  if (requests === 0) problems.push('no request was measured');
  return { problems, judged: memory.judged };
}

async function main(): Promise<void> {
  if (!(SECONDS > 0 && WARMUP_SECONDS >= 0 && CONNECTIONS > 0 && SAMPLE_SECONDS > 0))
    throw new Error('SOAK_SECONDS, SOAK_CONNECTIONS and SOAK_SAMPLE_SECONDS must be positive');
  if (process.env.SOAK_SKIP_BUILD !== '1') buildServer();
  createDatabase(false);
  const dir = mkdtempSync(path.join(tmpdir(), 'leerzicht-soak-'));
  let server: RunningServer | undefined;
  let client: pg.Client | undefined;
  let problems: string[] = ['stopped before the end'];
  let judged = false;
  try {
    const starting = performance.now();
    server = await startServer({
      databaseUrl: databaseUrl(database),
      port: PORT,
      dir,
      seedDemo: true,
      nodeFlags: TRACE_GC ? ['--trace-gc'] : [],
    });
    const base = server.base;
    console.log(
      `server ${server.pid} on ${server.base}, demo seeded and ready in ` +
        `${((performance.now() - starting) / 1000).toFixed(1)} s; database ${database}, directory ${dir}`,
    );
    client = new pg.Client({ connectionString: databaseUrl(database) });
    await client.connect();
    const scope = await findScope(client);
    const tokens: Tokens = new Map(
      await Promise.all(
        [...scope.readers.map((reader) => reader.username), scope.superuser].map(
          async (username) => [username, await signIn(base, username)] as const,
        ),
      ),
    );
    console.log(
      scope.readers
        .map(
          (reader) =>
            `${reader.username}: ${reader.groupIds.length} groups, ${reader.pupilIds.length} pupils`,
        )
        .join('; ') + `; ${scope.superuser}: schools ${scope.superuserSchoolIds.join(', ')}`,
    );

    // One request of each kind must answer 2xx before the load: a mistake here would only show as failures.
    const agent = new http.Agent({ keepAlive: false });
    const checks: [Kind, Call][] = [
      ['group result', callFor('group result', scope, tokens, 0)],
      ['pupil', callFor('pupil', scope, tokens, 0)],
      ['school history', callFor('school history', scope, tokens, 0)],
      ['note create', callFor('note create', scope, tokens, 0)],
      ['invitation', invitationCall(scope, tokens, runTag, 0)],
    ];
    for (const [kind, call] of checks) {
      const answer = await send(agent, new URL(base), call, { keepBody: true, timeoutMs: 60_000 });
      if (answer.status < 200 || answer.status >= 300)
        throw new Error(`${kind} answered ${answer.status}: ${answer.text?.slice(0, 300)}`);
    }
    agent.destroy();
    console.log(`each kind answered 2xx; ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured`);

    const load = await runLoad(server, client, scope, tokens);
    const heapLog = TRACE_GC ? path.join(dir, `server-${PORT}.log`) : null;
    ({ problems, judged } = report(load, path.join(dir, 'mail'), heapLog, server.spawnedAt));
  } finally {
    await client?.end();
    await server?.stop();
    const failed = problems.length > 0;
    if (KEEP || failed) {
      console.log(`\nkept: database ${database}, directory ${dir} (server log: server-${PORT}.log)`);
    } else {
      createDatabase(true);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (problems.length > 0) {
    console.log(`\nFAILED: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else {
    const memory = judged
      ? 'no growth of memory above the limits'
      : 'memory growth not fully judged in a run this short';
    console.log(`\npassed: no 5xx, every request answered, ${memory}`);
  }
}

await main();
