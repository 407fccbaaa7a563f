import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pupils, schools, yearClassNotes } from '../../db/schema/index';
import { enrolments } from '../pupils/index';

// Made once per process: zod compiles a schema's parser on its first use (this one runs for every row).
const lastGroupNameSchema = z.string().nullable();

export function findRetentionSettings(db: Db, schoolId: number) {
  return db
    .select({ retentionYears: schools.retentionYears, autoRemoveLeftPupils: schools.autoRemoveLeftPupils })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

export async function updateRetentionSettings(
  db: Db,
  schoolId: number,
  settings: { retentionYears: number; autoRemoveLeftPupils: boolean },
): Promise<void> {
  await db.update(schools).set(settings).where(eq(schools.id, schoolId));
}

/** The schools that switched the scheduled removal on, with their period. */
export function listAutoRemovingSchools(db: Db) {
  return db
    .select({ id: schools.id, retentionYears: schools.retentionYears })
    .from(schools)
    .where(eq(schools.autoRemoveLeftPupils, true))
    .orderBy(schools.id);
}

/** The school's pupils who left on or before `cutoffDate` (YYYY-MM-DD), with the group they were last enrolled in. */
export function listPupilsLeftBy(db: Db, schoolId: number, cutoffDate: string) {
  // The latest school year, then the highest grade; correlated with the outer statement's pupil, whose columns
  // drizzle writes qualified here (inside a nested statement), so the subquery's own tables cannot capture them.
  const enrolment = enrolments(db, { schoolId: pupils.schoolId, pupilId: pupils.id });
  const lastGroup = db
    .select({ name: enrolment.yearClassName })
    .from(enrolment)
    .orderBy(desc(enrolment.calendarYear), desc(enrolment.grade), desc(enrolment.yearClassId))
    .limit(1);
  return db
    .select({
      id: pupils.id,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
      dateLeft: pupils.dateLeft,
      lastGroupName: sql`${lastGroup}`.mapWith((value) => lastGroupNameSchema.parse(value)),
    })
    .from(pupils)
    .where(and(eq(pupils.schoolId, schoolId), isNotNull(pupils.dateLeft), lte(pupils.dateLeft, cutoffDate)));
}

/**
 * Deletes the pupils with all their data. Every table that holds a pupil's rows references pupils with
 * `on delete cascade` (enrolments, scores, section scores, notes, score notes, observations, approaches and their
 * log, outflow advice, plan notes, note-category links, pinned pupils); group notes name related pupils in an
 * id array without a key, so the ids are taken out of those first.
 */
export async function deletePupils(db: Db, schoolId: number, pupilIds: readonly number[]): Promise<number> {
  if (pupilIds.length === 0) return 0;
  const ids = sql`array[${sql.join(
    pupilIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  await db
    .update(yearClassNotes)
    .set({
      relatedPupilIds: sql`array(
        select kept.id from unnest(${yearClassNotes.relatedPupilIds}) with ordinality as kept(id, position)
        where not (kept.id = any(${ids})) order by kept.position
      )`,
    })
    .where(and(eq(yearClassNotes.schoolId, schoolId), sql`${yearClassNotes.relatedPupilIds} && ${ids}`));
  const deleted = await db
    .delete(pupils)
    .where(and(eq(pupils.schoolId, schoolId), inArray(pupils.id, [...pupilIds])))
    .returning({ id: pupils.id });
  return deleted.length;
}
