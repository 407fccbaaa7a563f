import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools, users } from '../../db/schema/index';

/** The school's link state with the name of who last changed it, or null when there is no such school. */
export function findConnection(db: Db, schoolId: number) {
  return db
    .select({
      schoolId: schools.id,
      isConnectionActive: schools.isConnectionActive,
      changedAt: schools.connectionChangedAt,
      changedByFirstName: users.firstName,
      changedByLastName: users.lastName,
    })
    .from(schools)
    .leftJoin(users, eq(users.id, schools.connectionChangedById))
    .where(eq(schools.id, schoolId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

export async function setConnection(
  db: Db,
  schoolId: number,
  change: { isConnectionActive: boolean; changedById: number; changedAt: Date },
): Promise<void> {
  await db
    .update(schools)
    .set({
      isConnectionActive: change.isConnectionActive,
      connectionChangedById: change.changedById,
      connectionChangedAt: change.changedAt,
    })
    .where(eq(schools.id, schoolId));
}
