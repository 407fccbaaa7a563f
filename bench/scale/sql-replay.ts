/**
 * The statements one request ran (captured by the server with BENCH_SQL_LOG), timed on their own with `pg` and
 * explained (bench/scale).
 */
import { readFileSync, statSync } from 'node:fs';
import type pg from 'pg';
import { percentile } from './load';

export interface Statement {
  query: string;
  params: unknown[];
}

/** Transaction control: counted as a query of the request, but not replayed inside the benchmark's own transaction. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start transaction)\b/i;
export const isControl = (statement: Statement) => CONTROL.test(statement.query);

export const captureSize = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** The statements appended to the capture file since byte `from`. */
export function readCapture(file: string, from: number): Statement[] {
  const text = readFileSync(file).subarray(from).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const parsed: unknown = JSON.parse(line);
      if (
        typeof parsed !== 'object' ||
        parsed === null ||
        !('query' in parsed) ||
        typeof parsed.query !== 'string' ||
        !('params' in parsed) ||
        !Array.isArray(parsed.params)
      ) {
        throw new Error(`unexpected capture line: ${line.slice(0, 200)}`);
      }
      return { query: parsed.query, params: parsed.params };
    });
}

export interface SqlFigures {
  /** Sum over the request's statements, per round: median and 95th percentile in ms. */
  p50: number;
  p95: number;
  rounds: number;
  /** Statements that failed when replayed (in the first round of each turn); their time counts. */
  failed: number;
  /** Each replayed statement's median time, slowest first. */
  slowest: { query: string; p50: number }[];
}

/** What apps/server/src/db/prepared-statements.ts names: statements outside transactions up to 8 KB of text. */
const NAMED_MAX_TEXT = 8_192;
const names = new Map<string, string>();

/** The statements with the name the server gave them (none inside the request's own transactions). */
function withNames(statements: Statement[]): (Statement & { name?: string })[] {
  let inTransaction = false;
  return statements.map((statement) => {
    if (isControl(statement)) {
      inTransaction = /^\s*(begin|start transaction)\b/i.test(statement.query)
        ? true
        : /^\s*(commit|rollback)\b/i.test(statement.query)
          ? false
          : inTransaction;
      return statement;
    }
    if (inTransaction || statement.query.length > NAMED_MAX_TEXT) return statement;
    let name = names.get(statement.query);
    if (!name) {
      name = `replay_${names.size}`;
      names.set(statement.query, name);
    }
    return { ...statement, name };
  });
}

/** Sessions the replay of a sign-in inserts have ids that start with this (deleted by deleteReplayedSessions). */
const REPLAY_SESSION = `bench-replay-${process.pid}-`;
const SESSION_INSERT = /insert into "sessions" \("id"/;
let replayedSessions = 0;

/**
 * The statement's values, with a new session id each time for a sign-in's session insert (its id is $1): a
 * second insert of the same id would fail, and with it the sign-in's other writes in the same statement (the
 * attempt given back among them).
 */
function freshSessionId(statement: Statement): unknown[] {
  if (!SESSION_INSERT.test(statement.query)) return statement.params;
  replayedSessions += 1;
  return [`${REPLAY_SESSION}${replayedSessions}`, ...statement.params.slice(1)];
}

export async function deleteReplayedSessions(client: pg.ClientBase): Promise<void> {
  await client.query(`delete from sessions where id like $1`, [`${REPLAY_SESSION}%`]);
}

/**
 * Runs the statements in order, `rounds` times (or until `maxMs` has passed), as the server ran them: a statement
 * outside the request's own transactions autocommits, so a write pays its commit (the WAL flush) as it does in
 * the server; the request's transactions run as transactions. Statements the server prepares run prepared here too
 * (from the second round on, without parse and plan, as in the server). What the writes leave behind is what the
 * load that follows leaves many times over: audit rows, the benchmark's notes and a sign-in's sessions (deleted
 * at the end); a login's attempt counter is counted and given back in the same round.
 */
export async function replayStatements(
  client: pg.ClientBase,
  statements: Statement[],
  rounds: number,
  maxMs: number,
  /** Work of the request that is not SQL (a password verify), timed into each round's sum. */
  alsoPerRound?: () => Promise<unknown>,
): Promise<ReplayRounds> {
  const replayed = withNames(statements);
  const sums: number[] = [];
  const times: number[][] = replayed.map(() => []);
  let failed = 0;
  const deadline = performance.now() + maxMs;
  for (let round = 0; round < rounds && (round < 3 || performance.now() < deadline); round++) {
    let sum = 0;
    for (const [index, statement] of replayed.entries()) {
      const values = freshSessionId(statement);
      const started = performance.now();
      try {
        await client.query({ name: statement.name, text: statement.query, values });
      } catch {
        // A statement that fails on replay still counts its time; a transaction it leaves aborted ends at its own
        // commit, which then rolls back.
        if (round === 0) failed++;
      }
      const elapsed = performance.now() - started;
      sum += elapsed;
      times[index]?.push(elapsed);
    }
    if (alsoPerRound) {
      const started = performance.now();
      await alsoPerRound();
      sum += performance.now() - started;
    }
    sums.push(sum);
  }
  return { statements, sums, times, failed };
}

/** What replayStatements measured, in one or more turns of the same statements. */
export interface ReplayRounds {
  statements: Statement[];
  /** Per round, the sum over the statements (ms). */
  sums: number[];
  /** Per statement, its time in each round (ms). */
  times: number[][];
  /** Statements that failed in the first round (of this turn). */
  failed: number;
}

/** The figures of the turns of one request's replay taken together. */
export function sqlFiguresOf(turns: ReplayRounds[]): SqlFigures {
  const [first] = turns;
  if (!first) throw new Error('no replay to summarise');
  const sums = turns.flatMap((turn) => turn.sums).sort((a, b) => a - b);
  const slowest = first.statements
    .map((statement, index) => ({
      query: statement.query,
      p50: percentile(
        turns.flatMap((turn) => turn.times[index] ?? []).sort((a, b) => a - b),
        0.5,
      ),
    }))
    .filter((statement) => !CONTROL.test(statement.query))
    .sort((a, b) => b.p50 - a.p50);
  return {
    p50: percentile(sums, 0.5),
    p95: percentile(sums, 0.95),
    rounds: sums.length,
    failed: turns.reduce((total, turn) => total + turn.failed, 0),
    slowest,
  };
}

export interface SeqScan {
  table: string;
  rows: number;
  query: string;
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScannedTables(node: PlanNode, found: Set<string>): void {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.add(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScannedTables(child, found);
}

/** EXPLAIN (FORMAT JSON) of every statement; sequential scans of tables with more than `minRows` rows. */
export async function findSeqScans(
  client: pg.ClientBase,
  statements: Statement[],
  minRows: number,
): Promise<{ scans: SeqScan[]; errors: string[] }> {
  const scans: SeqScan[] = [];
  const errors: string[] = [];
  for (const statement of statements.filter((item) => !isControl(item))) {
    let plan: PlanNode | undefined;
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${statement.query}`,
        statement.params,
      );
      plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    } catch (error) {
      errors.push(
        `${error instanceof Error ? error.message : String(error)}: ${statement.query.slice(0, 120)}`,
      );
      continue;
    }
    if (!plan) continue;
    const tables = new Set<string>();
    seqScannedTables(plan, tables);
    for (const table of tables) {
      const { rows } = await client.query<{ rows: number }>(
        `select reltuples::bigint::int as rows from pg_class where relname = $1 and relkind = 'r'`,
        [table],
      );
      const count = rows[0]?.rows ?? 0;
      if (count > minRows) scans.push({ table, rows: count, query: statement.query });
    }
  }
  return { scans, errors };
}
