import { schoolYearOf, type PupilOutflowAdvice, type PupilOutflowAdviceInput } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { allowOr403 } from '../../platform/access/index';
import type { ActiveSession } from '../../platform/sessions';
import { requirePupilById } from './access';
import { canSetOutflowAdvice } from './policy';
import { findOutflowAdvice, listEnrolments, upsertOutflowAdvice } from './repository';

/** The pupil's outflow advice (null advice when none was given); readable by whoever may read the pupil. */
export async function getOutflowAdvice(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<PupilOutflowAdvice> {
  const { pupil } = await requirePupilById(ctx, session, pupilId);
  return findOutflowAdvice(ctx.db, pupil.schoolId, pupil.id);
}

/**
 * Sets the pupil's outflow advice (replacing an earlier one). Superusers and sencos of the school, and teachers
 * with a permission on the pupil's current (latest) group; other teachers who may read the pupil get 403, users
 * who may not read the pupil 404. The advice belongs to the school year of that latest group.
 */
export async function setOutflowAdvice(
  ctx: AppContext,
  session: ActiveSession,
  input: PupilOutflowAdviceInput,
): Promise<PupilOutflowAdvice> {
  const { pupil, access } = await requirePupilById(ctx, session, input.pupilId);
  const latest = (await listEnrolments(ctx.db, pupil.schoolId, pupil.id)).at(-1);
  allowOr403(canSetOutflowAdvice(access, latest?.yearClassId ?? null));
  const calendarYear = latest?.calendarYear ?? session.currentSchoolYear ?? schoolYearOf(ctx.now());
  // The advice and the read for the answer in one transaction: a 503 on the read leaves it unchanged.
  return ctx.db.transaction(async (tx) => {
    await upsertOutflowAdvice(tx, {
      schoolId: pupil.schoolId,
      pupilId: pupil.id,
      outflowAdvice: input.outflowAdvice,
      calendarYear,
      changedBy: session.userId,
    });
    return findOutflowAdvice(tx, pupil.schoolId, pupil.id);
  });
}
