import { and, eq, inArray } from 'drizzle-orm';
import type { DoorstroomtoetsTest, OutflowAdvice, ReferenceResult } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import { pupilDoorstroomtoets } from '../../../db/schema/index';

/*
 * The doorstroomtoets results a national-results file of that layout is compared with, and the writes that apply
 * it. Every statement filters on the school.
 */

/** Rows per insert statement. */
const BATCH_SIZE = 1_000;

/** One result as a file gives it; `advice` undefined when the file has no advice column (the stored one is kept). */
export interface DoorstroomtoetsRow {
  pupilId: number;
  test: DoorstroomtoetsTest;
  testDate: string;
  calendarYear: number;
  lezen: ReferenceResult;
  taalverzorging: ReferenceResult;
  rekenen: ReferenceResult;
  advice: OutflowAdvice | null | undefined;
}

export interface StoredDoorstroomtoets {
  id: number;
  pupilId: number;
  test: DoorstroomtoetsTest;
  testDate: string;
  lezen: ReferenceResult;
  taalverzorging: ReferenceResult;
  rekenen: ReferenceResult;
  advice: OutflowAdvice | null;
}

/** The school's results of the given school years, lowest id first. */
export async function loadStoredDoorstroomtoets(
  tx: Db,
  schoolId: number,
  calendarYears: readonly number[],
): Promise<StoredDoorstroomtoets[]> {
  if (calendarYears.length === 0) return [];
  return tx
    .select({
      id: pupilDoorstroomtoets.id,
      pupilId: pupilDoorstroomtoets.pupilId,
      test: pupilDoorstroomtoets.test,
      testDate: pupilDoorstroomtoets.testDate,
      lezen: pupilDoorstroomtoets.lezen,
      taalverzorging: pupilDoorstroomtoets.taalverzorging,
      rekenen: pupilDoorstroomtoets.rekenen,
      advice: pupilDoorstroomtoets.advice,
    })
    .from(pupilDoorstroomtoets)
    .where(
      and(
        eq(pupilDoorstroomtoets.schoolId, schoolId),
        inArray(pupilDoorstroomtoets.calendarYear, [...calendarYears]),
      ),
    )
    .orderBy(pupilDoorstroomtoets.id);
}

export async function insertDoorstroomtoetsRows(
  tx: Db,
  schoolId: number,
  userId: number,
  rows: readonly DoorstroomtoetsRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await tx.insert(pupilDoorstroomtoets).values(
      rows.slice(start, start + BATCH_SIZE).map((row) => ({
        ...row,
        advice: row.advice ?? null,
        schoolId,
        createdById: userId,
        changedById: userId,
      })),
    );
  }
}

/** Replaces the levels (and the advice where the file has that column) of stored results. */
export async function updateDoorstroomtoetsRows(
  tx: Db,
  key: { schoolId: number; userId: number; now: Date },
  updates: readonly { id: number; row: DoorstroomtoetsRow }[],
): Promise<void> {
  for (const { id, row } of updates) {
    await tx
      .update(pupilDoorstroomtoets)
      .set({
        lezen: row.lezen,
        taalverzorging: row.taalverzorging,
        rekenen: row.rekenen,
        ...(row.advice === undefined ? {} : { advice: row.advice }),
        changedById: key.userId,
        changedAt: key.now,
      })
      .where(and(eq(pupilDoorstroomtoets.schoolId, key.schoolId), eq(pupilDoorstroomtoets.id, id)));
  }
}
