import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pupilDoorstroomtoets, pupils, schools } from '../../db/schema/index';

/*
 * The schoolweging and 1S/2F signaleringswaarde a superuser entered from the inspectorate's letter (the results the
 * view reads are the scores module's, the published figures the inspectorate module's).
 */

export interface EnteredValues {
  schoolweging: number | null;
  signalTarget: number | null;
  enteredAt: Date | null;
}

export async function findEnteredValues(db: Db, schoolId: number): Promise<EnteredValues> {
  const [row] = await db
    .select({
      schoolweging: schools.schoolweging,
      signalTarget: schools.signalTarget,
      enteredAt: schools.inspectionValuesEnteredAt,
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return row ?? { schoolweging: null, signalTarget: null, enteredAt: null };
}

/** Sets the values; `signalTarget` undefined leaves the stored one as it is. */
export async function setEnteredValues(
  db: Db,
  schoolId: number,
  values: { schoolweging: number | null; signalTarget: number | null | undefined },
  at: Date,
): Promise<void> {
  await db
    .update(schools)
    .set({
      schoolweging: values.schoolweging,
      ...(values.signalTarget === undefined ? {} : { signalTarget: values.signalTarget }),
      inspectionValuesEnteredAt: at,
    })
    .where(eq(schools.id, schoolId));
}

/** The last `years` school years up to `lastYear` with doorstroomtoets results, ascending. */
export async function listDoorstroomtoetsYears(
  db: Db,
  schoolId: number,
  lastYear: number,
  years: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ calendarYear: pupilDoorstroomtoets.calendarYear })
    .from(pupilDoorstroomtoets)
    .where(and(eq(pupilDoorstroomtoets.schoolId, schoolId), lte(pupilDoorstroomtoets.calendarYear, lastYear)))
    .orderBy(desc(pupilDoorstroomtoets.calendarYear))
    .limit(years);
  return rows.map((row) => row.calendarYear).sort((a, b) => a - b);
}

/**
 * Per pupil and school year of `calendarYears`, the pupil's latest doorstroomtoets result of that year (a corrected
 * or retaken test replaces the earlier one), with the pupil's exclusion flag (excluded pupils are left out).
 */
export async function listDoorstroomtoetsForInspection(
  db: Db,
  schoolId: number,
  calendarYears: readonly number[],
) {
  if (calendarYears.length === 0) return [];
  return db
    .selectDistinctOn([pupilDoorstroomtoets.pupilId, pupilDoorstroomtoets.calendarYear], {
      pupilId: pupilDoorstroomtoets.pupilId,
      calendarYear: pupilDoorstroomtoets.calendarYear,
      lezen: pupilDoorstroomtoets.lezen,
      taalverzorging: pupilDoorstroomtoets.taalverzorging,
      rekenen: pupilDoorstroomtoets.rekenen,
      citoIsExcluded: pupils.citoIsExcluded,
    })
    .from(pupilDoorstroomtoets)
    .innerJoin(
      pupils,
      and(eq(pupils.id, pupilDoorstroomtoets.pupilId), eq(pupils.schoolId, pupilDoorstroomtoets.schoolId)),
    )
    .where(
      and(
        eq(pupilDoorstroomtoets.schoolId, schoolId),
        inArray(pupilDoorstroomtoets.calendarYear, [...calendarYears]),
      ),
    )
    .orderBy(
      pupilDoorstroomtoets.pupilId,
      pupilDoorstroomtoets.calendarYear,
      desc(pupilDoorstroomtoets.testDate),
      desc(pupilDoorstroomtoets.id),
    );
}
