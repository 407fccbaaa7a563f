import { sql } from 'drizzle-orm';
import {
  HIGHEST_GRADE,
  YEAR_TIME_ORDER,
  type Cohort,
  type YearGrade,
  type YearTime,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { ActiveSession } from '../../platform/sessions';
import { listSubjects } from '../catalog/repository';
import { groupCondition, requireResultScope } from './access';
import { normsInScope } from './history-repository';
import {
  aggregateColumns,
  countedFilter,
  rankedScores,
  selectRows,
  toAggregate,
  type AggregateRow,
} from './score-sql';

/*
 * Year grades: a grade of the school (id = the grade number 1..8, scoped by the school in the path) and its
 * cohorts, i.e. each school year's groups with pupils of that grade. Results count by the pupil's own grade at the
 * test (national_test_scores.grade), so combination groups add to both grades. Teachers: permitted groups only.
 */

interface GradeRow {
  grade: number;
  years: number[];
  group_count: number;
}

/** Grades 1..8 with the school years and number of groups that had pupils of the grade. */
export async function listYearGrades(ctx: AppContext, session: ActiveSession, schoolId: number) {
  const scope = await requireResultScope(ctx, session, schoolId);
  const rows = await selectRows<GradeRow>(
    ctx.db,
    sql`select ycp.grade, array_agg(distinct yc.calendar_year order by yc.calendar_year) as years,
      count(distinct yc.id)::int as group_count
    from year_class_pupils ycp
    join year_classes yc on yc.id = ycp.year_class_id and yc.school_id = ycp.school_id
    where ycp.school_id = ${schoolId} and ${groupCondition(scope, sql`yc.id`)}
    group by ycp.grade`,
  );
  const byGrade = new Map(rows.map((row) => [row.grade, row]));
  return Array.from({ length: HIGHEST_GRADE }, (_, index) => {
    const grade = index + 1;
    const row = byGrade.get(grade);
    return {
      id: grade,
      grade,
      calendarYears: (row?.years ?? []).map(Number),
      yearClassCount: row?.group_count ?? 0,
    };
  });
}

interface CohortAggregateRow extends AggregateRow {
  calendar_year: number;
  year_time: YearTime;
  subject_id: number;
}

/** One grade's cohorts over the years with, per subject and moment, the SQL aggregate of its pupils' results. */
export async function getYearGrade(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
  grade: number,
): Promise<YearGrade> {
  const scope = await requireResultScope(ctx, session, schoolId);
  const ranked = {
    schoolId,
    where: sql`s.grade = ${grade} and ${groupCondition(scope, sql`s.year_class_id`)}`,
  };
  const [groups, rows, subjects, norms] = await Promise.all([
    selectRows<{ id: number; name: string; calendar_year: number }>(
      ctx.db,
      sql`select yc.id, yc.name, yc.calendar_year from year_classes yc
      where yc.school_id = ${schoolId} and ${groupCondition(scope, sql`yc.id`)}
        and exists (select 1 from year_class_pupils ycp where ycp.year_class_id = yc.id
          and ycp.school_id = yc.school_id and ycp.grade = ${grade})
      order by yc.calendar_year, yc.name`,
    ),
    selectRows<CohortAggregateRow>(
      ctx.db,
      sql`select c.calendar_year, c.year_time, c.subject_id, ${aggregateColumns}
      from ${rankedScores(ranked)} c where ${countedFilter}
      group by c.calendar_year, c.year_time, c.subject_id`,
    ),
    listSubjects(ctx.db),
    normsInScope(ctx.db, ranked),
  ]);
  const cohorts = new Map<number, Cohort>();
  const cohortOf = (calendarYear: number) => {
    const cohort = cohorts.get(calendarYear) ?? { calendarYear, yearClasses: [], results: [] };
    cohorts.set(calendarYear, cohort);
    return cohort;
  };
  for (const group of groups)
    cohortOf(group.calendar_year).yearClasses.push({ id: group.id, name: group.name });
  for (const row of rows) {
    cohortOf(row.calendar_year).results.push({
      subjectId: row.subject_id,
      yearTime: row.year_time,
      ...toAggregate(row),
    });
  }
  const position = new Map(subjects.map((subject, index) => [subject.id, index]));
  const sorted = [...cohorts.values()].sort((a, b) => a.calendarYear - b.calendarYear);
  for (const cohort of sorted) {
    cohort.results.sort(
      (a, b) =>
        (position.get(a.subjectId) ?? 0) - (position.get(b.subjectId) ?? 0) ||
        YEAR_TIME_ORDER[a.yearTime] - YEAR_TIME_ORDER[b.yearTime],
    );
  }
  return { id: grade, grade, schoolId, subjects, cohorts: sorted, norms };
}
