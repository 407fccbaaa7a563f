import type { AppContext } from '../../context';
import { resolveSchoolAccess, type SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findUserById } from '../../platform/user-lookup';
import { canUpload } from './policy';

/** Provider staff who are superusers of the school, in their own session; everyone else 404. */
export async function requireUploader(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<SchoolAccess> {
  const user = await findUserById(ctx.db, session.userId);
  const access = await resolveSchoolAccess(ctx.db, session, schoolId);
  if (!access || !canUpload(session, user, access, ctx.config.PROVIDER_DOMAIN)) throw notFound();
  return access;
}
