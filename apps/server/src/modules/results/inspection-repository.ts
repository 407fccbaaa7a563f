import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema/index';

/* The school's schoolweging, which sets its signaleringswaarde (the results it reads are the scores module's). */

export async function findSchoolweging(db: Db, schoolId: number): Promise<number | null> {
  const [row] = await db
    .select({ schoolweging: schools.schoolweging })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return row?.schoolweging ?? null;
}

export async function setSchoolweging(db: Db, schoolId: number, schoolweging: number | null): Promise<void> {
  await db.update(schools).set({ schoolweging }).where(eq(schools.id, schoolId));
}
