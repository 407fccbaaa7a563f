import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolHistoryRows, schoolHistoryStale, schoolHistoryVersions } from '../../db/schema/index';
import { z } from 'zod';
import { countedFilter, rankedScores, selectRows, type RankedScope } from '../scores/index';
import { historyQuery, readHistoryRows } from './history-repository';

/**
 * Every result in scope summed per moment, subject, grade, group, test (provider and version) and whether it counts
 * (countedFilter): one plain GROUP BY over rankedScores, so that the costly aggregates (distinct tests, reference
 * grades) run over a few hundred rows instead of every result. Sums are of float8 (ability) and integers: a float4
 * ability is exact in float8 and so are the sums of a school's abilities, so the means rolled up from them equal
 * avg() over the results.
 */
export function liveResultSums(scope: RankedScope): SQL {
  return sql`select c.calendar_year, c.year_time, c.subject_id, c.grade, c.year_class_id, c.provider_id,
      c.provider, c.provider_priority, c.test_version, (${countedFilter}) as counted,
      count(*) as n,
      sum(c.ability_score::float8) as ability_sum, count(c.ability_score) as ability_n,
      sum(c.percentile) as percentile_sum, count(c.percentile) as percentile_n,
      sum(nullif(c.level_value, 0)) as level_sum, count(nullif(c.level_value, 0)) as level_n,
      count(*) filter (where c.roman = 'I') as level_i,
      count(*) filter (where c.roman = 'II') as level_ii,
      count(*) filter (where c.roman = 'III') as level_iii,
      count(*) filter (where c.roman = 'IV') as level_iv,
      count(*) filter (where c.roman = 'V') as level_v,
      count(c.reference_level) as reference_count,
      count(*) filter (where c.reference_level in ('1F', '1S', '2F')) as at_1f,
      count(*) filter (where c.reference_level in ('1S', '2F')) as at_target,
      sum(c.dl - c.dle) filter (where c.dle is not null and not c.dle_above_scale) as lag_sum,
      count(*) filter (where c.dle is not null and not c.dle_above_scale) as lag_n
    from ${rankedScores(scope)} c
    group by c.calendar_year, c.year_time, c.subject_id, c.grade, c.year_class_id, c.provider_id, c.provider,
      c.provider_priority, c.test_version, counted`;
}

const STORED_COLUMNS =
  sql.raw(`level, calendar_year, year_time, subject_id, grade, year_class_id, provider_id,
  norm_ability, norm_sd, pupil_count, mean_ability_score, mean_percentile, mean_level_value, level_i, level_ii,
  level_iii, level_iv, level_v, reference_count, reference_grades, share_1f, share_target, national_ability_score,
  tests, mean_dle_lag`);

/** The stored history rows of a whole school, as stored. */
export function storedHistoryRows(schoolId: number): SQL {
  return sql`select ${STORED_COLUMNS} from school_history_rows where school_id = ${schoolId}`;
}

// The first key of the two-key advisory lock that serialises the recomputes of one school (the number is
// arbitrary and fixed; uploads use their own).
const RECOMPUTE_LOCK_NAMESPACE = 7_302;

const stateRowSchema = z.object({ stale: z.boolean(), version: z.number().int().nullable() });

function readState(db: Db, schoolId: number) {
  return selectRows(
    db,
    stateRowSchema,
    sql`select exists (select 1 from school_history_stale s where s.school_id = ${schoolId}) as stale,
      (select v.version from school_history_versions v where v.school_id = ${schoolId}) as version`,
  ).then((rows) => rows[0] ?? { stale: true, version: null });
}

/**
 * The version of the school's stored history rows, recomputed first when a write has marked the school stale
 * or they were never computed (one indexed lookup when they are current). Recomputes of a school run one at a
 * time (an advisory lock); taking the mark and recomputing happen in one transaction, and a writer's mark (an
 * upsert that locks it) makes the recompute wait for the writer, so a result committed during a recompute leaves
 * the school stale again.
 */
export async function ensureSchoolHistory(db: Db, schoolId: number): Promise<number> {
  const state = await readState(db, schoolId);
  if (!state.stale && state.version !== null) return state.version;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RECOMPUTE_LOCK_NAMESPACE}, ${schoolId})`);
    const taken = await tx
      .delete(schoolHistoryStale)
      .where(eq(schoolHistoryStale.schoolId, schoolId))
      .returning({ schoolId: schoolHistoryStale.schoolId });
    const now = await readState(tx, schoolId);
    // Another request recomputed it while this one waited for the lock.
    if (taken.length === 0 && now.version !== null) return now.version;
    await tx.delete(schoolHistoryRows).where(eq(schoolHistoryRows.schoolId, schoolId));
    await tx.execute(sql`insert into school_history_rows (school_id, ${STORED_COLUMNS})
      select ${schoolId}, ${STORED_COLUMNS} from (${historyQuery(liveResultSums({ schoolId }))}) h`);
    const [bumped] = await tx
      .insert(schoolHistoryVersions)
      .values({ schoolId, version: 1 })
      .onConflictDoUpdate({
        target: schoolHistoryVersions.schoolId,
        set: { version: sql`${schoolHistoryVersions.version} + 1` },
      })
      .returning({ version: schoolHistoryVersions.version });
    if (!bumped) throw new Error('the history version was not written');
    return bumped.version;
  });
}

type HistoryRows = Awaited<ReturnType<typeof readHistoryRows>>;

/** The parsed rows of the schools read last, per database, by version (at most CACHED_SCHOOLS, least recent out). */
const CACHED_SCHOOLS = 64;
const cached = new WeakMap<Db, Map<number, { version: number; rows: HistoryRows }>>();

/**
 * A whole school's stored history rows, made current first. Each process keeps the parsed rows of the schools it
 * read last and uses them while the database's version is the same: a read of an unchanged school costs one
 * indexed lookup instead of sending and parsing some thousand rows. Nothing is trusted without that check, so
 * processes need no coordination.
 */
export async function readStoredHistory(db: Db, schoolId: number): Promise<HistoryRows> {
  const version = await ensureSchoolHistory(db, schoolId);
  let bySchool = cached.get(db);
  if (!bySchool) {
    bySchool = new Map();
    cached.set(db, bySchool);
  }
  const hit = bySchool.get(schoolId);
  // Re-inserted on every use, so the map's first key is the least recently used.
  bySchool.delete(schoolId);
  if (hit && hit.version === version) {
    bySchool.set(schoolId, hit);
    return hit.rows;
  }
  // Read after the version: if a recompute commits in between, these rows are newer than `version` and the next
  // read finds a version it has not cached and reads again.
  const rows = await readHistoryRows(db, storedHistoryRows(schoolId));
  bySchool.set(schoolId, { version, rows });
  const oldest = bySchool.keys().next();
  if (bySchool.size > CACHED_SCHOOLS && !oldest.done) bySchool.delete(oldest.value);
  return rows;
}

/** The rows a grade page needs from the whole school's: its aggregates (level 1) and the norms of its results. */
export function gradeRowsOf(rows: HistoryRows, grade: number): HistoryRows {
  return {
    aggregates: rows.aggregates.filter((row) => row.level === 1 && row.grade === grade),
    norms: rows.norms.filter((norm) => norm.grade === grade),
  };
}
