import {
  PUPIL_NOTE_CATEGORY_ERRORS as ERRORS,
  type pupilNoteCategoryCreateSchema,
  type pupilNoteCategoryQuerySchema,
  type PupilNoteCategoryUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import {
  allowOr403,
  allowOr404,
  authorizePupil,
  authorizeUser,
  canReadGroup,
  pupilTenancyFor,
  requireSchoolAccess,
  type SchoolAccess,
} from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import {
  canReadLinkedPupil,
  canSeeCategory,
  canUseCategory,
  isPlaceableLayer,
  mayUsePupilNoteCategories,
} from './policy';
import { findCategory, findLink, findPlan, type CategoryRow, type LinkRow } from './repository';

/*
 * The checks of the note categories aggregate, run by the routes' policies: the lookups of a category and of a
 * plan that this module's routes and those of note-categories (through index.ts) decide on, and the checks of
 * the pupils placed in categories. Order: what the user may not know of answers 404, then a restricted user 403,
 * then what the user sees but may not do 403; where a request's own fields decide which object is asked for, their
 * 400 comes where it always came.
 */

/** A category with the user's access to its school. */
export interface AllowedCategory {
  access: SchoolAccess;
  category: CategoryRow;
}

/** A placed pupil the policy allowed to move or remove, with its category and the category it moves to. */
export interface AllowedLink extends AllowedCategory {
  link: LinkRow;
  /** Where the link goes: the category itself unless the change names another one. */
  target: CategoryRow;
}

export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

const requireUnrestricted = (session: ActiveSession) => authorizeUser(session, mayUsePupilNoteCategories);

const invalid = (field: 'pupilId' | 'noteCategoryId', message: string) =>
  badRequest('Invalid input.', { [field]: [message] });

/** A category the user may know of: its school's member (404) to whom `maySee` shows it (404). */
export async function visibleCategory(
  ctx: AppContext,
  session: ActiveSession,
  categoryId: number,
  maySee: (access: SchoolAccess, category: CategoryRow) => boolean = canSeeCategory,
): Promise<AllowedCategory> {
  const category = await findCategory(ctx.db, categoryId);
  if (!category) throw notFound();
  const access = await requireSchoolAccess(ctx.db, session, category.schoolId);
  allowOr404(maySee(access, category));
  return { access, category };
}

/** A plan of a group the user reads (else 404), with the user's access to its school. */
export async function readablePlan(
  ctx: AppContext,
  session: ActiveSession,
  planId: number,
): Promise<{ access: SchoolAccess; plan: PlanRow }> {
  const plan = await findPlan(ctx.db, planId);
  if (!plan) throw notFound();
  const access = await requireSchoolAccess(ctx.db, session, plan.schoolId);
  allowOr404(canReadGroup(access, plan.yearClassId));
  return { access, plan };
}

/** A category the user places pupils in: one they may know of (404), unrestricted, allowed (403). */
export async function authorizeCategory(
  ctx: AppContext,
  session: ActiveSession,
  categoryId: number,
): Promise<AllowedCategory> {
  const found = await visibleCategory(ctx, session, categoryId);
  requireUnrestricted(session);
  allowOr403(canUseCategory(found.access, found.category));
  return found;
}

/**
 * `POST /pupil_note_categories/`: the category as authorizeCategory; a category of a placeable layer and a pupil
 * of its school (400 naming each field that fails); the pupil one the user reads (404).
 */
export async function authorizeLinkCreate(
  ctx: AppContext,
  session: ActiveSession,
  body: Pick<z.output<typeof pupilNoteCategoryCreateSchema>, 'noteCategoryId' | 'pupilId'>,
): Promise<AllowedCategory> {
  const { access, category } = await authorizeCategory(ctx, session, body.noteCategoryId);
  const errors: Record<string, string[]> = {};
  if (!isPlaceableLayer(category.layer)) errors.noteCategoryId = [ERRORS.wrongLayer];
  const pupil = await pupilTenancyFor(ctx.db, session, body.pupilId);
  if (pupil?.schoolId !== category.schoolId) errors.pupilId = [ERRORS.unknownPupil];
  if (!pupil || Object.keys(errors).length > 0) throw badRequest('Invalid input.', errors);
  // The pupil is of the category's school, whose access `access` is.
  allowOr404(canReadLinkedPupil(access, pupil.groupIds));
  return { access, category };
}

/**
 * The category a link moves to: of the same plan (or the school's own list) and school, and of a placeable layer
 * (400); one the user places pupils in (403). The same plan is the same group, so the 403 holds whenever the
 * link's own category passed.
 */
async function targetCategory(
  ctx: AppContext,
  access: SchoolAccess,
  source: CategoryRow,
  targetId: number | undefined,
): Promise<CategoryRow> {
  if (targetId === undefined || targetId === source.id) return source;
  const target = await findCategory(ctx.db, targetId);
  if (!target || target.schoolId !== source.schoolId || target.groupPlanId !== source.groupPlanId)
    throw invalid('noteCategoryId', ERRORS.otherPlan);
  if (!isPlaceableLayer(target.layer)) throw invalid('noteCategoryId', ERRORS.wrongLayer);
  allowOr403(canUseCategory(access, target));
  return target;
}

/**
 * A link to move or delete: its category as authorizeCategory, its pupil readable (404); for a move, the category
 * it goes to as targetCategory.
 */
export async function authorizeLink(
  ctx: AppContext,
  session: ActiveSession,
  linkId: number,
  change: Pick<PupilNoteCategoryUpdate, 'noteCategoryId'> = {},
): Promise<AllowedLink> {
  const link = await findLink(ctx.db, linkId);
  if (!link) throw notFound();
  const { access, category } = await authorizeCategory(ctx, session, link.noteCategoryId);
  allowOr404(access.schoolId === link.schoolId);
  await authorizePupil(ctx.db, session, link.pupilId, access.schoolId, canReadLinkedPupil);
  const target = await targetCategory(ctx, access, category, change.noteCategoryId);
  return { access, category, link, target };
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
  if (query.group_plan_id !== undefined)
    accesses.push((await readablePlan(ctx, session, query.group_plan_id)).access);
  if (query.pupil_id !== undefined) accesses.push(await authorizePupil(ctx.db, session, query.pupil_id));
  requireUnrestricted(session);
  const [first] = accesses;
  // The query schema requires a filter; this keeps a schema change from opening the whole table.
  if (!first) throw notFound();
  return first;
}
