import {
  DOORSTROOMTOETS_ERRORS,
  isoDay,
  schoolYearOf,
  type DoorstroomtoetsInput,
  type DoorstroomtoetsList,
  type DoorstroomtoetsResult,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../platform/http-errors';
import type { AllowedDoorstroomtoets, AllowedDoorstroomtoetsRead, AllowedPupil } from './access';
import {
  deleteDoorstroomtoets,
  insertDoorstroomtoets,
  listDoorstroomtoets,
  updateDoorstroomtoets,
  type DoorstroomtoetsValues,
} from './doorstroomtoets-repository';

/** The pupil's doorstroomtoets results (latest first), readable by whoever may read the pupil, and the caller's write. */
export async function getDoorstroomtoets(
  ctx: AppContext,
  { access, pupilId, mayWrite }: AllowedDoorstroomtoetsRead,
): Promise<DoorstroomtoetsList> {
  return {
    results: await listDoorstroomtoets(ctx.db, access.schoolId, pupilId),
    abilities: { write: mayWrite },
  };
}

/** The values to store: a test date after today is refused at its field; the school year follows from the date. */
function valuesOf(ctx: AppContext, input: DoorstroomtoetsInput): DoorstroomtoetsValues {
  if (input.testDate > isoDay(ctx.now()))
    throw badRequest('Invalid input.', { testDate: [DOORSTROOMTOETS_ERRORS.futureDate] });
  // Noon UTC: the calendar day of the date in every time zone the server may run in.
  return { ...input, calendarYear: schoolYearOf(new Date(`${input.testDate}T12:00:00Z`)) };
}

export function createDoorstroomtoets(
  ctx: AppContext,
  { access, pupilId }: AllowedPupil,
  input: DoorstroomtoetsInput,
): Promise<DoorstroomtoetsResult> {
  const values = valuesOf(ctx, input);
  return insertDoorstroomtoets(ctx.db, {
    ...values,
    schoolId: access.schoolId,
    pupilId,
    userId: access.userId,
  });
}

export async function correctDoorstroomtoets(
  ctx: AppContext,
  { access, pupilId, result }: AllowedDoorstroomtoets,
  input: DoorstroomtoetsInput,
): Promise<DoorstroomtoetsResult> {
  const values = valuesOf(ctx, input);
  const updated = await updateDoorstroomtoets(
    ctx.db,
    { schoolId: access.schoolId, pupilId, resultId: result.id, userId: access.userId, now: ctx.now() },
    values,
  );
  // Removed by someone else between the policy's look-up and this update.
  if (!updated) throw notFound();
  return updated;
}

export async function removeDoorstroomtoets(
  ctx: AppContext,
  { access, pupilId, result }: AllowedDoorstroomtoets,
): Promise<void> {
  await deleteDoorstroomtoets(ctx.db, { schoolId: access.schoolId, pupilId, resultId: result.id });
}
