import { sql } from 'drizzle-orm';
import { schoolYearOf, type PupilOutflowAdvice, type PupilOutflowAdviceInput } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { pupilOutflowAdvice } from '../../db/schema/index';
import { forbidden } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { requirePupilById } from '../results/access';
import { findOutflowAdvice, listEnrolments } from './repository';

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
  const { pupil, scope } = await requirePupilById(ctx, session, input.pupilId);
  const latest = (await listEnrolments(ctx.db, pupil.schoolId, pupil.id)).at(-1);
  if (scope.groupIds !== null && (!latest || !scope.groupIds.includes(latest.yearClassId))) throw forbidden();
  const calendarYear = latest?.calendarYear ?? session.currentSchoolYear ?? schoolYearOf(ctx.now());
  await ctx.db
    .insert(pupilOutflowAdvice)
    .values({
      schoolId: pupil.schoolId,
      pupilId: pupil.id,
      outflowAdvice: input.outflowAdvice,
      calendarYear,
      changedBy: session.userId,
    })
    .onConflictDoUpdate({
      target: pupilOutflowAdvice.pupilId,
      set: {
        outflowAdvice: input.outflowAdvice,
        calendarYear,
        changedBy: session.userId,
        dateChanged: sql`now()`,
      },
    });
  return findOutflowAdvice(ctx.db, pupil.schoolId, pupil.id);
}
