/**
 * Reads at national scale (issue 16 item 3): the compiled server (NODE_ENV=production) against the small database
 * (the demo) and the big one (`npm run bench:scale:generate`: 603 schools, 4 million national results), measured
 * in turns (small, big, small, big) so that both see the same machine.
 * Per endpoint (school history, grade, year-class result, pupil, login, a note create) it prints the answer size,
 * the queries per request, the bare SQL time of those statements (captured from the server with BENCH_SQL_LOG
 * and replayed with `pg` as the server ran them, writes with their commits), latency p50/p95/p99 and requests/s
 * at 1 and at 32 connections, and big/small ratios; then EXPLAIN of every captured statement on the big database,
 * listing sequential scans of tables above SCALE_SEQ_SCAN_ROWS rows. Exit code 1 when there is such a scan.
 *
 *   npm run bench:scale
 *   SCALE_SECONDS=5 SCALE_CONNECTIONS=1,8 SCALE_ENDPOINTS="school history,pupil" npm run bench:scale
 *
 * Also: SCALE_SKIP_BUILD=1, SCALE_SQL_ROUNDS (100), SCALE_SQL_SECONDS (10, per endpoint), SCALE_BIG_PORT (3304),
 * SCALE_SMALL_PORT (3314), SCALE_DATABASE / SCALE_SMALL_DATABASE, SCALE_SCHOOL_ID / SCALE_DIRECTEUR / SCALE_TEACHER.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword, verifyPassword } from '../../apps/server/src/platform/passwords';
import { BIG_DATABASE, SMALL_DATABASE, databaseUrl } from './config';
import { PASSWORD, endpointsFor, findSubject, type Endpoint, type Subject } from './endpoints';
import { clientAddress, load, loadFiguresOf, type LoadFigures, type LoadRun, type Request } from './load';
import { buildServer } from '../../apps/server/scripts/start-command';
import { startServer } from './server';
import { ms, oneLine, printDatabase, printRatios, type DatabaseFigures } from './report';
import {
  captureSize,
  deleteReplayedSessions,
  findSeqScans,
  readCapture,
  replayStatements,
  sqlFiguresOf,
  type ReplayRounds,
  type Statement,
} from './sql-replay';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
const CONNECTIONS = (process.env.SCALE_CONNECTIONS ?? '1,32').split(',').map(Number);
const SQL_ROUNDS = Number(process.env.SCALE_SQL_ROUNDS ?? 100);
const SQL_SECONDS = Number(process.env.SCALE_SQL_SECONDS ?? 10);
const SEQ_SCAN_ROWS = Number(process.env.SCALE_SEQ_SCAN_ROWS ?? 10_000);
const PORTS = {
  big: Number(process.env.SCALE_BIG_PORT ?? 3304),
  small: Number(process.env.SCALE_SMALL_PORT ?? 3314),
};
const NOTE_MARKER = `bench-scale note ${process.pid}`;
/** Each measurement is taken in this many turns per database, the databases alternating. */
const TURNS = 2;

async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/1.0/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body: unknown = await response.json();
  if (!response.ok || typeof body !== 'object' || body === null || !('token' in body)) {
    throw new Error(`login of ${username} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return String(body.token);
}

async function requestFor(base: string, endpoint: Endpoint, subject: Subject): Promise<Request> {
  const headers: Record<string, string> = {};
  if (endpoint.body) headers['content-type'] = 'application/json';
  if (endpoint.as) {
    headers.authorization = `JWT ${await signIn(base, endpoint.as === 'teacher' ? subject.teacher : subject.directeur)}`;
  }
  return {
    method: endpoint.method,
    url: `${base}${endpoint.path}`,
    headers,
    body: endpoint.body,
    perConnectionAddress: endpoint.perConnectionAddress,
  };
}

async function send(request: Request): Promise<number> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${request.method} ${request.url}: ${response.status}`);
  return bytes;
}

/** A database with one request per endpoint captured (its statements and answer size) and, when asked, explained. */
interface Captured {
  figures: DatabaseFigures;
  client: pg.Client;
  url: string;
  port: number;
  statements: Map<string, { bytes: number; statements: Statement[] }>;
}

async function captureDatabase(name: string, port: number, dir: string, explain: boolean): Promise<Captured> {
  const url = databaseUrl(name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const subject = await findSubject(client);
  const { rows: counts } = await client.query<{ schools: number; results: number }>(
    `select (select count(*) from schools)::int as schools, (select count(*) from national_test_scores)::int as results`,
  );
  const figures: DatabaseFigures = {
    name,
    subject,
    schools: counts[0]?.schools ?? 0,
    nationalResults: counts[0]?.results ?? 0,
    endpoints: new Map(),
    scans: [],
    explainErrors: [],
  };
  console.log(
    `${name}: ${figures.schools} schools, ${figures.nationalResults} national results; school ${subject.schoolId}, ` +
      `group ${subject.groupId} (grade ${subject.grade}), pupil ${subject.pupilId}`,
  );
  // One request per endpoint on a server that writes its statements down (after one warm-up request).
  const captureFile = path.join(dir, `sql-${name}.jsonl`);
  const statements = new Map<string, { bytes: number; statements: Statement[] }>();
  const capturing = await startServer({ databaseUrl: url, port, dir, sqlLog: captureFile });
  try {
    for (const endpoint of endpointsFor(subject, NOTE_MARKER)) {
      const request = await requestFor(capturing.base, endpoint, subject);
      await send(request);
      const from = captureSize(captureFile);
      const bytes = await send(request);
      statements.set(endpoint.name, { bytes, statements: readCapture(captureFile, from) });
    }
  } finally {
    await capturing.stop();
  }
  if (explain) {
    for (const [endpoint, capture] of statements) {
      const found = await findSeqScans(client, capture.statements, SEQ_SCAN_ROWS);
      figures.scans.push(...found.scans.map((scan) => ({ ...scan, query: `[${endpoint}] ${scan.query}` })));
      figures.explainErrors.push(...found.errors.map((error) => `[${endpoint}] ${error}`));
    }
  }
  return { figures, client, url, port, statements };
}

/** A request to `endpoint` on `base`, warmed up; for the login, with every connection's address made known. */
async function readyRequest(base: string, endpoint: Endpoint, subject: Subject): Promise<Request> {
  const request = await requestFor(base, endpoint, subject);
  for (let warm = 0; warm < 3; warm++) await send(request);
  // A successful login makes its address known to the account, as the office's or home address would be.
  const addresses = request.perConnectionAddress ? Math.max(...CONNECTIONS) : 0;
  for (let index = 0; index < addresses; index++) {
    await send({ ...request, headers: { ...request.headers, 'x-forwarded-for': clientAddress(index) } });
  }
  return request;
}

/**
 * The bare SQL and the load of every endpoint on both databases, taken in turns (small, big, small, big: half of
 * the rounds and of the seconds each), so that both see the same machine: on a shared machine the speed drifts by
 * tens of percent over minutes, which measuring one database after the other would put into their ratio.
 */
async function measureInTurns(databases: Captured[], dir: string, passwordHash: string): Promise<void> {
  const [first] = databases;
  if (!first) return;
  const servers = await Promise.all(
    databases.map((database) => startServer({ databaseUrl: database.url, port: database.port, dir })),
  );
  try {
    for (const endpoint of endpointsFor(first.figures.subject, NOTE_MARKER)) {
      const replays = databases.map((): ReplayRounds[] => []);
      for (let turn = 0; turn < TURNS; turn++) {
        for (const [index, database] of databases.entries()) {
          const capture = database.statements.get(endpoint.name);
          if (!capture) continue;
          const rounds = Math.ceil(SQL_ROUNDS / TURNS);
          const replay = await replayStatements(
            database.client,
            capture.statements,
            rounds,
            (SQL_SECONDS * 1000) / TURNS,
            endpoint.verifiesPassword ? () => verifyPassword(passwordHash, PASSWORD) : undefined,
          );
          replays[index]?.push(replay);
        }
      }
      const requests = await Promise.all(
        databases.map((database, index) =>
          readyRequest(servers[index]?.base ?? '', endpoint, database.figures.subject),
        ),
      );
      const loads = databases.map(() => new Map<number, LoadFigures>());
      for (const connections of CONNECTIONS) {
        const runs = databases.map((): LoadRun[] => []);
        for (let turn = 0; turn < TURNS; turn++) {
          for (const [index, request] of requests.entries()) {
            runs[index]?.push(await load(request, connections, SECONDS / TURNS));
          }
        }
        for (const [index, database] of databases.entries()) {
          const result = loadFiguresOf(runs[index] ?? []);
          loads[index]?.set(connections, result);
          console.log(
            `  ${endpoint.name.padEnd(18)} c=${String(connections).padStart(2)}  ${database.figures.name.padEnd(22)} ` +
              `p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  p99 ${ms(result.p99)} ms  ${result.requestsPerSecond.toFixed(1)} req/s` +
              (result.failures ? `  ${result.failures} FAILED` : ''),
          );
        }
      }
      for (const [index, database] of databases.entries()) {
        const capture = database.statements.get(endpoint.name);
        const turns = replays[index] ?? [];
        if (!capture || turns.length === 0) continue;
        database.figures.endpoints.set(endpoint.name, {
          bytes: capture.bytes,
          page: endpoint.page,
          queries: capture.statements.length,
          sql: sqlFiguresOf(turns),
          load: loads[index] ?? new Map(),
        });
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function closeDatabase(database: Captured): Promise<void> {
  await database.client
    .query(`delete from pupil_notes where content = $1`, [NOTE_MARKER])
    .catch(() => undefined);
  await deleteReplayedSessions(database.client).catch(() => undefined);
  await database.client.end();
}

async function main(): Promise<void> {
  if (process.env.SCALE_SKIP_BUILD !== '1') buildServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
  const started = performance.now();
  try {
    console.log(
      `${SECONDS} s per measurement, connections ${CONNECTIONS.join(' and ')}; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    // The hash a replayed login verifies the password against, as the server does (its bare time: see endpoints.ts).
    const passwordHash = await hashPassword(PASSWORD);
    const captured: Captured[] = [];
    try {
      const smallCapture = await captureDatabase(SMALL_DATABASE, PORTS.small, dir, false);
      captured.push(smallCapture);
      const bigCapture = await captureDatabase(BIG_DATABASE, PORTS.big, dir, true);
      captured.push(bigCapture);
      console.log(`\nin turns (${TURNS} per measurement):`);
      await measureInTurns(captured, dir, passwordHash);
      report(smallCapture.figures, bigCapture.figures);
    } finally {
      await Promise.all(captured.map(closeDatabase));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `done in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
}

/** The figures, the statements, the plans and the targets missed (exit code 1 when a plan scans a large table). */
function report(small: DatabaseFigures, big: DatabaseFigures): void {
  const misses = [
    ...printDatabase(small, CONNECTIONS),
    ...printDatabase(big, CONNECTIONS),
    ...printRatios(big, small, CONNECTIONS),
  ];

  console.log(`\nslowest statements on ${big.name} (bare, p50 of ${SQL_ROUNDS} rounds at most)`);
  for (const [name, endpoint] of big.endpoints) {
    for (const statement of endpoint.sql.slowest.slice(0, 3)) {
      console.log(
        `  ${name.padEnd(18)} ${ms(statement.p50).padStart(5)} ms  ${oneLine(statement.query, 150)}`,
      );
    }
  }

  console.log(`\nEXPLAIN on ${big.name}: sequential scans of tables above ${SEQ_SCAN_ROWS} rows`);
  for (const scan of big.scans) {
    console.log(`  ${scan.table} (${scan.rows} rows) in ${oneLine(scan.query, 400)}`);
  }
  if (big.scans.length === 0) console.log('  none');
  for (const error of big.explainErrors) console.log(`  not explained: ${error}`);

  console.log(`\ntargets missed: ${misses.length === 0 ? 'none' : ''}`);
  for (const miss of misses) console.log(`  ${miss}`);
  if (big.scans.length > 0) process.exitCode = 1;
}

await main();
