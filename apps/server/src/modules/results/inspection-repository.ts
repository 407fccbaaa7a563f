import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema/index';

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
