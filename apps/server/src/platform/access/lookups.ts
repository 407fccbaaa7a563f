import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perRequest } from './per-request';
import { accessOf, membershipColumns, membershipOf, rememberAccess, type AccessSubject } from './resolver';
import { pupils, schoolMemberships, yearClasses } from '../../db/schema/index';

/*
 * The tenancy facts the access checks need before any module runs: which school a group or pupil belongs to,
 * and which groups a pupil was ever enrolled in (a teacher reads a pupil of one of their groups).
 */

/** A group (year class) by id, or null; with the subject's membership of its school read in the same round trip. */
async function findGroupWithAccess(db: Db, subject: AccessSubject, groupId: number) {
  const [row] = await db
    .select({ group: yearClasses, membership: membershipColumns(subject, yearClasses.schoolId) })
    .from(yearClasses)
    .leftJoin(schoolMemberships, membershipOf(subject, yearClasses.schoolId))
    .where(eq(yearClasses.id, groupId))
    .limit(1);
  if (!row) return null;
  rememberAccess(subject, row.group.schoolId, accessOf(subject, row.group.schoolId, row.membership));
  return row.group;
}

/**
 * A pupil's school and the groups it was ever enrolled in, or null; with the subject's membership of that
 * school read in the same round trip.
 */
async function pupilTenancyWithAccess(
  db: Db,
  subject: AccessSubject,
  pupilId: number,
): Promise<{ schoolId: number; groupIds: number[] } | null> {
  // With the school, the (school_id, pupil_id) index answers the enrolments, and on a sharded schema they stay
  // on one shard.
  const [pupil] = await db
    .select({
      schoolId: pupils.schoolId,
      // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the subquery would
      // name year_class_pupils' own columns.
      groupIds: sql<number[]>`array(select e.year_class_id from year_class_pupils e
        where e.school_id = "pupils"."school_id" and e.pupil_id = "pupils"."id")`,
      membership: membershipColumns(subject, pupils.schoolId),
    })
    .from(pupils)
    .leftJoin(schoolMemberships, membershipOf(subject, pupils.schoolId))
    .where(eq(pupils.id, pupilId))
    .limit(1);
  if (!pupil) return null;
  rememberAccess(subject, pupil.schoolId, accessOf(subject, pupil.schoolId, pupil.membership));
  return { schoolId: pupil.schoolId, groupIds: pupil.groupIds.map(Number) };
}

/** A pupil's tenancy (school and groups), looked up once per request and pupil. */
export const pupilTenancyFor = perRequest(pupilTenancyWithAccess);

/** A group by id, looked up once per request and group. */
export const groupFor = perRequest(findGroupWithAccess);
