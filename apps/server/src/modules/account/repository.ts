import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMemberships, schools, users } from '../../db/schema/index';

export function findUser(db: Db, userId: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

export function listUserSchools(db: Db, userId: number) {
  return db
    .select({
      id: schools.id,
      name: schools.name,
      brinCode: schools.brinCode,
      payingStatus: schools.payingStatus,
      isSchoolSuperuser: schoolMemberships.isSchoolSuperuser,
    })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(eq(schoolMemberships.userId, userId))
    .orderBy(schools.name);
}
