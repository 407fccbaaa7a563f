import { schoolYearOf, type PupilOutflowAdvice, type PupilOutflowAdviceInput } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { ActiveSession } from '../../platform/sessions';
import type { AllowedOutflowAdvice, AllowedPupil } from './access';
import { findOutflowAdvice, upsertOutflowAdvice } from './repository';

/** The pupil's outflow advice (null advice when none was given); readable by whoever may read the pupil. */
export function getOutflowAdvice(
  ctx: AppContext,
  { access, pupilId }: AllowedPupil,
): Promise<PupilOutflowAdvice> {
  return findOutflowAdvice(ctx.db, access.schoolId, pupilId);
}

/**
 * Sets the pupil's outflow advice (replacing an earlier one), as the route's policy allowed. The advice belongs
 * to the school year of the pupil's latest group (without one, the session's school year).
 */
export async function setOutflowAdvice(
  ctx: AppContext,
  session: ActiveSession,
  { access, pupilId, latest }: AllowedOutflowAdvice,
  input: PupilOutflowAdviceInput,
): Promise<PupilOutflowAdvice> {
  const calendarYear = latest?.calendarYear ?? session.currentSchoolYear ?? schoolYearOf(ctx.now());
  // The advice and the read for the answer in one transaction: a 503 on the read leaves it unchanged.
  return ctx.db.transaction(async (tx) => {
    await upsertOutflowAdvice(tx, {
      schoolId: access.schoolId,
      pupilId,
      outflowAdvice: input.outflowAdvice,
      calendarYear,
      changedBy: access.userId,
    });
    return findOutflowAdvice(tx, access.schoolId, pupilId);
  });
}
