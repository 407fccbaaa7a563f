import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

type Tenancy = Awaited<ReturnType<typeof pupilTenancy>>;
// Per session object, so per request (as the resolver's cache): the route's policy and the service share one lookup.
const tenancies = new WeakMap<AccessSubject, Map<number, Promise<Tenancy>>>();

/** pupilTenancy, looked up once per request and pupil. */
export function pupilTenancyFor(db: Db, subject: AccessSubject, pupilId: number): Promise<Tenancy> {
  let byPupil = tenancies.get(subject);
  if (!byPupil) {
    byPupil = new Map();
    tenancies.set(subject, byPupil);
  }
  let found = byPupil.get(pupilId);
  if (!found) {
    found = pupilTenancy(db, pupilId);
    byPupil.set(pupilId, found);
  }
  return found;
}

type Group = Awaited<ReturnType<typeof findGroup>>;
const groups = new WeakMap<AccessSubject, Map<number, Promise<Group>>>();

/** findGroup, looked up once per request and group (the route's policy and the service share it). */
export function groupFor(db: Db, subject: AccessSubject, groupId: number): Promise<Group> {
  let byGroup = groups.get(subject);
  if (!byGroup) {
    byGroup = new Map();
    groups.set(subject, byGroup);
  }
  let found = byGroup.get(groupId);
  if (!found) {
    found = findGroup(db, groupId);
    byGroup.set(groupId, found);
  }
  return found;
}
