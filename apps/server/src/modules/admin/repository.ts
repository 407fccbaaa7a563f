import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMemberships, users } from '../../db/schema/index';

/** The user if they are an active member of the school, else null. */
export function findActiveMember(db: Db, userId: number, schoolId: number) {
  return db
    .select({ id: users.id, isProviderStaff: users.isProviderStaff })
    .from(schoolMemberships)
    .innerJoin(users, eq(users.id, schoolMemberships.userId))
    .where(
      and(
        eq(schoolMemberships.userId, userId),
        eq(schoolMemberships.schoolId, schoolId),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

export async function setProviderStaff(db: Db, userId: number, isProviderStaff: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isProviderStaff })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
