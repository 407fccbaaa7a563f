import {
  GROUP_PLAN_NOTE_ERRORS,
  NOTE_CATEGORY_ERRORS,
  type groupPlanNoteCreateSchema,
  type groupPlanNoteQuerySchema,
  type noteCategoryCreateSchema,
  type noteCategoryQuerySchema,
} from '@leerzicht/contract';
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
import {
  findPlan,
  isLinked,
  readablePlan,
  visibleCategory,
  type AllowedCategory,
  type CategoryRow,
  type PlanRow,
} from '../pupil-note-categories/index';
import { findPlanNote, isEnrolled, type PlanNoteRecord } from './plan-note-repository';
import {
  canEditPlanNote,
  canNamePupil,
  canReadCategory,
  canWriteCategory,
  mayUseNoteCategories,
} from './policy';

/*
 * The checks of the category trees and the notes in them, run by the routes' policies. A category or plan is
 * looked up and shown to the user by the aggregate's checks in pupil-note-categories (access.ts, through its
 * index.ts); the rules applied here are this module's. Order: what the user may not know of answers 404, then a
 * restricted user 403, then what the user sees but may not do 403; where a request's own fields decide what is
 * asked for, their 400 comes where it always came.
 */

/** The tree a category belongs to, with the group of its plan (null: the school's own list). */
export interface Tree {
  schoolId: number;
  groupPlanId: number | null;
  planGroupId: number | null;
}

/** A tree the policy allowed a category into, with the user's access to its school. */
export interface AllowedTree {
  access: SchoolAccess;
  tree: Tree;
}

/** A note the policy allowed the user to change or delete, with its category. */
export interface AllowedPlanNote extends AllowedCategory {
  note: PlanNoteRecord;
}

const requireUnrestricted = (session: ActiveSession) => authorizeUser(session, mayUseNoteCategories);

const treeOf = (plan: PlanRow): Tree => ({
  schoolId: plan.schoolId,
  groupPlanId: plan.id,
  planGroupId: plan.yearClassId,
});

/** A category to read: its school's member who may know of it (404), unrestricted (403). */
export async function authorizeCategoryRead(
  ctx: AppContext,
  session: ActiveSession,
  categoryId: number,
): Promise<AllowedCategory> {
  const found = await visibleCategory(ctx, session, categoryId, canReadCategory);
  requireUnrestricted(session);
  return found;
}

/** A category to change or write notes in: as reading, then allowed to write there (403). */
export async function authorizeCategoryWrite(
  ctx: AppContext,
  session: ActiveSession,
  categoryId: number,
): Promise<AllowedCategory> {
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
): Promise<AllowedTree> {
  let found: AllowedTree;
  if (body.schoolId !== undefined) {
    const access = await requireSchoolAccess(ctx.db, session, body.schoolId);
    requireUnrestricted(session);
    if (body.group_plan_id === undefined) {
      found = { access, tree: { schoolId: body.schoolId, groupPlanId: null, planGroupId: null } };
    } else {
      const plan = await findPlan(ctx.db, body.group_plan_id);
      if (plan?.schoolId !== body.schoolId)
        throw badRequest('Invalid input.', { group_plan_id: [NOTE_CATEGORY_ERRORS.planOfOtherSchool] });
      // The plan's school is `access`'s: readablePlan's check, on the plan already in hand.
      allowOr404(canReadGroup(access, plan.yearClassId));
      found = { access, tree: treeOf(plan) };
    }
  } else if (body.group_plan_id !== undefined) {
    const { access, plan } = await readablePlan(ctx, session, body.group_plan_id);
    found = { access, tree: treeOf(plan) };
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

const invalidNote = (field: 'noteCategoryId' | 'pupilId', message: string) =>
  badRequest('Invalid input.', { [field]: [message] });

/**
 * The pupil a note names: only in a PUPIL category, a pupil placed in it or enrolled in the plan's group (400
 * otherwise, also for a pupil of another school), whom the user reads (404).
 */
async function checkNamedPupil(
  ctx: AppContext,
  session: ActiveSession,
  category: CategoryRow,
  pupilId: number,
): Promise<void> {
  if (!canNamePupil(category.layer)) throw invalidNote('pupilId', GROUP_PLAN_NOTE_ERRORS.pupilLayer);
  // The category's row carries its plan's group.
  const belongs =
    (await isLinked(ctx.db, pupilId, category.id)) ||
    (category.planGroupId !== null && (await isEnrolled(ctx.db, pupilId, category.planGroupId)));
  if (!belongs) throw invalidNote('pupilId', GROUP_PLAN_NOTE_ERRORS.pupilNotInPlan);
  await authorizePupil(ctx.db, session, pupilId, category.schoolId);
}

/**
 * `POST /group_plan_note/`: a category to write in (as authorizeCategoryWrite) of a plan (400), and the pupil the
 * note names, if any, as checkNamedPupil.
 */
export async function authorizePlanNoteCreate(
  ctx: AppContext,
  session: ActiveSession,
  body: Pick<z.output<typeof groupPlanNoteCreateSchema>, 'noteCategoryId' | 'pupilId'>,
): Promise<AllowedCategory> {
  const found = await authorizeCategoryWrite(ctx, session, body.noteCategoryId);
  if (found.category.groupPlanId === null)
    throw invalidNote('noteCategoryId', GROUP_PLAN_NOTE_ERRORS.notInPlan);
  if (body.pupilId !== undefined && body.pupilId !== null)
    await checkNamedPupil(ctx, session, found.category, body.pupilId);
  return found;
}

/**
 * A note to change or delete: its category readable and writable (404, 403), its pupil (if any) readable (404),
 * and the note the user's to edit (403).
 */
export async function authorizePlanNoteEdit(
  ctx: AppContext,
  session: ActiveSession,
  noteId: number,
): Promise<AllowedPlanNote> {
  const note = await findPlanNote(ctx.db, noteId);
  if (!note) throw notFound();
  const { access, category } = await authorizeCategoryRead(ctx, session, note.noteCategoryId);
  allowOr404(access.schoolId === note.schoolId);
  if (note.pupilId !== null) await authorizePupil(ctx.db, session, note.pupilId, access.schoolId);
  allowOr403(canWriteCategory(access, category) && canEditPlanNote(access, note));
  return { access, category, note };
}
