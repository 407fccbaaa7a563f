import type { Db } from '../../db/client';
import { enrolledPupils, type EnrolmentScope } from '../pupils/index';

/* The pupils a list looks at: of one group, or of the school's groups of a school year the reader may read. */

function listEnrolled(db: Db, scope: EnrolmentScope) {
  const enrolled = enrolledPupils(db, scope);
  return db
    .select({
      id: enrolled.pupilId,
      firstName: enrolled.firstName,
      lastNamePrefix: enrolled.lastNamePrefix,
      lastName: enrolled.lastName,
      citoIsExcluded: enrolled.citoIsExcluded,
      grade: enrolled.grade,
      yearClassId: enrolled.yearClassId,
      yearClassName: enrolled.yearClassName,
      yearClassGrade: enrolled.yearClassGrade,
    })
    .from(enrolled);
}

export type EnrolledPupil = Awaited<ReturnType<typeof listGroupPupils>>[number];

export function listGroupPupils(db: Db, schoolId: number, yearClassId: number) {
  return listEnrolled(db, { schoolId, yearClassId });
}

/** Enrolments in the school's groups of the school year; `groupIds` null: every group. */
export function listYearPupils(
  db: Db,
  schoolId: number,
  calendarYear: number,
  groupIds: readonly number[] | null,
) {
  return listEnrolled(db, { schoolId, calendarYear, yearClassIds: groupIds });
}
