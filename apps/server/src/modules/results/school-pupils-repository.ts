import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pinnedPupils, pupils, schoolOutflow, yearClassPupils, yearClasses } from '../../db/schema/index';
import { inGroups } from '../scores/index';

/** The school's groups of one school year; `groupIds` limits a teacher's view (null: every group). */
function groupsOfYear(schoolId: number, calendarYear: number, groupIds: readonly number[] | null) {
  return and(
    eq(yearClasses.schoolId, schoolId),
    eq(yearClasses.calendarYear, calendarYear),
    inGroups(sql`${yearClasses.id}`, groupIds),
  );
}

export function listYearGroups(
  db: Db,
  schoolId: number,
  calendarYear: number,
  groupIds: readonly number[] | null,
) {
  return db
    .select({ yearclassId: yearClasses.id, yearclassName: yearClasses.name, grade: yearClasses.grade })
    .from(yearClasses)
    .where(groupsOfYear(schoolId, calendarYear, groupIds))
    .orderBy(asc(yearClasses.grade), asc(yearClasses.name));
}

/** The pupils of those groups, with the user's pin (pinId null when not pinned). */
export function listYearPupils(
  db: Db,
  schoolId: number,
  calendarYear: number,
  groupIds: readonly number[] | null,
  userId: number,
) {
  return db
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
        eq(pinnedPupils.userId, userId),
        eq(pinnedPupils.schoolId, schoolId),
      ),
    )
    .where(and(eq(yearClassPupils.schoolId, schoolId), groupsOfYear(schoolId, calendarYear, groupIds)));
}

/** Pupils per secondary-school advice per school year (school_outflow), summed in SQL. */
export function listOutflowCounts(db: Db, schoolId: number) {
  return db
    .select({
      calendarYear: schoolOutflow.calendarYear,
      advice: schoolOutflow.advice,
      count: sql`sum(${schoolOutflow.count})::int`.mapWith((value) => z.number().int().parse(value)),
    })
    .from(schoolOutflow)
    .where(eq(schoolOutflow.schoolId, schoolId))
    .groupBy(schoolOutflow.calendarYear, schoolOutflow.advice)
    .orderBy(asc(schoolOutflow.calendarYear));
}
