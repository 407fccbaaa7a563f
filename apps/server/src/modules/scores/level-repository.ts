import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { REFERENCE_RESULTS, yearTimeSchema } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { countedFilter } from './aggregate-sql';
import { inIds, rankedScopeOf, rankedScores, type ScoreScope } from './score-sql';

/*
 * How the counted results spread over levels: per moment (I..V, A..E, a percentile band) for the school page's
 * analyses, and the reference levels at the end of primary school for the inspectorate's view.
 */

const count = z.number().int();

const levelCountRowSchema = z.object({
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
  pupil_count: count,
  level_i: count,
  level_ii: count,
  level_iii: count,
  level_iv: count,
  level_v: count,
  letter_a: count,
  letter_b: count,
  letter_c: count,
  letter_d: count,
  letter_e: count,
  percentile_count: count,
  at_or_above_low: count.nullable(),
  at_or_above_high: count.nullable(),
});
export type LevelCountRow = z.output<typeof levelCountRowSchema>;

/**
 * Per moment (by year then exam order) the counted results in scope per level I..V and A..E, and of those with a
 * percentile how many lie at or above the band's low and high score (null without a band).
 */
export function listLevelCounts(
  db: Db,
  scope: ScoreScope,
  band: { lowScore: number; highScore: number } | null,
) {
  const atOrAbove = (score: number | undefined) =>
    score === undefined
      ? sql`null::int`
      : sql`(count(*) filter (where c.percentile >= ${score}::float8))::int`;
  return selectRows(
    db,
    levelCountRowSchema,
    sql`select c.calendar_year, c.year_time, count(*)::int as pupil_count,
      (count(*) filter (where c.roman = 'I'))::int as level_i,
      (count(*) filter (where c.roman = 'II'))::int as level_ii,
      (count(*) filter (where c.roman = 'III'))::int as level_iii,
      (count(*) filter (where c.roman = 'IV'))::int as level_iv,
      (count(*) filter (where c.roman = 'V'))::int as level_v,
      (count(*) filter (where c.alphabetical = 'A'))::int as letter_a,
      (count(*) filter (where c.alphabetical = 'B'))::int as letter_b,
      (count(*) filter (where c.alphabetical = 'C'))::int as letter_c,
      (count(*) filter (where c.alphabetical = 'D'))::int as letter_d,
      (count(*) filter (where c.alphabetical = 'E'))::int as letter_e,
      count(c.percentile)::int as percentile_count,
      ${atOrAbove(band?.lowScore)} as at_or_above_low,
      ${atOrAbove(band?.highScore)} as at_or_above_high
    from ${rankedScores(rankedScopeOf(scope))} c
    where ${countedFilter}
    group by c.calendar_year, c.year_time, c.time_rank
    order by c.calendar_year, c.time_rank`,
  );
}

/*
 * The end of primary school as the inspectorate reads it: grade-8 results that carry a reference result, from the
 * doorstroomtoets period on (M and later; a B8 result is a start-of-year measurement, and a year with only B8
 * results is not yet a finished year).
 */
const END_OF_SCHOOL = sql`s.grade = 8 and s.reference_level is not null and s.year_time <> 'B'`;

const yearRowSchema = z.object({ calendar_year: z.number().int() });

/** The school years (at most `years`, up to `lastYear`) with grade-8 results carrying a reference result. */
export async function listEndOfSchoolYears(db: Db, schoolId: number, lastYear: number, years: number) {
  const rows = await selectRows(
    db,
    yearRowSchema,
    sql`select distinct s.calendar_year from national_test_scores s
      where s.school_id = ${schoolId} and ${END_OF_SCHOOL} and s.calendar_year <= ${lastYear}
      order by s.calendar_year desc limit ${years}`,
  );
  return rows.map((row) => row.calendar_year).sort((a, b) => a - b);
}

const endOfSchoolRowSchema = z.object({
  pupil_id: z.number().int(),
  calendar_year: z.number().int(),
  subject_id: z.number().int(),
  reference_level: z.enum(REFERENCE_RESULTS),
  cito_is_excluded: z.boolean(),
});
export type EndOfSchoolRow = z.output<typeof endOfSchoolRowSchema>;

/**
 * Per grade-8 pupil, school year and subject, the pupil's last counted grade-8 result of that year that carries a
 * reference result (from M on), excluded pupils included (flagged).
 */
export function listEndOfSchoolResults(
  db: Db,
  schoolId: number,
  calendarYears: readonly number[],
  subjectIds: readonly number[],
): Promise<EndOfSchoolRow[]> {
  const scope = rankedScores({
    schoolId,
    where: sql`${END_OF_SCHOOL} and ${inIds(sql`s.calendar_year`, calendarYears)}
      and ${inIds(sql`s.subject_id`, subjectIds)}`,
  });
  return selectRows(
    db,
    endOfSchoolRowSchema,
    sql`select distinct on (c.pupil_id, c.calendar_year, c.subject_id)
        c.pupil_id, c.calendar_year, c.subject_id, c.reference_level, c.cito_is_excluded
      from ${scope} c
      where c.is_counted
      order by c.pupil_id, c.calendar_year, c.subject_id, c.time_rank desc, c.id desc`,
  );
}
