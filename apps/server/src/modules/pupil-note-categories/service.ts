import {
  PUPIL_NOTE_CATEGORY_ERRORS as ERRORS,
  type PupilNoteCategoryLink,
  type pupilNoteCategoryCreateSchema,
  type pupilNoteCategoryQuerySchema,
  type PupilNoteCategoryUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { AllowedCategory, AllowedLink } from './access';
import {
  deleteLink,
  insertLink,
  isLinked,
  isUniqueViolation,
  listLinks,
  lockCategories,
  lockLink,
  orderedLinkIds,
  updateLink,
  writePositions,
  type LinkView,
} from './repository';

function toLink(row: LinkView): PupilNoteCategoryLink {
  return {
    id: row.link.id,
    pupilId: row.link.pupilId,
    noteCategoryId: row.link.noteCategoryId,
    position: row.link.position,
    noteCategory: row.category,
    firstName: row.pupil.firstName,
    lastNamePrefix: row.pupil.lastNamePrefix,
    lastName: row.pupil.lastName,
    dateCreated: row.link.dateCreated.toISOString(),
    dateChanged: row.link.dateChanged.toISOString(),
  };
}

const invalid = (field: 'pupilId' | 'noteCategoryId', message: string) =>
  badRequest('Invalid input.', { [field]: [message] });

/** Where a link goes in a list of `length` others: the asked position, at most the end; else `fallback`. */
const placeAt = (position: number | undefined, fallback: number, length: number) =>
  Math.min(position ?? fallback, length);

/** The link as stored, for the answer: read in the write's transaction, so a failed read undoes the write. */
async function linkById(db: Db, access: SchoolAccess, id: number): Promise<PupilNoteCategoryLink> {
  const [row] = await listLinks(db, { schoolId: access.schoolId, id, groupIds: null });
  if (!row) throw new Error('pupil note category link not found after writing it');
  return toLink(row);
}

/** The placements the list's filters ask for, in the school of the first filter (as the policy allowed). */
export async function listPupilNoteCategoryLinks(
  ctx: AppContext,
  access: SchoolAccess,
  query: z.output<typeof pupilNoteCategoryQuerySchema>,
): Promise<PupilNoteCategoryLink[]> {
  const rows = await listLinks(ctx.db, {
    schoolId: access.schoolId,
    noteCategoryId: query.note_category_id,
    groupPlanId: query.group_plan_id,
    pupilId: query.pupil_id,
    groupIds: access.groupIds,
  });
  return rows.map(toLink);
}

/** Places the pupil in the category, both as the policy allowed (a placeable category, a readable pupil). */
export async function createPupilNoteCategoryLink(
  ctx: AppContext,
  { access, category }: AllowedCategory,
  input: z.output<typeof pupilNoteCategoryCreateSchema>,
): Promise<PupilNoteCategoryLink> {
  if (await isLinked(ctx.db, input.pupilId, category.id)) throw invalid('pupilId', ERRORS.alreadyLinked);

  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockCategories(tx, [category.id]);
      const ids = await orderedLinkIds(tx, category.id);
      const at = placeAt(input.position, ids.length, ids.length);
      const created = await insertLink(tx, {
        schoolId: category.schoolId,
        pupilId: input.pupilId,
        noteCategoryId: category.id,
        position: at,
        dateCreated: now,
        dateChanged: now,
      });
      ids.splice(at, 0, created);
      await writePositions(tx, ids);
      return linkById(tx, access, created);
    });
  } catch (error) {
    // Two requests placing the same pupil at once: the unique key decides, the loser hears why.
    if (isUniqueViolation(error)) throw invalid('pupilId', ERRORS.alreadyLinked);
    throw error;
  }
}

/** Moves the link within its category or to the one the policy allowed as `target`. */
export async function changePupilNoteCategoryLink(
  ctx: AppContext,
  { access, category, link, target }: AllowedLink,
  input: PupilNoteCategoryUpdate,
): Promise<PupilNoteCategoryLink> {
  const { id } = link;
  if (target.id !== category.id && (await isLinked(ctx.db, link.pupilId, target.id)))
    throw invalid('noteCategoryId', ERRORS.alreadyLinked);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockCategories(tx, [category.id, target.id]);
      const current = await lockLink(tx, id);
      // Deleted or moved by someone else since the checks above.
      if (current?.noteCategoryId !== category.id) throw notFound();
      const ordered = await orderedLinkIds(tx, category.id);
      const others = ordered.filter((other) => other !== id);
      if (target.id === category.id) {
        others.splice(placeAt(input.position, ordered.indexOf(id), others.length), 0, id);
        await updateLink(tx, id, { dateChanged: now });
        await writePositions(tx, others);
        return linkById(tx, access, id);
      }
      await writePositions(tx, others);
      const targetIds = await orderedLinkIds(tx, target.id);
      const at = placeAt(input.position, targetIds.length, targetIds.length);
      await updateLink(tx, id, { noteCategoryId: target.id, position: at, dateChanged: now });
      targetIds.splice(at, 0, id);
      await writePositions(tx, targetIds);
      return linkById(tx, access, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid('noteCategoryId', ERRORS.alreadyLinked);
    throw error;
  }
}

export async function removePupilNoteCategoryLink(
  ctx: AppContext,
  { category, link }: AllowedLink,
): Promise<void> {
  const { id } = link;
  await ctx.db.transaction(async (tx) => {
    await lockCategories(tx, [category.id]);
    const current = await lockLink(tx, id);
    if (current?.noteCategoryId !== category.id) throw notFound();
    await deleteLink(tx, id);
    await writePositions(tx, await orderedLinkIds(tx, category.id));
  });
}
