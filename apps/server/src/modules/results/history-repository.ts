import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { yearTimeSchema, type NationalNorm, type YearClassNote } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { builtOncePerDb } from '../../db/built-once';
import { NAMED_BY_TEXT } from '../../db/prepared-statements';
import { readableNotes, readerValues, type NoteReader } from '../../platform/access/index';
import { yearClassNotes, yearClasses } from '../../db/schema/index';
import { aggregateRowSchema, inGroups, selectRows, toYearClassNote, type RankedScope } from '../scores/index';

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
  // The stored rows keep the tests as JSON text (school_history_rows.tests), the live statement as jsonb.
  tests: z.preprocess(
    (value) => (typeof value === 'string' ? JSON.parse(value) : value),
    aggregateRowSchema.shape.tests,
  ),
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

/** More than one test (provider and version) among the summed rows `g`: their abilities share no scale. */
const severalTests = sql`count(distinct g.provider_id::text || '|' || g.test_version) > 1`;

/**
 * The rows of a history in one statement over the sums of the results in scope (history-store.ts: a teacher's
 * groups summed on the fly; a whole school's rows are stored from this same statement):
 * - levels 0-2: per moment and subject the aggregate of the school, of each grade (the pupil's grade at the test)
 *   and of each group, in GROUP BY GROUPING SETS over the counted sums. The columns are the scores module's
 *   aggregateColumns rolled up from the sums; the norm is joined per sum (its key holds the norm's provider,
 *   subject, grade and moment) instead of per result;
 * - level 3: the norms of the providers, grades and moments of the results in scope, counted or not (the scores
 *   module's normsInScope).
 */
export function historyQuery(sums: SQL): SQL {
  return sql`with g as materialized (${sums})
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
      (select g.provider_id, g.subject_id, g.grade, g.year_time from g)`;
}

const historyRowSchema = z.union([historyAggregateRowSchema, historyNormRowSchema]);

/** The rows of historyQuery (or the stored ones) split into aggregates and norms (by provider, subject, grade, time). */
export async function readHistoryRows(db: Db, query: SQL) {
  const rows = await selectRows(db, historyRowSchema, query);
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

const schoolYearClasses = builtOncePerDb((db) =>
  db
    .select({ id: yearClasses.id, name: yearClasses.name, grade: yearClasses.grade })
    .from(yearClasses)
    .where(eq(yearClasses.schoolId, sql.placeholder('schoolId')))
    .prepare(NAMED_BY_TEXT),
);

export function listSchoolYearClasses(db: Db, schoolId: number) {
  return schoolYearClasses(db).execute({ schoolId });
}

/** Built once for every reader and scope: `allGroups`, else the groups of `groupIds` (an array). */
const momentNotes = builtOncePerDb((db) =>
  db
    .select()
    .from(yearClassNotes)
    .where(
      and(
        eq(yearClassNotes.schoolId, sql.placeholder('schoolId')),
        eq(yearClassNotes.kind, 'test_moment'),
        sql`(${sql.placeholder('allGroups')}::boolean
          or ${yearClassNotes.yearClassId} = any(${sql.placeholder('groupIds')}::int[]))`,
        readableNotes(yearClassNotes),
      ),
    )
    .orderBy(asc(yearClassNotes.calendarYear), asc(yearClassNotes.id))
    .prepare(NAMED_BY_TEXT),
);

/** Test-moment notes of the school's groups (`groupIds` limits a teacher's; null: every group). */
export async function listMomentNotes(
  db: Db,
  schoolId: number,
  groupIds: readonly number[] | null,
  reader: NoteReader,
): Promise<YearClassNote[]> {
  const rows = await momentNotes(db).execute({
    schoolId,
    allGroups: groupIds === null,
    groupIds: groupIds ?? [],
    ...readerValues(reader),
  });
  return rows.map(toYearClassNote);
}
