import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { testProviderCodeSchema, yearTimeSchema, type SubjectTrendView } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import {
  aggregateColumns,
  aggregateRowSchema,
  countedFilter,
  inGroups,
  rankedScores,
  selectRows,
  type RankedScope,
} from '../scores/index';
import { halfYearSteps } from './growth-steps';

/*
 * A subject's series over the years. Cohort and grade views read, like the history, a teacher's results only from
 * their permitted groups at the time of the test; the group view follows the pupils of a school year's groups
 * (a teacher's: their permitted groups) back through every earlier result of theirs at this school.
 */

const trendRowSchema = aggregateRowSchema.extend({
  series: z.number().int(),
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
});
export type TrendRow = z.output<typeof trendRowSchema>;

/** The pupils of the school year's groups in scope, with their group (a pupil moved mid-year is in both). */
function groupMembers(schoolId: number, calendarYear: number, groupIds: readonly number[] | null): SQL {
  return sql`(select distinct ycp.pupil_id, ycp.year_class_id from year_class_pupils ycp
    join year_classes yc on yc.id = ycp.year_class_id and yc.school_id = ycp.school_id
    where ycp.school_id = ${schoolId} and yc.calendar_year = ${calendarYear} and ${inGroups(sql`yc.id`, groupIds)})`;
}

/**
 * Per series and moment the aggregate of the subject's counted results: the series is the cohort (school year in
 * groep 1: the result's school year minus the pupil's grade then, plus one), the grade, or the group of the school
 * year whose pupils are followed (only moments up to that school year).
 */
export function trendAggregates(
  db: Db,
  input: {
    schoolId: number;
    subjectId: number;
    view: SubjectTrendView;
    calendarYear: number;
    groupIds: readonly number[] | null;
  },
) {
  const { schoolId, subjectId, view, calendarYear, groupIds } = input;
  const subject = sql`s.subject_id = ${subjectId}`;
  if (view === 'group') {
    const scope: RankedScope = {
      schoolId,
      where: sql`${subject} and s.calendar_year <= ${calendarYear}`,
    };
    return selectRows(
      db,
      trendRowSchema,
      sql`select m.year_class_id as series, c.calendar_year, c.year_time, ${aggregateColumns}
      from ${rankedScores(scope)} c
      join ${groupMembers(schoolId, calendarYear, groupIds)} m on m.pupil_id = c.pupil_id
      where ${countedFilter}
      group by m.year_class_id, c.calendar_year, c.year_time`,
    );
  }
  const scope: RankedScope = {
    schoolId,
    where: sql`${subject} and ${inGroups(sql`s.year_class_id`, groupIds)}`,
  };
  const series = view === 'cohort' ? sql`(c.calendar_year - c.grade + 1)` : sql`c.grade`;
  return selectRows(
    db,
    trendRowSchema,
    sql`select ${series}::int as series, c.calendar_year, c.year_time, ${aggregateColumns}
    from ${rankedScores(scope)} c
    where ${countedFilter}
    group by 1, c.calendar_year, c.year_time`,
  );
}

const yearGroupRowSchema = z.object({ id: z.number().int(), name: z.string(), grade: z.number().int() });

/** The school year's groups in scope. */
export function listYearGroups(
  db: Db,
  schoolId: number,
  calendarYear: number,
  groupIds: readonly number[] | null,
) {
  return selectRows(
    db,
    yearGroupRowSchema,
    sql`select yc.id, yc.name, yc.grade from year_classes yc
    where yc.school_id = ${schoolId} and yc.calendar_year = ${calendarYear} and ${inGroups(sql`yc.id`, groupIds)}`,
  );
}

const growthRowSchema = z.object({
  calendar_year: z.number().int(),
  subject_id: z.number().int(),
  pupil_count: z.number().int(),
  mean_growth: z.number().nullable(),
  norm_growth: z.number().nullable(),
  tests: z.array(
    z.object({ provider: testProviderCodeSchema, version: z.string(), priority: z.number().int() }),
  ),
});
export type GrowthRow = z.output<typeof growthRowSchema>;

/**
 * Per school year and subject, over the grade's pupils with a counted ability score at M and at E of that year of
 * the same provider and test version (the M to E steps of halfYearSteps): the mean growth and the mean growth of the
 * norm. Both null when the pupils took different tests (their scales differ).
 */
export function gradeGrowthRows(db: Db, schoolId: number, grade: number, groupIds: readonly number[] | null) {
  const scope: RankedScope = {
    schoolId,
    where: sql`s.grade = ${grade} and ${inGroups(sql`s.year_class_id`, groupIds)}`,
  };
  const oneTest = sql`count(distinct p.provider_id::text || '|' || p.test_version) = 1`;
  return selectRows(
    db,
    growthRowSchema,
    sql`with pairs as ${halfYearSteps(scope)}
    select p.to_year as calendar_year, p.subject_id, count(*)::int as pupil_count,
      case when ${oneTest} then round(avg(p.growth), 2)::float8 end as mean_growth,
      case when ${oneTest} then round(avg(p.national_growth), 2)::float8 end as norm_growth,
      jsonb_agg(distinct jsonb_build_object('provider', p.provider, 'version', p.test_version,
        'priority', p.provider_priority)) as tests
    from pairs p
    where p.from_time = 'M' and p.to_time = 'E'
    group by p.to_year, p.subject_id`,
  );
}
