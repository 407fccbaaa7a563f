import { and, asc, eq, sql } from 'drizzle-orm';
import { builtOncePerDb } from '../../db/built-once';
import type { Db } from '../../db/client';
import { NAMED_BY_TEXT } from '../../db/prepared-statements';
import { schoolAmbitions } from '../../db/schema/index';

export async function findAmbitionSchoolId(db: Db, id: number): Promise<number | null> {
  const [ambition] = await db
    .select({ schoolId: schoolAmbitions.schoolId })
    .from(schoolAmbitions)
    .where(eq(schoolAmbitions.id, id))
    .limit(1);
  return ambition?.schoolId ?? null;
}

export async function updateAmbitionBand(
  db: Db,
  schoolId: number,
  id: number,
  band: { lowScore: number; highScore: number },
) {
  const [updated] = await db
    .update(schoolAmbitions)
    .set({ lowScore: band.lowScore, highScore: band.highScore })
    .where(and(eq(schoolAmbitions.id, id), eq(schoolAmbitions.schoolId, schoolId)))
    .returning();
  return updated ?? null;
}

const schoolAmbitionList = builtOncePerDb((db) =>
  db
    .select({
      id: schoolAmbitions.id,
      subjectId: schoolAmbitions.subjectId,
      lowScore: schoolAmbitions.lowScore,
      highScore: schoolAmbitions.highScore,
    })
    .from(schoolAmbitions)
    .where(eq(schoolAmbitions.schoolId, sql.placeholder('schoolId')))
    .orderBy(asc(schoolAmbitions.subjectId))
    .prepare(NAMED_BY_TEXT),
);

export function listAmbitions(db: Db, schoolId: number) {
  return schoolAmbitionList(db).execute({ schoolId });
}
