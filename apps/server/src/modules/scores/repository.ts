import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  methodScoreSchema,
  nationalNormSchema,
  yearTimeSchema,
  type MethodScore,
  type ScoreNote,
} from '@leerzicht/contract';
import { builtOncePerDb } from '../../db/built-once';
import type { Db } from '../../db/client';
import { NAMED_BY_TEXT } from '../../db/prepared-statements';
import { readableNotes, readerValues, type NoteReader } from '../../platform/access/index';
import { pupilApproaches, scoreNotes } from '../../db/schema/index';
import { toScoreNote } from './note-views';
import { groupScoreRowSchema, nationalScoreRowSchema, type GroupScoreRow } from './score-rows';
import { selectRows, selectRowsOnce } from '../../db/select-rows';
import { rowDecoderOf } from '../../db/row-decoder';
import { aggregateColumns, aggregateRowSchema, countedFilter } from './aggregate-sql';
import {
  inScope,
  pupilsPlaceholderScope,
  rankedScopeOf,
  rankedScores,
  type RankedScope,
  type ScoreScope,
} from './score-sql';

/* Score lists of a set of pupils (year class result and pupil detail) and the norms of results in scope. */

/** The columns of a national result row over rankedScores `c` joined to its group `yc` (nationalScoreRowSchema). */
const NATIONAL_SCORE_COLUMNS = sql`c.id, c.pupil_id as "pupilId", c.year_class_id as "yearClassId",
      yc.name as "yearClassName", c.national_test_id as "nationalTestId", c.subject_id as "subjectId",
      c.provider_id as "providerId", c.provider, c.calendar_year as "calendarYear", c.year_time as "yearTime",
      c.grade, c.test_date::text as "testDate", c.level_value as "levelValue",
      c.ability_score::float8 as "abilityScore", c.percentile, c.alphabetical, c.roman,
      c.test_version as "testVersion", c.functional_level as "functionalLevel", c.dle,
      c.dle_above_scale as "dleAboveScale", c.reference_level as "referenceLevel",
      c.projected_reference_level as "projectedReferenceLevel", c.is_counted as "isCounted",
      c.prev_ability::float8 as "previousAbilityScore", c.prev_calendar_year as "previousCalendarYear",
      c.prev_year_time as "previousYearTime"`;

const nationalScoreRows = selectRowsOnce(
  nationalScoreRowSchema,
  sql`select ${NATIONAL_SCORE_COLUMNS}
    from ${rankedScores(pupilsPlaceholderScope())} c
    join year_classes yc on yc.id = c.year_class_id and yc.school_id = ${sql.placeholder('schoolId')}
    order by c.calendar_year, c.time_rank, c.subject_id, c.rank, c.id`,
);

/**
 * The pupils' national results, every provider, ascending by moment then subject and provider priority, with
 * `isCounted` and the previous result. With `since` only results from that date on.
 */
export function listNationalScoreRows(db: Db, schoolId: number, pupilIds: readonly number[], since?: string) {
  return nationalScoreRows(db, { schoolId, pupilIds, since: since ?? null });
}

/** The columns of groupScoreRowSchema, in its order, over rankedScores `c`. */
const GROUP_SCORE_COLUMNS = sql`c.id, c.pupil_id, c.national_test_id, c.subject_id, c.provider_id, c.provider,
      c.calendar_year, c.year_time, c.test_date::text, c.level_value, c.ability_score::float8, c.percentile,
      c.alphabetical, c.roman, c.test_version, c.functional_level, c.dle, c.dle_above_scale, c.reference_level,
      c.projected_reference_level, c.is_counted, c.prev_ability::float8, c.prev_calendar_year, c.prev_year_time`;

export const groupAggregateRowSchema = aggregateRowSchema.extend({
  subject_id: z.number().int(),
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
  mean_growth: z.number().nullable(),
});
export type GroupAggregateRow = z.output<typeof groupAggregateRowSchema>;

/**
 * The aggregate of the pupils' counted results per subject and moment, with mean growth: a query over the ranked
 * results `c` of the group's national scores, by moment then subject.
 */
const GROUP_AGGREGATES = sql`select c.subject_id, c.calendar_year, c.year_time, ${aggregateColumns},
      round(avg(c.ability_score - c.prev_ability)::numeric, 2)::float8 as mean_growth
    from c
    where ${countedFilter}
    group by c.subject_id, c.calendar_year, c.year_time, c.time_rank
    order by c.calendar_year, c.time_rank, c.subject_id`;

// Made once: zod compiles a schema's parser on its first use, which a schema made per call would pay every time.
// The aggregates are decoded with their row's compiled reader (row-decoder.ts).
const scoresWithAggregatesSchema = z.object({
  scores: z.array(groupScoreRowSchema),
  aggregates: z.array(z.unknown()),
});
const decodeAggregate = rowDecoderOf(groupAggregateRowSchema);

const groupScoresStatement = selectRowsOnce(
  scoresWithAggregatesSchema,
  sql`with c as materialized ${rankedScores(pupilsPlaceholderScope())}
    select
      coalesce((select json_agg(json_build_array(${GROUP_SCORE_COLUMNS})
          order by c.calendar_year, c.time_rank, c.subject_id, c.rank, c.id) from c), '[]') as scores,
      coalesce((select json_agg(o) from (${GROUP_AGGREGATES}) o), '[]') as aggregates`,
);

/**
 * A group's national results (groupScoreRowSchema: what the group page shows, in the order of
 * listNationalScoreRows) and, in the same statement over the same ranked results (evaluated once), their aggregate
 * per subject and moment (groupAggregateRowSchema). Both travel as json.
 */
export async function listGroupScoreRows(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  since: string | undefined,
): Promise<{ rows: GroupScoreRow[]; aggregates: GroupAggregateRow[] }> {
  const [result] = await groupScoresStatement(db, { schoolId, pupilIds, since: since ?? null });
  if (!result) throw new Error('a single-row statement answered no row');
  return { rows: result.scores, aggregates: result.aggregates.map(decodeAggregate) };
}

// Raw SQL read through the contract's schema (selectRowsOnce): drizzle's own mapping of a select's rows cost
// 0.7 ms for a group's 215 method results on a 2-core machine, the compiled reader a fraction of it.
const methodScoreList = selectRowsOnce(
  methodScoreSchema,
  sql`select m.id, m.pupil_id as "pupilId", m.year_class_id as "yearClassId", m.method_test_id as "methodTestId",
      t.name as "methodTestName", me.id as "methodId", me.name as "methodName", m.subject_id as "subjectId",
      m.calendar_year as "calendarYear", t.grade, t.block, m.score, t.max_score as "maxScore", m.performance,
      m.test_date::text as "testDate"
    from method_test_scores m
    join method_tests t on t.id = m.method_test_id
    join methods me on me.id = t.method_id
    where m.school_id = ${sql.placeholder('schoolId')} and m.pupil_id = any(${sql.placeholder('pupilIds')}::int[])
      and (${sql.placeholder('since')}::date is null or m.test_date >= ${sql.placeholder('since')}::date)
    order by m.test_date, m.id`,
);

/** The pupils' method results with method, test and performance letter; with `since` from that date on. */
export function listMethodScores(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  since?: string,
): Promise<MethodScore[]> {
  return methodScoreList(db, { schoolId, pupilIds, since: since ?? null });
}

const scoreNoteList = builtOncePerDb((db) =>
  db
    .select()
    .from(scoreNotes)
    .where(
      and(
        eq(scoreNotes.schoolId, sql.placeholder('schoolId')),
        sql`${scoreNotes.pupilId} = any(${sql.placeholder('pupilIds')}::int[])`,
        readableNotes(scoreNotes),
      ),
    )
    .orderBy(asc(scoreNotes.dateCreated), asc(scoreNotes.id))
    .prepare(NAMED_BY_TEXT),
);

/** Notes on the pupils' national and method results. */
export async function listScoreNotes(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  reader: NoteReader,
): Promise<ScoreNote[]> {
  const rows = await scoreNoteList(db).execute({ schoolId, pupilIds, ...readerValues(reader) });
  return rows.map(toScoreNote);
}

const approachList = builtOncePerDb((db) =>
  db
    .select({
      pupilId: pupilApproaches.pupilId,
      subjectId: pupilApproaches.subjectId,
      calendarYear: pupilApproaches.calendarYear,
      approach: pupilApproaches.approach,
      yearClassId: pupilApproaches.yearClassId,
    })
    .from(pupilApproaches)
    .where(
      and(
        eq(pupilApproaches.schoolId, sql.placeholder('schoolId')),
        sql`${pupilApproaches.pupilId} = any(${sql.placeholder('pupilIds')}::int[])`,
        sql`(${sql.placeholder('calendarYear')}::int is null or ${pupilApproaches.calendarYear} = ${sql.placeholder('calendarYear')}::int)`,
      ),
    )
    .orderBy(asc(pupilApproaches.calendarYear), asc(pupilApproaches.subjectId))
    .prepare(NAMED_BY_TEXT),
);

/** The pupils' instruction groups per subject, ascending by school year; with `calendarYear` only that year's. */
export function listApproaches(db: Db, schoolId: number, pupilIds: readonly number[], calendarYear?: number) {
  return approachList(db).execute({ schoolId, pupilIds, calendarYear: calendarYear ?? null });
}

/** normsInScope of some pupils' results (every school year), as a statement built once. */
const pupilNorms = selectRowsOnce(nationalNormSchema, normsSql(pupilsPlaceholderScope()));

export function normsOfPupils(db: Db, schoolId: number, pupilIds: readonly number[]) {
  return pupilNorms(db, { schoolId, pupilIds, since: null });
}

/**
 * The norms of the providers, grades and moments of the results in scope, counted or not (so no ranking is
 * needed: the scope's condition on the results alone).
 */
export function normsInScope(db: Db, scope: ScoreScope) {
  return selectRows(db, nationalNormSchema, normsSql(rankedScopeOf(scope)));
}

function normsSql(scope: RankedScope): SQL {
  return sql`select n.provider_id as "providerId", n.subject_id as "subjectId", n.grade, n.year_time as "yearTime",
      n.ability_score::float8 as "abilityScore", n.ability_sd::float8 as "abilitySd"
    from national_norms n
    where (n.provider_id, n.subject_id, n.grade, n.year_time) in (select s.provider_id, s.subject_id, s.grade,
      s.year_time from national_test_scores s join pupils p on p.id = s.pupil_id and p.school_id = s.school_id
      where ${inScope(scope)})
    order by 1, 2, 3, 4`;
}
