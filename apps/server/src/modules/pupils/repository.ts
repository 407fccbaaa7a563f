import { and, asc, eq, sql } from 'drizzle-orm';
import type { OutflowAdvice } from '@leerzicht/contract';
import { builtOncePerDb } from '../../db/built-once';
import type { Db } from '../../db/client';
import { NAMED_BY_TEXT } from '../../db/prepared-statements';
import { pinnedPupils, pupilOutflowAdvice, pupils } from '../../db/schema/index';
import { enrolments } from './enrolment-repository';

// The pupil page's statements are built once (db/built-once.ts): the page runs them on every visit.
const pupilById = builtOncePerDb((db) =>
  db
    .select()
    .from(pupils)
    .where(and(eq(pupils.id, sql.placeholder('pupilId')), eq(pupils.schoolId, sql.placeholder('schoolId'))))
    .limit(1)
    .prepare(NAMED_BY_TEXT),
);

/** The pupil of `schoolId`, or null. */
export async function findPupil(db: Db, schoolId: number, pupilId: number) {
  const [pupil] = await pupilById(db).execute({ schoolId, pupilId });
  return pupil ?? null;
}

const enrolmentList = builtOncePerDb((db) => {
  const enrolment = enrolments(db, {
    schoolId: sql.placeholder('schoolId'),
    pupilId: sql.placeholder('pupilId'),
  });
  return db
    .select({
      yearClassId: enrolment.yearClassId,
      yearClassName: enrolment.yearClassName,
      calendarYear: enrolment.calendarYear,
      grade: enrolment.grade,
    })
    .from(enrolment)
    .orderBy(asc(enrolment.calendarYear), asc(enrolment.yearClassName))
    .prepare(NAMED_BY_TEXT);
});

/** The pupil's enrolments, ascending by school year. */
export function listEnrolments(db: Db, schoolId: number, pupilId: number) {
  return enrolmentList(db).execute({ schoolId, pupilId });
}

const pinOf = builtOncePerDb((db) =>
  db
    .select({ id: pinnedPupils.id })
    .from(pinnedPupils)
    .where(
      and(
        eq(pinnedPupils.userId, sql.placeholder('userId')),
        eq(pinnedPupils.pupilId, sql.placeholder('pupilId')),
      ),
    )
    .limit(1)
    .prepare(NAMED_BY_TEXT),
);

export async function findPin(db: Db, userId: number, pupilId: number) {
  const [pin] = await pinOf(db).execute({ userId, pupilId });
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

const outflowAdviceOf = builtOncePerDb((db) =>
  db
    .select()
    .from(pupilOutflowAdvice)
    .where(
      and(
        eq(pupilOutflowAdvice.schoolId, sql.placeholder('schoolId')),
        eq(pupilOutflowAdvice.pupilId, sql.placeholder('pupilId')),
      ),
    )
    .limit(1)
    .prepare(NAMED_BY_TEXT),
);

export async function findOutflowAdvice(db: Db, schoolId: number, pupilId: number) {
  const [row] = await outflowAdviceOf(db).execute({ schoolId, pupilId });
  return {
    pupilId,
    outflowAdvice: row?.outflowAdvice ?? null,
    calendarYear: row?.calendarYear ?? null,
    finalTestScore: row?.finalTestScore ?? null,
  };
}
