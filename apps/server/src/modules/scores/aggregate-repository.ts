import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { yearTimeSchema, type SubjectTrendView } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { aggregateColumns, aggregateRowSchema, countedFilter } from './aggregate-sql';
import { inGroups, rankedScopeOf, rankedScores, type ScoreScope } from './score-sql';

/* The aggregate of the counted results in scope (aggregate-sql.ts) per moment, or per series of a subject's trend. */

const momentAggregateRowSchema = aggregateRowSchema.extend({
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
  subject_id: z.number().int(),
});

/** Per school year, moment and subject the SQL aggregate of the counted results in scope. */
export function listMomentAggregates(db: Db, scope: ScoreScope) {
  return selectRows(
    db,
    momentAggregateRowSchema,
    sql`select c.calendar_year, c.year_time, c.subject_id, ${aggregateColumns}
    from ${rankedScores(rankedScopeOf(scope))} c where ${countedFilter}
    group by c.calendar_year, c.year_time, c.subject_id`,
  );
}

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
 * Per series and moment the aggregate of a subject's counted results: the series is the cohort (school year in
 * groep 1: the result's school year minus the pupil's grade then, plus one), the grade, or the group of the school
 * year whose pupils are followed (only moments up to that school year). Cohort and grade read a teacher's results
 * only from their permitted groups at the time of the test (`groupIds`; null: every group); the group view
 * follows the pupils of the school year's groups in scope back through every earlier result of theirs at this
 * school.
 */
export function listTrendAggregates(
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
  if (view === 'group') {
    const scope = rankedScopeOf({ schoolId, subjectId, untilYear: calendarYear });
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
  const scope = rankedScopeOf({ schoolId, subjectId, groupIds });
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
