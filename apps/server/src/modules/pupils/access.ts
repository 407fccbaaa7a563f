import type { AppContext } from '../../context';
import { allowOr404, pupilTenancyFor, requireSchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canReadPupilDetail } from './policy';
import { findPupil, findPupilSchoolId } from './repository';

/*
 * Loads the pupil a call reads, with the caller's access from the one resolver (platform/access, cached per
 * request, so the route's policy and the service share one lookup) and the verdict of canReadPupilDetail.
 */

/** A pupil of `schoolId` the user may read (404 otherwise). */
export async function requirePupil(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
  schoolId: number,
) {
  const access = await requireSchoolAccess(ctx.db, session, schoolId);
  const [pupil, tenancy] = await Promise.all([
    findPupil(ctx.db, schoolId, pupilId),
    pupilTenancyFor(ctx.db, session, pupilId),
  ]);
  if (!pupil || !tenancy) throw notFound();
  allowOr404(canReadPupilDetail(access, tenancy.groupIds));
  return { pupil, access };
}

/** As requirePupil, for calls that name only the pupil (its school is looked up; unknown pupil → 404). */
export async function requirePupilById(ctx: AppContext, session: ActiveSession, pupilId: number) {
  const schoolId = await findPupilSchoolId(ctx.db, pupilId);
  if (schoolId === null) throw notFound();
  return requirePupil(ctx, session, pupilId, schoolId);
}
