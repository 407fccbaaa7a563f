import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perRequest } from './per-request';
import type { AccessSubject } from './resolver';
import { pupils, yearClasses } from '../../db/schema/index';

/*
 * The tenancy facts the access checks need before any module runs: which school a group or pupil belongs to,
 * and which groups a pupil was ever enrolled in (a teacher reads a pupil of one of their groups).
 */

/** A group (year class) by id, or null. */
export async function findGroup(db: Db, groupId: number) {
  const [group] = await db.select().from(yearClasses).where(eq(yearClasses.id, groupId)).limit(1);
  return group ?? null;
}

export async function pupilTenancy(
  db: Db,
  pupilId: number,
): Promise<{ schoolId: number; groupIds: number[] } | null> {
  // One round trip. With the school, the (school_id, pupil_id) index answers the enrolments, and on a sharded
  // schema they stay on one shard.
  const [pupil] = await db
    .select({
      schoolId: pupils.schoolId,
      // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the subquery would
      // name year_class_pupils' own columns.
      groupIds: sql<number[]>`array(select e.year_class_id from year_class_pupils e
        where e.school_id = "pupils"."school_id" and e.pupil_id = "pupils"."id")`,
    })
    .from(pupils)
    .where(eq(pupils.id, pupilId))
    .limit(1);
  if (!pupil) return null;
  return { schoolId: pupil.schoolId, groupIds: pupil.groupIds.map(Number) };
}

/** pupilTenancy, looked up once per request and pupil. */
export const pupilTenancyFor = perRequest((db: Db, _subject: AccessSubject, pupilId: number) =>
  pupilTenancy(db, pupilId),
);

/** findGroup, looked up once per request and group. */
export const groupFor = perRequest((db: Db, _subject: AccessSubject, groupId: number) =>
  findGroup(db, groupId),
);
