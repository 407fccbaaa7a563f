import { and, asc, eq, sql } from 'drizzle-orm';
import {
  compareNames,
  OUTFLOW_ADVICES,
  schoolYearOf,
  type SchoolOutflow,
  type SchoolPupils,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { pinnedPupils, pupils, schoolOutflow, yearClassPupils, yearClasses } from '../../db/schema/index';
import type { ActiveSession } from '../../platform/sessions';
import { groupCondition, requireResultScope } from './access';

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
  const inYear = and(
    eq(yearClasses.schoolId, schoolId),
    eq(yearClasses.calendarYear, calendarYear),
    groupCondition(scope, sql`${yearClasses.id}`),
  );
  const groups = await ctx.db
    .select({ yearclassId: yearClasses.id, yearclassName: yearClasses.name, grade: yearClasses.grade })
    .from(yearClasses)
    .where(inYear)
    .orderBy(asc(yearClasses.grade), asc(yearClasses.name));
  const rows = await ctx.db
    .select({
      id: pupils.id,
      yearclassId: yearClassPupils.yearClassId,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
      grade: yearClassPupils.grade,
      citoIsExcluded: pupils.citoIsExcluded,
      showOutflowProfile: pupils.showOutflowProfile,
      pinId: pinnedPupils.id,
    })
    .from(yearClassPupils)
    .innerJoin(
      yearClasses,
      and(
        eq(yearClasses.id, yearClassPupils.yearClassId),
        eq(yearClasses.schoolId, yearClassPupils.schoolId),
      ),
    )
    .innerJoin(
      pupils,
      and(eq(pupils.id, yearClassPupils.pupilId), eq(pupils.schoolId, yearClassPupils.schoolId)),
    )
    .leftJoin(
      pinnedPupils,
      and(
        eq(pinnedPupils.pupilId, pupils.id),
        eq(pinnedPupils.userId, session.userId),
        eq(pinnedPupils.schoolId, schoolId),
      ),
    )
    .where(and(eq(yearClassPupils.schoolId, schoolId), inYear));
  return {
    calendarYear,
    yearClasses: groups,
    pupils: rows
      .map((row) => ({ ...row, isPinned: row.pinId !== null }))
      .sort((a, b) => compareNames(a, b) || a.id - b.id),
  };
}

/**
 * The school's outflow: pupils per secondary-school advice per school year (school_outflow), summed in SQL.
 * Readable by every member of the school (it holds no pupil data).
 */
export async function getSchoolOutflow(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<SchoolOutflow> {
  await requireResultScope(ctx, session, schoolId);
  const rows = await ctx.db
    .select({
      calendarYear: schoolOutflow.calendarYear,
      advice: schoolOutflow.advice,
      count: sql<number>`sum(${schoolOutflow.count})::int`,
    })
    .from(schoolOutflow)
    .where(eq(schoolOutflow.schoolId, schoolId))
    .groupBy(schoolOutflow.calendarYear, schoolOutflow.advice)
    .orderBy(asc(schoolOutflow.calendarYear));
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
