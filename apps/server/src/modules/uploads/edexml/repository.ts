import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  pupils,
  schoolLocations,
  schoolMemberships,
  teacherGroupPermissions,
  users,
  yearClassPupils,
  yearClasses,
} from '../../../db/schema/index';
import { enrolments } from '../../pupils/index';

/** The school's pupils (all years: a pupil may come back), with what an EDEXML file can change. */
export function schoolPupils(db: Db, schoolId: number) {
  return db
    .select({
      id: pupils.id,
      externalKey: pupils.externalKey,
      eckId: pupils.eckId,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
      initials: pupils.initials,
      dateOfBirth: pupils.dateOfBirth,
      gender: pupils.gender,
      dateLeft: pupils.dateLeft,
      locationId: pupils.locationId,
    })
    .from(pupils)
    .where(eq(pupils.schoolId, schoolId));
}
export type StoredPupil = Awaited<ReturnType<typeof schoolPupils>>[number];

/** The school's groups of one school year. */
export function yearGroups(db: Db, schoolId: number, calendarYear: number) {
  return db
    .select({
      id: yearClasses.id,
      externalKey: yearClasses.externalKey,
      name: yearClasses.name,
      grade: yearClasses.grade,
      locationId: yearClasses.locationId,
    })
    .from(yearClasses)
    .where(and(eq(yearClasses.schoolId, schoolId), eq(yearClasses.calendarYear, calendarYear)));
}
export type StoredGroup = Awaited<ReturnType<typeof yearGroups>>[number];

/** The school's vestigingen. */
export function schoolLocationRows(db: Db, schoolId: number) {
  return db
    .select({ id: schoolLocations.id, externalKey: schoolLocations.externalKey, name: schoolLocations.name })
    .from(schoolLocations)
    .where(eq(schoolLocations.schoolId, schoolId));
}
export type StoredLocation = Awaited<ReturnType<typeof schoolLocationRows>>[number];

/** Adds the new vestigingen and renames the changed ones; the id of every vestiging of the file by its key. */
export async function writeLocations(
  tx: Db,
  schoolId: number,
  added: readonly { key: string; name: string }[],
  renamed: readonly { id: number; name: string }[],
) {
  for (const location of renamed)
    await tx
      .update(schoolLocations)
      .set({ name: location.name })
      .where(and(eq(schoolLocations.schoolId, schoolId), eq(schoolLocations.id, location.id)));
  if (added.length > 0)
    await tx
      .insert(schoolLocations)
      .values(added.map((location) => ({ schoolId, externalKey: location.key, name: location.name })));
  return new Map((await schoolLocationRows(tx, schoolId)).map((row) => [row.externalKey, row.id]));
}

/** Enrolments in the school's groups of one school year. */
export function yearEnrolments(db: Db, schoolId: number, calendarYear: number) {
  const enrolment = enrolments(db, { schoolId, calendarYear });
  return db
    .select({ pupilId: enrolment.pupilId, yearClassId: enrolment.yearClassId, grade: enrolment.grade })
    .from(enrolment);
}

/** Accounts with these addresses (lower case), whether they are members of the school, and their groups there. */
export async function teacherAccounts(db: Db, schoolId: number, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const lowerEmail = sql<string>`lower(${users.email})`;
  const accounts = await db
    .select({ id: users.id, email: lowerEmail, membershipId: schoolMemberships.id })
    .from(users)
    .leftJoin(
      schoolMemberships,
      and(eq(schoolMemberships.userId, users.id), eq(schoolMemberships.schoolId, schoolId)),
    )
    .where(inArray(lowerEmail, [...emails]));
  const ids = accounts.map((account) => account.id);
  const permissions =
    ids.length === 0
      ? []
      : await db
          .select({
            userId: teacherGroupPermissions.userId,
            yearClassId: teacherGroupPermissions.yearClassId,
          })
          .from(teacherGroupPermissions)
          .where(
            and(eq(teacherGroupPermissions.schoolId, schoolId), inArray(teacherGroupPermissions.userId, ids)),
          );
  return accounts.map((account) => ({
    id: account.id,
    email: account.email,
    isMember: account.membershipId !== null,
    groupIds: new Set(permissions.filter((p) => p.userId === account.id).map((p) => p.yearClassId)),
  }));
}

const BATCH = 500;

function batches<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += BATCH) out.push(rows.slice(start, start + BATCH));
  return out;
}

export async function insertGroups(tx: Db, rows: (typeof yearClasses.$inferInsert)[]) {
  const ids = new Map<string, number>();
  for (const batch of batches(rows)) {
    const inserted = await tx
      .insert(yearClasses)
      .values(batch)
      .returning({ id: yearClasses.id, externalKey: yearClasses.externalKey });
    for (const row of inserted) if (row.externalKey !== null) ids.set(row.externalKey, row.id);
  }
  return ids;
}

export async function updateGroup(
  tx: Db,
  schoolId: number,
  id: number,
  values: { name?: string; grade?: number; locationId?: number },
) {
  await tx
    .update(yearClasses)
    .set(values)
    .where(and(eq(yearClasses.schoolId, schoolId), eq(yearClasses.id, id)));
}

export async function insertPupils(tx: Db, rows: (typeof pupils.$inferInsert)[]) {
  const ids = new Map<string, number>();
  for (const batch of batches(rows)) {
    const inserted = await tx
      .insert(pupils)
      .values(batch)
      .returning({ id: pupils.id, externalKey: pupils.externalKey });
    for (const row of inserted) if (row.externalKey !== null) ids.set(row.externalKey, row.id);
  }
  return ids;
}

export async function updatePupil(
  tx: Db,
  schoolId: number,
  id: number,
  values: Partial<
    Pick<
      typeof pupils.$inferInsert,
      | 'externalKey'
      | 'eckId'
      | 'firstName'
      | 'lastNamePrefix'
      | 'lastName'
      | 'initials'
      | 'dateOfBirth'
      | 'gender'
      | 'dateLeft'
      | 'locationId'
    >
  >,
) {
  await tx
    .update(pupils)
    .set(values)
    .where(and(eq(pupils.schoolId, schoolId), eq(pupils.id, id)));
}

/**
 * Each pupil is in exactly the given group of the school year: their other enrolments in the year's stored groups
 * go, and the given one is written with the pupil's grade (batched: a whole school's new pupils at once).
 */
export async function placePupils(
  tx: Db,
  schoolId: number,
  yearGroupIds: readonly number[],
  places: readonly { pupilId: number; yearClassId: number; grade: number }[],
) {
  for (const batch of batches(places)) {
    if (yearGroupIds.length > 0)
      await tx.delete(yearClassPupils).where(
        and(
          eq(yearClassPupils.schoolId, schoolId),
          inArray(
            yearClassPupils.pupilId,
            batch.map((place) => place.pupilId),
          ),
          inArray(yearClassPupils.yearClassId, [...yearGroupIds]),
        ),
      );
    await tx
      .insert(yearClassPupils)
      .values(batch.map((place) => ({ schoolId, ...place })))
      .onConflictDoUpdate({
        target: [yearClassPupils.yearClassId, yearClassPupils.pupilId],
        set: { grade: sql`excluded.grade` },
      });
  }
}

export async function markLeft(tx: Db, schoolId: number, pupilIds: readonly number[], date: string) {
  for (const batch of batches(pupilIds))
    await tx
      .update(pupils)
      .set({ dateLeft: date })
      .where(and(eq(pupils.schoolId, schoolId), inArray(pupils.id, batch)));
}

export async function grantGroups(tx: Db, rows: (typeof teacherGroupPermissions.$inferInsert)[]) {
  for (const batch of batches(rows))
    await tx.insert(teacherGroupPermissions).values(batch).onConflictDoNothing();
}
