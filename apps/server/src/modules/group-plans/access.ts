import type { groupPlanTemplateCreateSchema, recentPlanQuerySchema } from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import {
  allowOr403,
  allowOr404,
  authorizeGroup,
  authorizeUser,
  requireSchoolAccess,
  resolveSchoolAccess,
  type SchoolAccess,
} from '../../platform/access/index';
import { notFound, unauthorized } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findUserById } from '../../platform/user-lookup';
import {
  actsAsStaff,
  canCreateSchoolTemplate,
  canManageTemplate,
  canSeeTemplate,
  canUsePlan,
  mayUseGroupPlans,
  type TemplateViewer,
} from './policy';
import { findPlan, type PlanRow } from './plan-repository';
import { findTemplate, type TemplateRow } from './template-repository';

/*
 * The checks of every call, run by the route's policy, which hands what it allowed to the service. Order: what the
 * user may not know of answers 404, then a restricted user 403, then what the user sees but may not do 403.
 */

/** A template the policy allowed the user to change or delete, and how they see it. */
export interface AllowedTemplate {
  viewer: TemplateViewer;
  template: TemplateRow;
}

/** A plan the policy allowed the user to read, change or delete. */
export interface AllowedPlan {
  access: SchoolAccess;
  plan: PlanRow;
}

async function signedInUser(ctx: AppContext, session: ActiveSession) {
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw unauthorized();
  return user;
}

async function isStaff(ctx: AppContext, session: ActiveSession): Promise<boolean> {
  return actsAsStaff(session, await signedInUser(ctx, session), ctx.config.PROVIDER_DOMAIN);
}

/** Who looks at templates of a school: staff or not, and their standing in it (null: not a member). */
export async function templateViewer(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number | null,
): Promise<TemplateViewer> {
  const access = schoolId === null ? null : await resolveSchoolAccess(ctx.db, session, schoolId);
  return { isStaff: await isStaff(ctx, session), access };
}

/** The template list of a school: its members (else 404). */
export async function authorizeTemplateList(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<TemplateViewer & { access: SchoolAccess }> {
  const access = await requireSchoolAccess(ctx.db, session, schoolId);
  return { isStaff: await isStaff(ctx, session), access };
}

/** A new template: a system one by provider staff (403), a school's by its superusers (404 non-members, else 403). */
export async function authorizeTemplateCreate(
  ctx: AppContext,
  session: ActiveSession,
  input: z.output<typeof groupPlanTemplateCreateSchema>,
): Promise<TemplateViewer> {
  if (input.is_system || input.school_id === null) {
    const viewer = await templateViewer(ctx, session, null);
    allowOr403(viewer.isStaff);
    return viewer;
  }
  const access = await requireSchoolAccess(ctx.db, session, input.school_id);
  allowOr403(canCreateSchoolTemplate(access));
  return { isStaff: await isStaff(ctx, session), access };
}

/** A template to change or delete: seen by the user (else 404) and managed by them (else 403). */
export async function authorizeTemplateEdit(
  ctx: AppContext,
  session: ActiveSession,
  id: number,
): Promise<AllowedTemplate> {
  const template = await findTemplate(ctx.db, id);
  if (!template) throw notFound();
  const viewer = await templateViewer(ctx, session, template.schoolId);
  allowOr404(canSeeTemplate(viewer, template));
  allowOr403(canManageTemplate(viewer, template));
  return { viewer, template };
}

/** The restriction comes with the session, read from the account with it on this request. */
const requireUnrestricted = (session: ActiveSession) => authorizeUser(session, mayUseGroupPlans);

/** A group's plans: the group readable (404), the user not restricted (403). */
export async function authorizeGroupPlans(
  ctx: AppContext,
  session: ActiveSession,
  yearClassId: number,
): Promise<SchoolAccess> {
  const access = await authorizeGroup(ctx.db, session, yearClassId);
  requireUnrestricted(session);
  return access;
}

/** A plan to read, change or delete: its group readable (404), the user not restricted (403). */
export async function authorizePlan(
  ctx: AppContext,
  session: ActiveSession,
  planId: number,
): Promise<AllowedPlan> {
  const plan = await findPlan(ctx.db, planId);
  if (!plan) throw notFound();
  const access = await authorizeGroupPlans(ctx, session, plan.yearClassId);
  allowOr404(access.schoolId === plan.schoolId && canUsePlan(access, plan));
  return { access, plan };
}

/**
 * The recent plans of a group (readable, else 404) or of a school (a member, else 404); with both, the group
 * must be of that school (else 404). The user not restricted (403).
 */
export async function authorizeRecentPlans(
  ctx: AppContext,
  session: ActiveSession,
  query: z.output<typeof recentPlanQuerySchema>,
): Promise<SchoolAccess> {
  let access: SchoolAccess;
  if (query.yearclass_id !== undefined) {
    access = await authorizeGroup(ctx.db, session, query.yearclass_id);
    allowOr404(query.school_id === undefined || query.school_id === access.schoolId);
  } else if (query.school_id !== undefined) {
    access = await requireSchoolAccess(ctx.db, session, query.school_id);
  } else {
    // The query schema requires one of them; this keeps a schema change from opening every school.
    throw notFound();
  }
  requireUnrestricted(session);
  return access;
}
