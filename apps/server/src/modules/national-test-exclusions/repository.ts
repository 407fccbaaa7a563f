import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pupils, users } from '../../db/schema/index';
import { enrolledPupils } from '../pupils/index';

/** The pupils enrolled in the school's groups of one school year, with their exclusion and who last changed it. */
export function listYearPupilExclusions(db: Db, schoolId: number, calendarYear: number) {
  const enrolled = enrolledPupils(db, { schoolId, calendarYear });
  return db
    .select({
      id: enrolled.pupilId,
      firstName: enrolled.firstName,
      lastNamePrefix: enrolled.lastNamePrefix,
      lastName: enrolled.lastName,
      yearclassId: enrolled.yearClassId,
      yearclassName: enrolled.yearClassName,
      grade: enrolled.grade,
      citoIsExcluded: enrolled.citoIsExcluded,
      reason: enrolled.citoExclusionReason,
      reasonText: enrolled.citoExclusionReasonText,
      changedAt: enrolled.citoExclusionChangedAt,
      changedByFirstName: users.firstName,
      changedByLastName: users.lastName,
    })
    .from(enrolled)
    .leftJoin(users, eq(users.id, enrolled.citoExclusionChangedById));
}

/** Of these pupil ids, those that belong to the school. */
export async function pupilIdsOfSchool(db: Db, schoolId: number, pupilIds: readonly number[]) {
  const rows = await db
    .select({ id: pupils.id })
    .from(pupils)
    .where(and(eq(pupils.schoolId, schoolId), inArray(pupils.id, [...pupilIds])));
  return new Set(rows.map((row) => row.id));
}

export interface ExclusionChange {
  excluded: boolean;
  reason: string | null;
  reasonText: string | null;
  changedById: number;
  changedAt: Date;
}

export async function setExclusion(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  change: ExclusionChange,
) {
  const rows = await db
    .update(pupils)
    .set({
      citoIsExcluded: change.excluded,
      citoExclusionReason: change.reason,
      citoExclusionReasonText: change.reasonText,
      citoExclusionChangedById: change.changedById,
      citoExclusionChangedAt: change.changedAt,
    })
    .where(and(eq(pupils.schoolId, schoolId), inArray(pupils.id, [...pupilIds])))
    .returning({ id: pupils.id });
  return rows.length;
}
