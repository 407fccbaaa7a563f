import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { yearTimeSchema, type NationalNorm, type YearClassNote } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { readableNotes, type NoteReader } from '../../platform/access/index';
import { yearClassNotes, yearClasses } from '../../db/schema/index';
import {
  aggregateRowSchema,
  countedFilter,
  inGroups,
  rankedScores,
  selectRows,
  toYearClassNote,
  type RankedScope,
} from '../scores/index';

/** The school's national results a history reads: a teacher's only from their permitted groups at the time. */
export function historyScope(schoolId: number, groupIds: readonly number[] | null): RankedScope {
  return { schoolId, where: inGroups(sql`s.year_class_id`, groupIds) };
}

const historyAggregateRowSchema = aggregateRowSchema.extend({
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
  subject_id: z.number().int(),
  grade: z.number().int().nullable(),
  year_class_id: z.number().int().nullable(),
  /** 0 school, 1 grade, 2 group */
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});

/** A norm of a provider, grade and moment some result in scope has (historyRows' rows of level 3). */
const historyNormRowSchema = z.object({
  level: z.literal(3),
  provider_id: z.number().int(),
  subject_id: z.number().int(),
  grade: z.number().int(),
  year_time: yearTimeSchema,
  norm_ability: z.number(),
  norm_sd: z.number().nullable(),
});

/**
 * Every result in scope summed per moment, subject, grade, group, test (provider and version) and whether it counts
 * (countedFilter): one plain GROUP BY over rankedScores, so that the costly aggregates (distinct tests, reference
 * grades) run over a few hundred rows instead of every result. Sums are of float8 (ability) and integers: a float4
 * ability is exact in float8 and so are the sums of a school's abilities, so the means rolled up from them equal
 * avg() over the results.
 */
function resultSums(scope: RankedScope) {
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

/** More than one test (provider and version) among the summed rows `g`: their abilities share no scale. */
const severalTests = sql`count(distinct g.provider_id::text || '|' || g.test_version) > 1`;

/**
 * In one statement (one pass over the results, whatever the planner estimates for the school):
 * - levels 0-2: per moment and subject the aggregate of the school, of each grade (the pupil's grade at the test)
 *   and of each group, in GROUP BY GROUPING SETS over the counted sums. The columns are the scores module's
 *   aggregateColumns rolled up from the sums; the norm is joined per sum (its key holds the norm's provider,
 *   subject, grade and moment) instead of per result;
 * - level 3: the norms of the providers, grades and moments of the results in scope, counted or not (the scores
 *   module's normsInScope).
 */
export async function historyRows(db: Db, scope: RankedScope) {
  const rows = await selectRows(
    db,
    z.union([historyAggregateRowSchema, historyNormRowSchema]),
    sql`with g as materialized (${resultSums(scope)})
    select g.calendar_year, g.year_time, g.subject_id, g.grade, g.year_class_id,
      (case when grouping(g.grade) = 0 then 1 when grouping(g.year_class_id) = 0 then 2 else 0 end)::int as level,
      null::int as provider_id, null::float8 as norm_ability, null::float8 as norm_sd,
      sum(g.n)::int as pupil_count,
      case when ${severalTests} then null
        else round((sum(g.ability_sum) / nullif(sum(g.ability_n), 0)::float8)::numeric, 2)::float8 end
        as mean_ability_score,
      round(sum(g.percentile_sum)::numeric / nullif(sum(g.percentile_n), 0), 2)::float8 as mean_percentile,
      round(sum(g.level_sum)::numeric / nullif(sum(g.level_n), 0), 2)::float8 as mean_level_value,
      sum(g.level_i)::int as level_i,
      sum(g.level_ii)::int as level_ii,
      sum(g.level_iii)::int as level_iii,
      sum(g.level_iv)::int as level_iv,
      sum(g.level_v)::int as level_v,
      sum(g.reference_count)::int as reference_count,
      coalesce(array_agg(distinct g.grade order by g.grade) filter (where g.reference_count > 0), '{}')
        as reference_grades,
      case when sum(g.reference_count) = 0 then null
        else round(100.0 * sum(g.at_1f) / sum(g.reference_count), 2)::float8 end as share_1f,
      case when sum(g.reference_count) = 0 then null
        else round(100.0 * sum(g.at_target) / sum(g.reference_count), 2)::float8 end as share_target,
      case when ${severalTests} then null
        else round((sum(n.ability_score::float8 * g.n)
          / nullif(sum(g.n) filter (where n.ability_score is not null), 0)::float8)::numeric, 2)::float8 end
        as national_ability_score,
      coalesce(jsonb_agg(distinct jsonb_build_object('provider', g.provider, 'version', g.test_version,
        'priority', g.provider_priority)), '[]'::jsonb) as tests,
      round(sum(g.lag_sum)::numeric / nullif(sum(g.lag_n), 0), 2)::float8 as mean_dle_lag
    from g
    left join national_norms n on n.provider_id = g.provider_id and n.subject_id = g.subject_id
      and n.grade = g.grade and n.year_time = g.year_time
    where g.counted
    group by grouping sets ((g.calendar_year, g.year_time, g.subject_id),
      (g.calendar_year, g.year_time, g.subject_id, g.grade),
      (g.calendar_year, g.year_time, g.subject_id, g.year_class_id))
    union all
    select null, n.year_time, n.subject_id, n.grade, null, 3, n.provider_id, n.ability_score::float8,
      n.ability_sd::float8, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
      null, null
    from national_norms n
    where (n.provider_id, n.subject_id, n.grade, n.year_time) in
      (select g.provider_id, g.subject_id, g.grade, g.year_time from g)`,
  );
  const aggregates: z.output<typeof historyAggregateRowSchema>[] = [];
  const norms: NationalNorm[] = [];
  for (const row of rows) {
    if (row.level !== 3) aggregates.push(row);
    else
      norms.push({
        providerId: row.provider_id,
        subjectId: row.subject_id,
        grade: row.grade,
        yearTime: row.year_time,
        abilityScore: row.norm_ability,
        abilitySd: row.norm_sd,
      });
  }
  norms.sort(
    (a, b) =>
      a.providerId - b.providerId ||
      a.subjectId - b.subjectId ||
      a.grade - b.grade ||
      (a.yearTime < b.yearTime ? -1 : a.yearTime > b.yearTime ? 1 : 0),
  );
  return { aggregates, norms };
}

export function listSchoolYearClasses(db: Db, schoolId: number) {
  return db
    .select({ id: yearClasses.id, name: yearClasses.name, grade: yearClasses.grade })
    .from(yearClasses)
    .where(eq(yearClasses.schoolId, schoolId));
}

/** Test-moment notes of the school's groups (`groupIds` limits a teacher's; null: every group). */
export async function listMomentNotes(
  db: Db,
  schoolId: number,
  groupIds: readonly number[] | null,
  reader: NoteReader,
): Promise<YearClassNote[]> {
  const rows = await db
    .select()
    .from(yearClassNotes)
    .where(
      and(
        eq(yearClassNotes.schoolId, schoolId),
        eq(yearClassNotes.kind, 'test_moment'),
        inGroups(sql`${yearClassNotes.yearClassId}`, groupIds),
        readableNotes(reader, yearClassNotes),
      ),
    )
    .orderBy(asc(yearClassNotes.calendarYear), asc(yearClassNotes.id));
  return rows.map(toYearClassNote);
}
