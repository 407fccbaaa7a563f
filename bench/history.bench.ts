/**
 * School history SQL time (issue 16 item 3) for one school of a small and of a big database, in turns,
 * BENCH_RUNS times each after a warm-up:
 * - `history`: every read of `GET /school_history/{id}/` after access is settled (readSchoolHistory: the stored
 *   rows' version check and the rows, from this process's cache when the version is unchanged; subjects,
 *   groups, notes, ambitions);
 * - `stored rows`: the school's stored history rows read from the database (what a process without them cached,
 *   or after a change, reads);
 * - `recompute`: the school marked stale and its rows recomputed (what the first read after a write pays; fewer
 *   runs, RECOMPUTE_RUNS). Prints per database p50 and p95
 * of the wall time and the median on-CPU time of the PostgreSQL backend (read from /proc when the server runs on
 * this machine; steadier than wall time on a busy machine), the big/small ratios and a yardstick
 * (`count(*)` over 200,000 generated rows) measured the same way in the same rounds.
 * Targets: under 20 ms on the big database, big at most 1.2x small.
 *
 *   BIG_URL=postgres://postgres@127.0.0.1:5432/leerzicht_scale \
 *   SMALL_URL=postgres://postgres@127.0.0.1:5432/leerzicht_scale_small npm run bench:history
 *   BENCH_SCHOOL=1 BENCH_RUNS=50 (defaults)
 *
 * The reads share one connection per database (they run one after another), so the figure is their sum.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createDatabase, type Database } from '../apps/server/src/db/client';
import { readSchoolHistory } from '../apps/server/src/modules/results/history-service';
import { ensureSchoolHistory } from '../apps/server/src/modules/results/history-store';
import { readStoredHistoryRows } from '../apps/server/src/modules/results/history-store-repository';

const TARGET_MS = 20;
const TARGET_RATIO = 1.2;
const runs = Number(process.env.BENCH_RUNS ?? 50);
const recomputeRuns = Number(process.env.RECOMPUTE_RUNS ?? 10);
const schoolId = Number(process.env.BENCH_SCHOOL ?? 1);
const urls = { small: process.env.SMALL_URL, big: process.env.BIG_URL };

interface Sample {
  wallMs: number;
  /** null when the backend's /proc entry cannot be read (a server on another machine) */
  cpuMs: number | null;
}

const pidRow = z.object({ rows: z.array(z.object({ pid: z.number().int() })).length(1) });

async function backendPid(database: Database): Promise<number> {
  const { rows } = pidRow.parse(await database.db.execute(sql`select pg_backend_pid() as pid`));
  return rows[0]?.pid ?? 0;
}

function backendCpuMs(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

async function measure(database: Database, work: () => Promise<unknown>): Promise<Sample> {
  const pid = await backendPid(database);
  const cpuBefore = backendCpuMs(pid);
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  const cpuAfter = backendCpuMs(pid);
  return { wallMs, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

async function main(): Promise<void> {
  if (!urls.small || !urls.big) throw new Error('Set SMALL_URL and BIG_URL (PostgreSQL connection strings).');
  const databases = {
    small: createDatabase({ url: urls.small, poolMax: 1 }),
    big: createDatabase({ url: urls.big, poolMax: 1 }),
  };
  // A superuser's view: every group, every note.
  const reader = { userId: 0, readsNotes: true, seesAllConfidential: true };
  const history = (database: Database) => () => readSchoolHistory(database.db, schoolId, null, reader);
  const stored = (database: Database) => () => readStoredHistoryRows(database.db, schoolId);
  const recompute = (database: Database) => async () => {
    await database.db.execute(sql`select mark_school_history_stale(array[${schoolId}]::int[])`);
    await ensureSchoolHistory(database.db, schoolId);
  };
  const yardstick = (database: Database) => () =>
    database.db.execute(sql`select count(*) from generate_series(1, 200000)`);
  const samples: Record<string, Sample[]> = {};
  const record = (key: string, sample: Sample) => (samples[key] ??= []).push(sample);
  try {
    for (const [name, database] of Object.entries(databases)) {
      const first = await readSchoolHistory(database.db, schoolId, null, reader);
      const results = first.rows.aggregates
        .filter((row) => row.level === 0)
        .reduce((sum, row) => sum + row.pupil_count, 0);
      console.log(
        `${name}: school ${schoolId}, ${first.rows.aggregates.length} aggregate rows over ${results} counted results, ` +
          `${first.rows.norms.length} norms`,
      );
    }
    for (let run = -3; run < runs; run++) {
      for (const name of ['small', 'big'] as const) {
        const database = databases[name];
        const historySample = await measure(database, history(database));
        const storedSample = await measure(database, stored(database));
        const yardstickSample = await measure(database, yardstick(database));
        if (run < 0) continue; // warm-up
        record(`history ${name}`, historySample);
        record(`stored rows ${name}`, storedSample);
        record(`yardstick ${name}`, yardstickSample);
      }
    }
    // Last: each recompute makes the next history read miss the cache.
    for (let run = -1; run < recomputeRuns; run++) {
      for (const name of ['small', 'big'] as const) {
        const sample = await measure(databases[name], recompute(databases[name]));
        if (run >= 0) record(`recompute ${name}`, sample);
      }
    }
  } finally {
    await Promise.all(Object.values(databases).map((database) => database.close()));
  }

  console.log(
    `\n${runs} runs each, ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  const p50 = (key: string, pick: (sample: Sample) => number | null) => {
    const values = (samples[key] ?? []).map(pick).filter((value): value is number => value !== null);
    return values.length ? quantile(values, 0.5) : null;
  };
  for (const key of Object.keys(samples)) {
    const wall = (samples[key] ?? []).map((sample) => sample.wallMs);
    const cpu = p50(key, (sample) => sample.cpuMs);
    console.log(
      `${key.padEnd(18)} wall p50 ${ms(quantile(wall, 0.5))}  p95 ${ms(quantile(wall, 0.95))}` +
        (cpu === null ? '' : `  backend cpu p50 ${ms(cpu)}`),
    );
  }
  const ratio = (pick: (sample: Sample) => number | null) => {
    const big = p50('history big', pick);
    const small = p50('history small', pick);
    return big === null || small === null ? null : big / small;
  };
  const wallRatio = ratio((sample) => sample.wallMs);
  const cpuRatio = ratio((sample) => sample.cpuMs);
  const bigWall = p50('history big', (sample) => sample.wallMs) ?? NaN;
  const bigCpu = p50('history big', (sample) => sample.cpuMs);
  console.log(
    `\nbig p50: wall ${ms(bigWall)}${bigCpu === null ? '' : `, backend cpu ${ms(bigCpu)}`}` +
      `   (target < ${TARGET_MS} ms)`,
  );
  console.log(
    `big / small p50: wall ${wallRatio?.toFixed(2) ?? '-'}` +
      (cpuRatio === null ? '' : `, backend cpu ${cpuRatio.toFixed(2)}`) +
      `   (target <= ${TARGET_RATIO})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
