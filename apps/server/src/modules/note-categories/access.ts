import type {
  groupPlanNoteQuerySchema,
  noteCategoryCreateSchema,
  noteCategoryQuerySchema,
} from '@leerzicht/contract';
import { NOTE_CATEGORY_ERRORS } from '@leerzicht/contract';
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
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findCategory, findPlan, type CategoryRow } from '../pupil-note-categories/index';
import { findPlanNote, type PlanNoteRecord } from './plan-note-repository';
import { canEditPlanNote, canReadCategory, canWriteCategory, mayUseNoteCategories } from './policy';

/*
 * The checks of every call, run by the route's policy and again by the service (the resolver caches the school
 * access per request). Order: what the user may not know of answers 404, then a restricted user 403, then what
 * the user sees but may not do 403.
 */

/** The tree a category belongs to, with the group of its plan (null: the school's own list). */
export interface Tree {
  schoolId: number;
  groupPlanId: number | null;
  planGroupId: number | null;
}

const requireUnrestricted = (session: ActiveSession) => authorizeUser(session, mayUseNoteCategories);

/** A plan of a group the user reads (else 404), with the user's access to its school. */
async function readablePlan(
  ctx: AppContext,
  session: ActiveSession,
  planId: number,
): Promise<{ access: SchoolAccess; tree: Tree }> {
  const plan = await findPlan(ctx.db, planId);
  if (!plan) throw notFound();
  const access = await requireSchoolAccess(ctx.db, session, plan.schoolId);
  allowOr404(canReadGroup(access, plan.yearClassId));
  return { access, tree: { schoolId: plan.schoolId, groupPlanId: plan.id, planGroupId: plan.yearClassId } };
}

/** A category to read: its school's member who may know of it (404), unrestricted (403). */
export async function authorizeCategoryRead(
  ctx: AppContext,
  session: ActiveSession,
  categoryId: number,
): Promise<{ access: SchoolAccess; category: CategoryRow }> {
  const category = await findCategory(ctx.db, categoryId);
  if (!category) throw notFound();
  const access = await requireSchoolAccess(ctx.db, session, category.schoolId);
  allowOr404(canReadCategory(access, category));
  requireUnrestricted(session);
  return { access, category };
}

/** A category to change or write notes in: as reading, then allowed to write there (403). */
export async function authorizeCategoryWrite(
  ctx: AppContext,
  session: ActiveSession,
  categoryId: number,
): Promise<{ access: SchoolAccess; category: CategoryRow }> {
  const found = await authorizeCategoryRead(ctx, session, categoryId);
  allowOr403(canWriteCategory(found.access, found.category));
  return found;
}

/**
 * `GET /note_categories/`: the plan (readable, else 404) or the school (a member, else 404), a readable pupil of
 * that school for the pupil filter (404), and the user not restricted (403). A school_id beside a plan of another
 * school answers 404.
 */
export async function authorizeCategoryQuery(
  ctx: AppContext,
  session: ActiveSession,
  query: z.output<typeof noteCategoryQuerySchema>,
): Promise<{ access: SchoolAccess; groupPlanId: number | null }> {
  let found: { access: SchoolAccess; groupPlanId: number | null };
  if (query.group_plan_id !== undefined) {
    const { access } = await readablePlan(ctx, session, query.group_plan_id);
    if (query.school_id !== undefined && query.school_id !== access.schoolId) throw notFound();
    found = { access, groupPlanId: query.group_plan_id };
  } else if (query.school_id !== undefined) {
    found = { access: await requireSchoolAccess(ctx.db, session, query.school_id), groupPlanId: null };
  } else {
    // The query schema requires one of them; this keeps a schema change from opening every school.
    throw notFound();
  }
  if (query.pupil !== undefined) await authorizePupil(ctx.db, session, query.pupil, found.access.schoolId);
  requireUnrestricted(session);
  return found;
}

/**
 * `POST /note_categories/`: the tree the category goes into. In a plan: the plan readable (404), its group's
 * teachers, sencos and superusers write. In the school's own list (`schoolId` alone): the school's superusers
 * (403). With both, the plan must be of that school (400, whether it exists elsewhere or not at all).
 */
export async function authorizeCategoryCreate(
  ctx: AppContext,
  session: ActiveSession,
  body: z.output<typeof noteCategoryCreateSchema>,
): Promise<{ access: SchoolAccess; tree: Tree }> {
  let found: { access: SchoolAccess; tree: Tree };
  if (body.schoolId !== undefined) {
    const access = await requireSchoolAccess(ctx.db, session, body.schoolId);
    requireUnrestricted(session);
    if (body.group_plan_id === undefined) {
      found = { access, tree: { schoolId: body.schoolId, groupPlanId: null, planGroupId: null } };
    } else {
      const plan = await findPlan(ctx.db, body.group_plan_id);
      if (plan?.schoolId !== body.schoolId)
        throw badRequest('Invalid input.', { group_plan_id: [NOTE_CATEGORY_ERRORS.planOfOtherSchool] });
      found = await readablePlan(ctx, session, plan.id);
    }
  } else if (body.group_plan_id !== undefined) {
    found = await readablePlan(ctx, session, body.group_plan_id);
    requireUnrestricted(session);
  } else {
    throw badRequest('Invalid input.', { group_plan_id: [NOTE_CATEGORY_ERRORS.scopeRequired] });
  }
  allowOr403(canWriteCategory(found.access, found.tree));
  return found;
}

/**
 * `GET /group_plan_note/`: each filter given must be readable (a category as authorizeCategoryRead, a plan of a
 * readable group, a readable pupil; else 404), and the user not restricted (403). The list is of the school of the
 * category or plan; a plan and a category of different schools match nothing.
 */
export async function authorizePlanNoteQuery(
  ctx: AppContext,
  session: ActiveSession,
  query: z.output<typeof groupPlanNoteQuerySchema>,
): Promise<SchoolAccess> {
  const accesses: SchoolAccess[] = [];
  if (query.note_category_id !== undefined)
    accesses.push((await authorizeCategoryRead(ctx, session, query.note_category_id)).access);
  if (query.group_plan_id !== undefined)
    accesses.push((await readablePlan(ctx, session, query.group_plan_id)).access);
  const [first] = accesses;
  // The query schema requires a category or a plan; this keeps a schema change from opening the whole table.
  if (!first) throw notFound();
  if (query.pupil_id !== undefined) await authorizePupil(ctx.db, session, query.pupil_id, first.schoolId);
  requireUnrestricted(session);
  return first;
}

/**
 * A note to change or delete: its category readable and writable (404, 403), its pupil (if any) readable (404),
 * and the note the user's to edit (403).
 */
export async function authorizePlanNoteEdit(
  ctx: AppContext,
  session: ActiveSession,
  noteId: number,
): Promise<{ access: SchoolAccess; category: CategoryRow; note: PlanNoteRecord }> {
  const note = await findPlanNote(ctx.db, noteId);
  if (!note) throw notFound();
  const { access, category } = await authorizeCategoryRead(ctx, session, note.noteCategoryId);
  allowOr404(access.schoolId === note.schoolId);
  if (note.pupilId !== null) await authorizePupil(ctx.db, session, note.pupilId, access.schoolId);
  allowOr403(canWriteCategory(access, category) && canEditPlanNote(access, note));
  return { access, category, note };
}
