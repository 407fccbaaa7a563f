import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pinnedPupils, pupilOutflowAdvice, yearClassPupils, yearClasses } from '../../db/schema/index';

/** The pupil's enrolments, ascending by school year. */
export function listEnrolments(db: Db, schoolId: number, pupilId: number) {
  return db
    .select({
      yearClassId: yearClasses.id,
      yearClassName: yearClasses.name,
      calendarYear: yearClasses.calendarYear,
      grade: yearClassPupils.grade,
    })
    .from(yearClassPupils)
    .innerJoin(
      yearClasses,
      and(
        eq(yearClasses.id, yearClassPupils.yearClassId),
        eq(yearClasses.schoolId, yearClassPupils.schoolId),
      ),
    )
    .where(and(eq(yearClassPupils.schoolId, schoolId), eq(yearClassPupils.pupilId, pupilId)))
    .orderBy(asc(yearClasses.calendarYear), asc(yearClasses.name));
}

export async function findPin(db: Db, userId: number, pupilId: number) {
  const [pin] = await db
    .select({ id: pinnedPupils.id })
    .from(pinnedPupils)
    .where(and(eq(pinnedPupils.userId, userId), eq(pinnedPupils.pupilId, pupilId)))
    .limit(1);
  return pin ?? null;
}

export async function findOutflowAdvice(db: Db, schoolId: number, pupilId: number) {
  const [row] = await db
    .select()
    .from(pupilOutflowAdvice)
    .where(and(eq(pupilOutflowAdvice.schoolId, schoolId), eq(pupilOutflowAdvice.pupilId, pupilId)))
    .limit(1);
  return {
    pupilId,
    outflowAdvice: row?.outflowAdvice ?? null,
    calendarYear: row?.calendarYear ?? null,
    finalTestScore: row?.finalTestScore ?? null,
  };
}
