import {
  compareMoments,
  schoolYearOf,
  type GradeGrowthList,
  type SubjectTrendSeries,
  type SubjectTrendView,
  type SubjectTrends,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { listSubjects, listTrendAggregates, listYearGrowth, toAggregate } from '../scores/index';
import type { ResultScope } from './access';
import { listYearGroups } from './subject-trend-repository';

/*
 * A subject's trends per cohort, grade or group, and the growth M to E of a grade's cohorts. Access as for the
 * history: any member of the school, a teacher limited to their permitted groups (`scope`: what the route's policy
 * allowed).
 */

export async function getSubjectTrends(
  ctx: AppContext,
  session: ActiveSession,
  scope: ResultScope,
  query: { subject_id: number; view: SubjectTrendView; school_year?: number | undefined },
): Promise<SubjectTrends> {
  const { schoolId } = scope.access;
  const subjects = await listSubjects(ctx.db);
  if (!subjects.some((subject) => subject.id === query.subject_id)) throw notFound('No such subject.');
  const calendarYear = query.school_year ?? session.currentSchoolYear ?? schoolYearOf(ctx.now());
  const input = {
    schoolId,
    subjectId: query.subject_id,
    view: query.view,
    calendarYear,
    groupIds: scope.groupIds,
  };
  const [rows, groups] = await Promise.all([
    listTrendAggregates(ctx.db, input),
    query.view === 'group' ? listYearGroups(ctx.db, schoolId, calendarYear, scope.groupIds) : [],
  ]);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const series = new Map<number, SubjectTrendSeries>();
  for (const row of rows) {
    let entry = series.get(row.series);
    if (!entry) {
      const group = groupById.get(row.series);
      entry = {
        key: `${query.view}-${row.series}`,
        cohort: query.view === 'cohort' ? row.series : null,
        grade: query.view === 'grade' ? row.series : (group?.grade ?? null),
        yearClassId: query.view === 'group' ? row.series : null,
        yearClassName: group?.name ?? null,
        points: [],
      };
      series.set(row.series, entry);
    }
    entry.points.push({ calendarYear: row.calendar_year, yearTime: row.year_time, ...toAggregate(row) });
  }
  const sorted = [...series.values()].sort((a, b) =>
    query.view === 'group'
      ? (a.grade ?? 0) - (b.grade ?? 0) || (a.yearClassName ?? '').localeCompare(b.yearClassName ?? '', 'nl')
      : (a.cohort ?? a.grade ?? 0) - (b.cohort ?? b.grade ?? 0),
  );
  for (const entry of sorted) entry.points.sort(compareMoments);
  return { schoolId, subjectId: query.subject_id, view: query.view, calendarYear, series: sorted };
}

export async function getGradeGrowth(
  ctx: AppContext,
  scope: ResultScope,
  grade: number,
): Promise<GradeGrowthList> {
  const { schoolId } = scope.access;
  const rows = await listYearGrowth(ctx.db, { schoolId, grade, groupIds: scope.groupIds });
  const growth = rows
    .map((row) => ({
      calendarYear: row.calendar_year,
      subjectId: row.subject_id,
      pupilCount: row.pupil_count,
      meanGrowth: row.mean_growth,
      normGrowth: row.norm_growth,
      tests: [...row.tests]
        .sort((a, b) => a.priority - b.priority || a.version.localeCompare(b.version))
        .map(({ provider, version }) => ({ provider, version })),
    }))
    .sort((a, b) => a.calendarYear - b.calendarYear || a.subjectId - b.subjectId);
  return { schoolId, grade, growth };
}
