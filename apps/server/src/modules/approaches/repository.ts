import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Approach } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import {
  pupilApproachLogs,
  pupilApproaches,
  pupils,
  subjects,
  users,
  yearClasses,
} from '../../db/schema/index';
import { groupPupils } from '../pupils/index';

const pupilName = {
  pupilId: pupils.id,
  firstName: pupils.firstName,
  lastNamePrefix: pupils.lastNamePrefix,
  lastName: pupils.lastName,
};
const approachColumns = {
  approach: pupilApproaches.approach,
  yearclassId: pupilApproaches.yearClassId,
  yearclassName: yearClasses.name,
  dateChanged: pupilApproaches.dateChanged,
  changedByFirstName: users.firstName,
  changedByLastName: users.lastName,
};

/** Every pupil of the group with their approach row (if any) for the subject in the group's school year. */
export function listGroupApproachRows(
  db: Db,
  group: { id: number; schoolId: number; calendarYear: number },
  subjectId: number,
) {
  const member = groupPupils(db, { schoolId: group.schoolId, yearClassId: group.id });
  return db
    .select({
      pupilId: member.pupilId,
      firstName: member.firstName,
      lastNamePrefix: member.lastNamePrefix,
      lastName: member.lastName,
      ...approachColumns,
    })
    .from(member)
    .leftJoin(
      pupilApproaches,
      and(
        eq(pupilApproaches.schoolId, member.schoolId),
        eq(pupilApproaches.pupilId, member.pupilId),
        eq(pupilApproaches.subjectId, subjectId),
        eq(pupilApproaches.calendarYear, group.calendarYear),
      ),
    )
    .leftJoin(
      yearClasses,
      and(
        eq(yearClasses.schoolId, pupilApproaches.schoolId),
        eq(yearClasses.id, pupilApproaches.yearClassId),
      ),
    )
    .leftJoin(users, eq(users.id, pupilApproaches.changedBy));
}

/** The pupil's approaches, newest school year first, then in subject order. */
export function listPupilApproachRows(db: Db, schoolId: number, pupilId: number) {
  return db
    .select({
      ...pupilName,
      ...approachColumns,
      subjectId: pupilApproaches.subjectId,
      calendarYear: pupilApproaches.calendarYear,
    })
    .from(pupilApproaches)
    .innerJoin(pupils, eq(pupils.id, pupilApproaches.pupilId))
    .innerJoin(subjects, eq(subjects.id, pupilApproaches.subjectId))
    .leftJoin(yearClasses, eq(yearClasses.id, pupilApproaches.yearClassId))
    .leftJoin(users, eq(users.id, pupilApproaches.changedBy))
    .where(and(eq(pupilApproaches.schoolId, schoolId), eq(pupilApproaches.pupilId, pupilId)))
    .orderBy(desc(pupilApproaches.calendarYear), asc(subjects.position), asc(subjects.id));
}

export interface ApproachChange {
  schoolId: number;
  pupilId: number;
  subjectId: number;
  yearClassId: number;
  calendarYear: number;
  approach: Approach;
  changedBy: number;
  at: Date;
}

/**
 * Sets the approach and logs it, when it differs from the current one (no row is 'undefined'). The change is
 * decided by the statement itself (a conditional upsert), so two concurrent identical calls log it once. Run it
 * in the caller's transaction.
 */
export async function applyApproach(db: Db, change: ApproachChange): Promise<boolean> {
  const values = {
    approach: change.approach,
    yearClassId: change.yearClassId,
    changedBy: change.changedBy,
    dateChanged: change.at,
  };
  const changed =
    change.approach === 'undefined'
      ? await db
          .update(pupilApproaches)
          .set(values)
          .where(
            and(
              eq(pupilApproaches.schoolId, change.schoolId),
              eq(pupilApproaches.pupilId, change.pupilId),
              eq(pupilApproaches.subjectId, change.subjectId),
              eq(pupilApproaches.calendarYear, change.calendarYear),
              ne(pupilApproaches.approach, 'undefined'),
            ),
          )
          .returning({ id: pupilApproaches.id })
      : await db
          .insert(pupilApproaches)
          .values({
            ...values,
            schoolId: change.schoolId,
            pupilId: change.pupilId,
            subjectId: change.subjectId,
            calendarYear: change.calendarYear,
          })
          .onConflictDoUpdate({
            target: [pupilApproaches.pupilId, pupilApproaches.subjectId, pupilApproaches.calendarYear],
            set: values,
            setWhere: sql`${pupilApproaches.approach} <> excluded.approach`,
          })
          .returning({ id: pupilApproaches.id });
  if (changed.length === 0) return false;
  await db.insert(pupilApproachLogs).values({
    schoolId: change.schoolId,
    pupilId: change.pupilId,
    subjectId: change.subjectId,
    yearClassId: change.yearClassId,
    schoolYear: change.calendarYear,
    approach: change.approach,
    changedBy: change.changedBy,
    date: change.at,
  });
  return true;
}

/** Every logged change of the pupil's approaches, newest first. */
export function listApproachLogRows(db: Db, schoolId: number, pupilId: number) {
  return db
    .select({
      id: pupilApproachLogs.id,
      pupilId: pupilApproachLogs.pupilId,
      schoolYear: pupilApproachLogs.schoolYear,
      subjectId: pupilApproachLogs.subjectId,
      yearclassId: pupilApproachLogs.yearClassId,
      yearclassName: yearClasses.name,
      approach: pupilApproachLogs.approach,
      changedByFirstName: users.firstName,
      changedByLastName: users.lastName,
      date: pupilApproachLogs.date,
    })
    .from(pupilApproachLogs)
    .leftJoin(yearClasses, eq(yearClasses.id, pupilApproachLogs.yearClassId))
    .leftJoin(users, eq(users.id, pupilApproachLogs.changedBy))
    .where(and(eq(pupilApproachLogs.schoolId, schoolId), eq(pupilApproachLogs.pupilId, pupilId)))
    .orderBy(desc(pupilApproachLogs.date), desc(pupilApproachLogs.id));
}
