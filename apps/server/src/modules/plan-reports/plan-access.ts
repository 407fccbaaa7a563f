import type { AppContext } from '../../context';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { authorizePlan } from '../group-plans/index';
import { findPlanFacts } from './plan-facts-repository';

/**
 * A plan whose reports the user may read, with its group, subject and school: exactly the reads of the plan
 * itself (group-plans' authorizePlan: its group readable, else 404; a restricted user 403).
 */
export async function authorizedPlan(ctx: AppContext, session: ActiveSession, planId: number) {
  const { access, plan } = await authorizePlan(ctx, session, planId);
  const facts = await findPlanFacts(ctx.db, plan);
  if (!facts) throw notFound();
  return { access, plan, facts };
}

/** The plan the route's policy allowed, with the facts its reports show. */
export type AllowedPlanReport = Awaited<ReturnType<typeof authorizedPlan>>;
