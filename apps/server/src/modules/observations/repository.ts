import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { socialEmotionalObservations as observations, users, yearClasses } from '../../db/schema/index';
import { enrolments, groupPupils } from '../pupils/index';

/** An observation with its group's name and its author's name. */
const observationColumns = {
  id: observations.id,
  schoolId: observations.schoolId,
  pupilId: observations.pupilId,
  yearClassId: observations.yearClassId,
  yearClassName: yearClasses.name,
  calendarYear: observations.calendarYear,
  observedOn: observations.observedOn,
  instrument: observations.instrument,
  ratings: observations.ratings,
  content: observations.content,
  confidential: observations.confidential,
  authorId: observations.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  dateCreated: observations.dateCreated,
};

function selectObservations(db: Db) {
  return db
    .select(observationColumns)
    .from(observations)
    .leftJoin(yearClasses, eq(yearClasses.id, observations.yearClassId))
    .leftJoin(users, eq(users.id, observations.authorId));
}

export type ObservationRow = Awaited<ReturnType<typeof selectObservations>>[number];

/** Who reads: every observation (superusers, sencos), or the non-confidential ones and the user's own. */
export interface Readership {
  userId: number;
  readsConfidential: boolean;
}

// The SQL form of canReadObservation (policy.ts), so that "latest" and "previous" count only what the user reads.
function readable(readership: Readership): SQL | undefined {
  if (readership.readsConfidential) return undefined;
  return or(eq(observations.confidential, false), eq(observations.authorId, readership.userId));
}

export function findObservation(db: Db, observationId: number): Promise<ObservationRow | null> {
  return selectObservations(db)
    .where(eq(observations.id, observationId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** The pupil's observations the reader may read, oldest first. */
export function listPupilObservations(
  db: Db,
  schoolId: number,
  pupilId: number,
  readership: Readership,
): Promise<ObservationRow[]> {
  return selectObservations(db)
    .where(and(eq(observations.schoolId, schoolId), eq(observations.pupilId, pupilId), readable(readership)))
    .orderBy(asc(observations.observedOn), asc(observations.id));
}

/**
 * Of each pupil, the latest two observations the reader may read up to school year `untilYear`, newest first per
 * pupil (the first is the latest, the second the one before it).
 */
export async function listLatestTwo(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  untilYear: number,
  readership: Readership,
): Promise<ObservationRow[]> {
  if (pupilIds.length === 0) return [];
  const ranked = db
    .select({
      id: observations.id,
      rank: sql`row_number() over (partition by ${observations.pupilId}
        order by ${observations.observedOn} desc, ${observations.id} desc)`.as('rank'),
    })
    .from(observations)
    .where(
      and(
        eq(observations.schoolId, schoolId),
        inArray(observations.pupilId, [...pupilIds]),
        lte(observations.calendarYear, untilYear),
        readable(readership),
      ),
    )
    .as('ranked');
  return selectObservations(db)
    .innerJoin(ranked, eq(ranked.id, observations.id))
    .where(sql`${ranked.rank} <= 2`)
    .orderBy(asc(observations.pupilId), desc(observations.observedOn), desc(observations.id));
}

export interface ObservationValues {
  yearClassId: number;
  calendarYear: number;
  observedOn: string;
  instrument: string | null;
  ratings: Record<string, number>;
  content: string;
  confidential: boolean;
}

export async function insertObservation(
  db: Db,
  values: ObservationValues & { schoolId: number; pupilId: number; authorId: number; dateCreated: Date },
): Promise<number> {
  const [row] = await db.insert(observations).values(values).returning({ id: observations.id });
  if (!row) throw new Error('observation not stored');
  return row.id;
}

export async function updateObservation(
  db: Db,
  schoolId: number,
  observationId: number,
  values: Partial<ObservationValues>,
): Promise<void> {
  await db
    .update(observations)
    .set(values)
    .where(and(eq(observations.id, observationId), eq(observations.schoolId, schoolId)));
}

export async function deleteObservation(db: Db, schoolId: number, observationId: number): Promise<void> {
  await db
    .delete(observations)
    .where(and(eq(observations.id, observationId), eq(observations.schoolId, schoolId)));
}

/** The pupil's group in a school year (the latest made, should there be two), or null. */
export function findGroupInYear(db: Db, schoolId: number, pupilId: number, calendarYear: number) {
  const enrolment = enrolments(db, { schoolId, pupilId, calendarYear });
  return db
    .select({ id: enrolment.yearClassId, name: enrolment.yearClassName })
    .from(enrolment)
    .orderBy(desc(enrolment.yearClassId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** The pupils enrolled in the group, with their names. */
export function listGroupPupils(db: Db, schoolId: number, yearClassId: number) {
  const member = groupPupils(db, { schoolId, yearClassId });
  return db
    .select({
      id: member.pupilId,
      firstName: member.firstName,
      lastNamePrefix: member.lastNamePrefix,
      lastName: member.lastName,
    })
    .from(member);
}
