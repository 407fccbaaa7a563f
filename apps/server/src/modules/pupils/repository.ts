import { and, asc, eq, sql } from 'drizzle-orm';
import type { OutflowAdvice } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import {
  pinnedPupils,
  pupilOutflowAdvice,
  pupils,
  yearClassPupils,
  yearClasses,
} from '../../db/schema/index';

/** The pupil of `schoolId`, or null. */
export async function findPupil(db: Db, schoolId: number, pupilId: number) {
  const [pupil] = await db
    .select()
    .from(pupils)
    .where(and(eq(pupils.id, pupilId), eq(pupils.schoolId, schoolId)))
    .limit(1);
  return pupil ?? null;
}

/** The school of a pupil, or null for an unknown pupil. */
export async function findPupilSchoolId(db: Db, pupilId: number): Promise<number | null> {
  const [row] = await db
    .select({ schoolId: pupils.schoolId })
    .from(pupils)
    .where(eq(pupils.id, pupilId))
    .limit(1);
  return row?.schoolId ?? null;
}

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

/** Pins the pupil for the user; an existing pin stays. */
export async function insertPin(db: Db, schoolId: number, userId: number, pupilId: number): Promise<void> {
  await db
    .insert(pinnedPupils)
    .values({ schoolId, userId, pupilId })
    .onConflictDoNothing({ target: [pinnedPupils.userId, pinnedPupils.pupilId] });
}

/** Deletes one of the user's own pins; false when there was none with that id. */
export async function deleteOwnPin(db: Db, userId: number, pinId: number): Promise<boolean> {
  const removed = await db
    .delete(pinnedPupils)
    .where(and(eq(pinnedPupils.id, pinId), eq(pinnedPupils.userId, userId)))
    .returning({ id: pinnedPupils.id });
  return removed.length > 0;
}

/** Sets the pupil's outflow advice, replacing an earlier one. */
export async function upsertOutflowAdvice(
  db: Db,
  advice: {
    schoolId: number;
    pupilId: number;
    outflowAdvice: OutflowAdvice;
    calendarYear: number;
    changedBy: number;
  },
): Promise<void> {
  await db
    .insert(pupilOutflowAdvice)
    .values(advice)
    .onConflictDoUpdate({
      target: pupilOutflowAdvice.pupilId,
      set: {
        outflowAdvice: advice.outflowAdvice,
        calendarYear: advice.calendarYear,
        changedBy: advice.changedBy,
        dateChanged: sql`now()`,
      },
    });
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
