import { eq, sql } from 'drizzle-orm';
import { builtOncePerDb } from '../../db/built-once';
import { NAMED_BY_TEXT } from '../../db/prepared-statements';
import type { Db } from '../../db/client';
import { perRequest } from './per-request';
import { accessOf, membershipColumns, membershipOf, rememberAccess, type AccessSubject } from './resolver';
import { pupils, schoolMemberships, yearClasses } from '../../db/schema/index';

/*
 * The tenancy facts the access checks need before any module runs: which school a group or pupil belongs to,
 * and which groups a pupil was ever enrolled in (a teacher reads a pupil of one of their groups).
 */

/** A group (year class) by id with the membership of user `userId` in its school (null columns: none). */
const groupWithMembership = builtOncePerDb((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({ group: yearClasses, membership: membershipColumns(userId, yearClasses.schoolId) })
    .from(yearClasses)
    .leftJoin(schoolMemberships, membershipOf(userId, yearClasses.schoolId))
    .where(eq(yearClasses.id, sql.placeholder('groupId')))
    .limit(1)
    .prepare(NAMED_BY_TEXT);
});

/** A group (year class) by id, or null; with the subject's membership of its school read in the same round trip. */
async function findGroupWithAccess(db: Db, subject: AccessSubject, groupId: number) {
  const [row] = await groupWithMembership(db).execute({ userId: subject.userId, groupId });
  if (!row) return null;
  rememberAccess(subject, row.group.schoolId, accessOf(subject, row.group.schoolId, row.membership));
  return row.group;
}

/**
 * A pupil's school, the groups it was ever enrolled in and the membership of user `userId` in that school. With
 * the school, the (school_id, pupil_id) index answers the enrolments, and on a sharded schema they stay on one
 * shard.
 */
const pupilWithMembership = builtOncePerDb((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      schoolId: pupils.schoolId,
      // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the subquery would
      // name year_class_pupils' own columns.
      groupIds: sql<number[]>`array(select e.year_class_id from year_class_pupils e
        where e.school_id = "pupils"."school_id" and e.pupil_id = "pupils"."id")`,
      membership: membershipColumns(userId, pupils.schoolId),
    })
    .from(pupils)
    .leftJoin(schoolMemberships, membershipOf(userId, pupils.schoolId))
    .where(eq(pupils.id, sql.placeholder('pupilId')))
    .limit(1)
    .prepare(NAMED_BY_TEXT);
});

/** A pupil's school and groups, or null; with the subject's membership of that school read in the same round trip. */
async function pupilTenancyWithAccess(
  db: Db,
  subject: AccessSubject,
  pupilId: number,
): Promise<{ schoolId: number; groupIds: number[] } | null> {
  const [pupil] = await pupilWithMembership(db).execute({ userId: subject.userId, pupilId });
  if (!pupil) return null;
  rememberAccess(subject, pupil.schoolId, accessOf(subject, pupil.schoolId, pupil.membership));
  return { schoolId: pupil.schoolId, groupIds: pupil.groupIds.map(Number) };
}

/** A pupil's tenancy (school and groups), looked up once per request and pupil. */
export const pupilTenancyFor = perRequest(pupilTenancyWithAccess);

/** A group by id, looked up once per request and group. */
export const groupFor = perRequest(findGroupWithAccess);
