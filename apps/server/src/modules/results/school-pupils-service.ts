import {
  sortByName,
  OUTFLOW_ADVICES,
  schoolYearOf,
  type SchoolOutflow,
  type SchoolPupils,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { ActiveSession } from '../../platform/sessions';
import { requireResultScope } from './access';
import { listOutflowCounts, listYearGroups, listYearPupils } from './school-pupils-repository';

/**
 * The pupils of the school year's groups (default: the session's current school year), sorted by name (the word
 * after the particle), with the user's pins. Teachers: their permitted groups only.
 */
export async function getSchoolPupils(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
  schoolYear?: number,
): Promise<SchoolPupils> {
  const scope = await requireResultScope(ctx, session, schoolId);
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
export async function getSchoolOutflow(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<SchoolOutflow> {
  await requireResultScope(ctx, session, schoolId);
  const rows = await listOutflowCounts(ctx.db, schoolId);
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
