import type { AppContext } from '../../context';
import { authorizeGroup, groupFor } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canReadGroupGoals } from './policy';

/** The group of a test-overview call, when the caller may read it (404 otherwise): the route's policy. */
export async function requireGoalGroup(ctx: AppContext, session: ActiveSession, yearClassId: number) {
  const access = await authorizeGroup(ctx.db, session, yearClassId, canReadGroupGoals);
  const yearClass = await groupFor(ctx.db, session, yearClassId);
  if (!yearClass || yearClass.schoolId !== access.schoolId) throw notFound();
  return { access, yearClass };
}

/** The group the policy allowed, with the access that allowed it. */
export type GoalGroup = Awaited<ReturnType<typeof requireGoalGroup>>;
