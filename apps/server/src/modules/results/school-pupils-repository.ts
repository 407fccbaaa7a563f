import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pinnedPupils, schoolOutflow, yearClasses } from '../../db/schema/index';
import { enrolledPupils } from '../pupils/index';
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
  const enrolled = enrolledPupils(db, { schoolId, calendarYear, yearClassIds: groupIds });
  return db
    .select({
      id: enrolled.pupilId,
      yearclassId: enrolled.yearClassId,
      firstName: enrolled.firstName,
      lastNamePrefix: enrolled.lastNamePrefix,
      lastName: enrolled.lastName,
      grade: enrolled.grade,
      citoIsExcluded: enrolled.citoIsExcluded,
      showOutflowProfile: enrolled.showOutflowProfile,
      pinId: pinnedPupils.id,
    })
    .from(enrolled)
    .leftJoin(
      pinnedPupils,
      and(
        eq(pinnedPupils.pupilId, enrolled.pupilId),
        eq(pinnedPupils.userId, userId),
        eq(pinnedPupils.schoolId, schoolId),
      ),
    );
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
