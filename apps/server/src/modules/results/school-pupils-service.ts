import {
  sortByName,
  OUTFLOW_ADVICES,
  schoolYearOf,
  type SchoolOutflow,
  type SchoolPupils,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { ActiveSession } from '../../platform/sessions';
import type { ResultScope } from './access';
import { listOutflowCounts, listYearGroups, listYearPupils } from './school-pupils-repository';

/**
 * The pupils of the school year's groups (default: the session's current school year), sorted by name (the word
 * after the particle), with the user's pins. Teachers: their permitted groups only (`scope`: what the route's
 * policy allowed).
 */
export async function getSchoolPupils(
  ctx: AppContext,
  session: ActiveSession,
  scope: ResultScope,
  schoolYear?: number,
): Promise<SchoolPupils> {
  const { schoolId } = scope.access;
  const calendarYear = schoolYear ?? session.currentSchoolYear ?? schoolYearOf(ctx.now());
  const groups = await listYearGroups(ctx.db, schoolId, calendarYear, scope.groupIds);
  const rows = await listYearPupils(ctx.db, schoolId, calendarYear, scope.groupIds, session.userId);
  return {
    calendarYear,
    yearClasses: groups,
    pupils: sortByName(rows.map((row) => ({ ...row, isPinned: row.pinId !== null }))),
  };
}

/**
 * The school's outflow: pupils per secondary-school advice per school year. Readable by every member of the
 * school (it holds no pupil data).
 */
export async function getSchoolOutflow(ctx: AppContext, scope: ResultScope): Promise<SchoolOutflow> {
  const rows = await listOutflowCounts(ctx.db, scope.access.schoolId);
  const years = new Map<number, SchoolOutflow['years'][number]>();
  for (const row of rows) {
    const year = years.get(row.calendarYear) ?? { calendarYear: row.calendarYear, total: 0, advices: [] };
    year.total += row.count;
    year.advices.push({ advice: row.advice, count: row.count });
    years.set(row.calendarYear, year);
  }
  for (const year of years.values()) {
    year.advices.sort((a, b) => OUTFLOW_ADVICES.indexOf(a.advice) - OUTFLOW_ADVICES.indexOf(b.advice));
  }
  return { years: [...years.values()] };
}
