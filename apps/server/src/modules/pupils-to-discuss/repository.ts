import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pupils, yearClassPupils, yearClasses } from '../../db/schema/index';
import { inGroups } from '../scores/index';

/* The pupils a list looks at: of one group, or of the school's groups of a school year the reader may read. */

export async function findGroup(db: Db, yearClassId: number) {
  const [group] = await db
    .select({
      id: yearClasses.id,
      schoolId: yearClasses.schoolId,
      name: yearClasses.name,
      grade: yearClasses.grade,
      calendarYear: yearClasses.calendarYear,
    })
    .from(yearClasses)
    .where(eq(yearClasses.id, yearClassId))
    .limit(1);
  return group ?? null;
}

const pupilColumns = {
  id: pupils.id,
  firstName: pupils.firstName,
  lastNamePrefix: pupils.lastNamePrefix,
  lastName: pupils.lastName,
  citoIsExcluded: pupils.citoIsExcluded,
  grade: yearClassPupils.grade,
  yearClassId: yearClasses.id,
  yearClassName: yearClasses.name,
  yearClassGrade: yearClasses.grade,
};

function enrolments(db: Db) {
  return db
    .select(pupilColumns)
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
    );
}

export type EnrolledPupil = Awaited<ReturnType<typeof listGroupPupils>>[number];

export function listGroupPupils(db: Db, schoolId: number, yearClassId: number) {
  return enrolments(db).where(and(eq(yearClassPupils.schoolId, schoolId), eq(yearClasses.id, yearClassId)));
}

/** Enrolments in the school's groups of the school year; `groupIds` null: every group. */
export function listYearPupils(
  db: Db,
  schoolId: number,
  calendarYear: number,
  groupIds: readonly number[] | null,
) {
  return enrolments(db).where(
    and(
      eq(yearClassPupils.schoolId, schoolId),
      eq(yearClasses.calendarYear, calendarYear),
      inGroups(sql`${yearClasses.id}`, groupIds),
    ),
  );
}
