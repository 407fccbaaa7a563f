import type { pupilNoteCategoryQuerySchema } from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import {
  allowOr403,
  allowOr404,
  authorizePupil,
  authorizeUser,
  canReadGroup,
  requireSchoolAccess,
  type SchoolAccess,
} from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canReadLinkedPupil, canSeeCategory, canUseCategory, mayUsePupilNoteCategories } from './policy';
import { findCategory, findLink, findPlan, type CategoryRow, type LinkRow } from './repository';

/*
 * The checks of every call, run by the route's policy and again by the service (the resolver caches the school
 * access per request). Order: what the user may not know of answers 404, then a restricted user 403, then what
 * the user sees but may not do 403.
 */

const requireUnrestricted = (session: ActiveSession) => authorizeUser(session, mayUsePupilNoteCategories);

/** A category the user works in: its school's member who may know of it (404), unrestricted, allowed (403). */
export async function authorizeCategory(
  ctx: AppContext,
  session: ActiveSession,
  categoryId: number,
): Promise<{ access: SchoolAccess; category: CategoryRow }> {
  const category = await findCategory(ctx.db, categoryId);
  if (!category) throw notFound();
  const access = await requireSchoolAccess(ctx.db, session, category.schoolId);
  allowOr404(canSeeCategory(access, category));
  requireUnrestricted(session);
  allowOr403(canUseCategory(access, category));
  return { access, category };
}

/** A pupil of the school the user reads (else 404). */
export function authorizeLinkedPupil(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
  schoolId: number,
) {
  return authorizePupil(ctx.db, session, pupilId, schoolId, canReadLinkedPupil);
}

/** A link to read, move or delete: its category as authorizeCategory, its pupil readable (404). */
export async function authorizeLink(
  ctx: AppContext,
  session: ActiveSession,
  linkId: number,
): Promise<{ access: SchoolAccess; category: CategoryRow; link: LinkRow }> {
  const link = await findLink(ctx.db, linkId);
  if (!link) throw notFound();
  const { access, category } = await authorizeCategory(ctx, session, link.noteCategoryId);
  allowOr404(access.schoolId === link.schoolId);
  await authorizeLinkedPupil(ctx, session, link.pupilId, access.schoolId);
  return { access, category, link };
}

/**
 * The list's filters: each one given must be something the user may read (a category as authorizeCategory, a
 * plan of a readable group, a readable pupil; else 404), and the user not restricted (403). The list is then
 * of the school of the first filter (filters of different schools match nothing).
 */
export async function authorizeLinkQuery(
  ctx: AppContext,
  session: ActiveSession,
  query: z.output<typeof pupilNoteCategoryQuerySchema>,
): Promise<SchoolAccess> {
  const accesses: SchoolAccess[] = [];
  if (query.note_category_id !== undefined)
    accesses.push((await authorizeCategory(ctx, session, query.note_category_id)).access);
  if (query.group_plan_id !== undefined) {
    const plan = await findPlan(ctx.db, query.group_plan_id);
    if (!plan) throw notFound();
    const access = await requireSchoolAccess(ctx.db, session, plan.schoolId);
    allowOr404(canReadGroup(access, plan.yearClassId));
    accesses.push(access);
  }
  if (query.pupil_id !== undefined) accesses.push(await authorizePupil(ctx.db, session, query.pupil_id));
  requireUnrestricted(session);
  const [first] = accesses;
  // The query schema requires a filter; this keeps a schema change from opening the whole table.
  if (!first) throw notFound();
  return first;
}
