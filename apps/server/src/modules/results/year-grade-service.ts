import { HIGHEST_GRADE, YEAR_TIME_ORDER, type Cohort, type YearGrade } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { listMomentAggregates, listSubjects, normsInScope, toAggregate } from '../scores/index';
import type { ResultScope } from './access';
import type { Db } from '../../db/client';
import { gradeRowsOf, readStoredHistory } from './history-store';
import { listCohortGroups, listGradeRows } from './year-grade-repository';

/*
 * Year grades: a grade of the school (id = the grade number 1..8, scoped by the school in the path) and its
 * cohorts, i.e. each school year's groups with pupils of that grade. Teachers: permitted groups only (`scope`: what
 * the route's policy allowed).
 */

/** Grades 1..8 with the school years and number of groups that had pupils of the grade. */
export async function listYearGrades(ctx: AppContext, scope: ResultScope) {
  const rows = await listGradeRows(ctx.db, scope.access.schoolId, scope.groupIds);
  const byGrade = new Map(rows.map((row) => [row.grade, row]));
  return Array.from({ length: HIGHEST_GRADE }, (_, index) => {
    const grade = index + 1;
    const row = byGrade.get(grade);
    return {
      id: grade,
      grade,
      calendarYears: row?.years ?? [],
      yearClassCount: row?.group_count ?? 0,
    };
  });
}

/**
 * The grade's aggregates per school year, moment and subject, and the norms of its results: for the whole school
 * the stored history rows of the grade (the history's level 1), for a teacher's groups computed on the spot.
 */
async function gradeResults(db: Db, schoolId: number, grade: number, groupIds: readonly number[] | null) {
  if (groupIds === null) {
    const { aggregates, norms } = gradeRowsOf(await readStoredHistory(db, schoolId), grade);
    return { rows: aggregates, norms };
  }
  const results = { schoolId, grade, groupIds };
  const [rows, norms] = await Promise.all([listMomentAggregates(db, results), normsInScope(db, results)]);
  return { rows, norms };
}

/** One grade's cohorts over the years with, per subject and moment, the SQL aggregate of its pupils' results. */
export async function getYearGrade(ctx: AppContext, scope: ResultScope, grade: number): Promise<YearGrade> {
  const { schoolId } = scope.access;
  const [groups, { rows, norms }, subjects] = await Promise.all([
    listCohortGroups(ctx.db, schoolId, grade, scope.groupIds),
    gradeResults(ctx.db, schoolId, grade, scope.groupIds),
    listSubjects(ctx.db),
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
  return { id: grade, grade, schoolId, subjects: [...subjects], cohorts: sorted, norms };
}
