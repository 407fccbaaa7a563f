import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pupils, users, yearClassPupils, yearClasses } from '../../db/schema/index';

/** The pupils enrolled in the school's groups of one school year, with their exclusion and who last changed it. */
export function listYearPupilExclusions(db: Db, schoolId: number, calendarYear: number) {
  return db
    .select({
      id: pupils.id,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
      yearclassId: yearClasses.id,
      yearclassName: yearClasses.name,
      grade: yearClassPupils.grade,
      citoIsExcluded: pupils.citoIsExcluded,
      reason: pupils.citoExclusionReason,
      reasonText: pupils.citoExclusionReasonText,
      changedAt: pupils.citoExclusionChangedAt,
      changedByFirstName: users.firstName,
      changedByLastName: users.lastName,
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
    .leftJoin(users, eq(users.id, pupils.citoExclusionChangedById))
    .where(and(eq(yearClassPupils.schoolId, schoolId), eq(yearClasses.calendarYear, calendarYear)));
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
