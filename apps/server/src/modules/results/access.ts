import type { AppContext } from '../../context';
import { allowOr404, groupFor, requireSchoolAccess, type SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canReadGroupResults } from './policy';

/*
 * Loads what a results call reads, with the caller's access from the one resolver (platform/access, cached per
 * request, so the route's policy and the service share one lookup) and the verdict of the module's policies.
 */

export interface ResultScope {
  access: SchoolAccess;
  /** null: the whole school; otherwise the permitted group ids. */
  groupIds: number[] | null;
}

export async function requireResultScope(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<ResultScope> {
  const access = await requireSchoolAccess(ctx.db, session, schoolId);
  return { access, groupIds: access.groupIds };
}

/** A group the user may read, with the scope of its school. */
export async function requireYearClass(ctx: AppContext, session: ActiveSession, yearClassId: number) {
  const yearClass = await groupFor(ctx.db, session, yearClassId);
  if (!yearClass) throw notFound();
  const scope = await requireResultScope(ctx, session, yearClass.schoolId);
  allowOr404(canReadGroupResults(scope.access, yearClass.id));
  return { yearClass, scope };
}
