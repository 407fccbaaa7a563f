import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pupils, yearClassPupils, yearClasses } from '../../db/schema/index';

/*
 * The tenancy facts the access checks need before any module runs: which school a group or pupil belongs to,
 * and which groups a pupil was ever enrolled in (a teacher reads a pupil of one of their groups).
 */

export function schoolOfGroup(db: Db, groupId: number): Promise<number | null> {
  return db
    .select({ schoolId: yearClasses.schoolId })
    .from(yearClasses)
    .where(eq(yearClasses.id, groupId))
    .limit(1)
    .then((rows) => rows[0]?.schoolId ?? null);
}

export async function pupilTenancy(
  db: Db,
  pupilId: number,
): Promise<{ schoolId: number; groupIds: number[] } | null> {
  const [pupil] = await db
    .select({ schoolId: pupils.schoolId })
    .from(pupils)
    .where(eq(pupils.id, pupilId))
    .limit(1);
  if (!pupil) return null;
  const enrolments = await db
    .select({ groupId: yearClassPupils.yearClassId })
    .from(yearClassPupils)
    // With the school: the (school_id, pupil_id) index answers it, and on a sharded schema it stays on one shard.
    .where(and(eq(yearClassPupils.schoolId, pupil.schoolId), eq(yearClassPupils.pupilId, pupilId)));
  return { schoolId: pupil.schoolId, groupIds: enrolments.map((row) => row.groupId) };
}
