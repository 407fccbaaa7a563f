import { and, desc, eq } from 'drizzle-orm';
import type { DoorstroomtoetsInput, DoorstroomtoetsResult } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { pupilDoorstroomtoets } from '../../db/schema/index';

/* The pupil's doorstroomtoets results. Every statement filters on the school as well as the pupil (one shard). */

type Row = typeof pupilDoorstroomtoets.$inferSelect;

const toResult = (row: Row): DoorstroomtoetsResult => ({
  id: row.id,
  pupilId: row.pupilId,
  test: row.test,
  testDate: row.testDate,
  calendarYear: row.calendarYear,
  lezen: row.lezen,
  taalverzorging: row.taalverzorging,
  rekenen: row.rekenen,
  advice: row.advice,
  createdById: row.createdById,
  createdAt: row.createdAt.toISOString(),
  changedById: row.changedById,
  changedAt: row.changedAt.toISOString(),
});

const ofPupil = (schoolId: number, pupilId: number) =>
  and(eq(pupilDoorstroomtoets.schoolId, schoolId), eq(pupilDoorstroomtoets.pupilId, pupilId));

/** The pupil's results, latest test date first. */
export async function listDoorstroomtoets(
  db: Db,
  schoolId: number,
  pupilId: number,
): Promise<DoorstroomtoetsResult[]> {
  const rows = await db
    .select()
    .from(pupilDoorstroomtoets)
    .where(ofPupil(schoolId, pupilId))
    .orderBy(desc(pupilDoorstroomtoets.testDate), desc(pupilDoorstroomtoets.id));
  return rows.map(toResult);
}

/** One result of the pupil, or null (another pupil's or school's id is not found). */
export async function findDoorstroomtoets(
  db: Db,
  schoolId: number,
  pupilId: number,
  resultId: number,
): Promise<DoorstroomtoetsResult | null> {
  const [row] = await db
    .select()
    .from(pupilDoorstroomtoets)
    .where(and(ofPupil(schoolId, pupilId), eq(pupilDoorstroomtoets.id, resultId)))
    .limit(1);
  return row ? toResult(row) : null;
}

export interface DoorstroomtoetsValues extends DoorstroomtoetsInput {
  calendarYear: number;
}

export async function insertDoorstroomtoets(
  db: Db,
  row: { schoolId: number; pupilId: number; userId: number } & DoorstroomtoetsValues,
): Promise<DoorstroomtoetsResult> {
  const { userId, ...values } = row;
  const [inserted] = await db
    .insert(pupilDoorstroomtoets)
    .values({ ...values, createdById: userId, changedById: userId })
    .returning();
  if (!inserted) throw new Error('insert returned no row');
  return toResult(inserted);
}

/** Replaces the values of one result; null when it is gone (deleted meanwhile). */
export async function updateDoorstroomtoets(
  db: Db,
  key: { schoolId: number; pupilId: number; resultId: number; userId: number; now: Date },
  values: DoorstroomtoetsValues,
): Promise<DoorstroomtoetsResult | null> {
  const [updated] = await db
    .update(pupilDoorstroomtoets)
    .set({ ...values, changedById: key.userId, changedAt: key.now })
    .where(and(ofPupil(key.schoolId, key.pupilId), eq(pupilDoorstroomtoets.id, key.resultId)))
    .returning();
  return updated ? toResult(updated) : null;
}

export async function deleteDoorstroomtoets(
  db: Db,
  key: { schoolId: number; pupilId: number; resultId: number },
): Promise<void> {
  await db
    .delete(pupilDoorstroomtoets)
    .where(and(ofPupil(key.schoolId, key.pupilId), eq(pupilDoorstroomtoets.id, key.resultId)));
}
