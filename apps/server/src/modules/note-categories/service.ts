import {
  NOTE_CATEGORY_ERRORS as ERRORS,
  type NoteCategory,
  type noteCategoryCreateSchema,
  type noteCategoryQuerySchema,
  type NoteCategoryUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import { lockCategories, type AllowedCategory } from '../pupil-note-categories/index';
import type { AllowedTree, Tree } from './access';
import { activeNotesOf } from './plan-note-service';
import {
  countNotes,
  deleteCategories,
  insertCategory,
  listCategories,
  listDistinctNames,
  listPlacedPupils,
  lockTree,
  setArchived,
  treeRows,
  updateCategory,
  writePlacements,
  type CategoryFilter,
  type CategoryRecord,
  type TreeRow,
  type TreeScope,
} from './repository';
import { archivedFrom, densify, insertion, movement, removal, subtreeIds, wouldCycle } from './tree';

function toCategory(row: CategoryRecord): NoteCategory {
  return {
    id: row.id,
    name: row.name,
    parent_note_category_id: row.parentNoteCategoryId,
    position: row.position,
    layer: row.layer,
    group_plan_id: row.groupPlanId,
    is_archived: row.isArchived,
    date_created: row.dateCreated.toISOString(),
    date_changed: row.dateChanged.toISOString(),
    schoolId: row.schoolId,
    createdBy: row.createdBy,
  };
}

type FieldErrors = Record<string, string[]>;
const invalid = (errors: FieldErrors) => badRequest('Invalid input.', errors);
const scopeOf = (tree: Pick<Tree, 'schoolId' | 'groupPlanId'>): TreeScope => ({
  schoolId: tree.schoolId,
  groupPlanId: tree.groupPlanId,
});

/** The category as stored, for the answer: read in the write's transaction, so a failed read undoes the write. */
async function categoryById(db: Db, access: SchoolAccess, id: number): Promise<NoteCategory> {
  const [row] = await listCategories(db, {
    schoolId: access.schoolId,
    scope: 'school',
    groupIds: null,
    id,
  });
  if (!row) throw new Error('note category not found after writing it');
  return toCategory(row);
}

/* ---------- GET /note_categories/ ---------- */

/** The categories of the plan (`groupPlanId`) or school (null) the policy allowed, with `access` to its school. */
export async function listNoteCategories(
  ctx: AppContext,
  { access, groupPlanId }: { access: SchoolAccess; groupPlanId: number | null },
  query: z.output<typeof noteCategoryQuerySchema>,
): Promise<NoteCategory[]> {
  const filter: CategoryFilter = {
    schoolId: access.schoolId,
    // Without a plan: the school's own list, or for the name suggestions every category the user may know of.
    scope: groupPlanId !== null ? { groupPlanId } : query.distinct_by === 'name' ? 'school' : 'own',
    groupIds: access.groupIds,
    layer: query.layer,
    parentId: query.parent,
    createdBy: query.user,
    pupilId: query.pupil,
    isArchived: query.is_archived === undefined ? undefined : query.is_archived === 'true',
  };
  const rows =
    query.distinct_by === 'name'
      ? await listDistinctNames(ctx.db, filter)
      : await listCategories(ctx.db, filter);
  const categories = rows.map(toCategory);
  const include = new Set(query.include ?? []);
  const ids = categories.map((category) => category.id);
  if (include.has('notes')) {
    const notes = await activeNotesOf(ctx, access, ids);
    for (const category of categories) category.notes = notes.get(category.id) ?? [];
  }
  if (include.has('pupils')) {
    const placed = await listPlacedPupils(ctx.db, ids, access.groupIds);
    for (const category of categories) {
      category.pupils = placed
        .filter((row) => row.noteCategoryId === category.id)
        .map(({ noteCategoryId: _category, ...pupil }) => pupil);
    }
  }
  return categories;
}

/* ---------- POST /note_categories/ ---------- */

/** The problems of hanging a category (active or not) under `parentId` in this tree, by field. */
function parentProblems(
  rows: readonly TreeRow[],
  parentId: number | null,
  layer: TreeRow['layer'],
  staysActive: boolean,
): string[] {
  if (parentId === null) return [];
  const parent = rows.find((row) => row.id === parentId);
  if (!parent) return [ERRORS.parentElsewhere];
  const problems: string[] = [];
  if (parent.layer !== layer) problems.push(ERRORS.parentLayer);
  if (staysActive && archivedFrom(rows, parent.id)) problems.push(ERRORS.parentArchived);
  return problems;
}

export async function createNoteCategory(
  ctx: AppContext,
  { access, tree }: AllowedTree,
  input: z.output<typeof noteCategoryCreateSchema>,
): Promise<NoteCategory> {
  const parentId = input.parent_note_category_id ?? null;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, scopeOf(tree));
    const rows = await treeRows(tx, scopeOf(tree));
    const problems = parentProblems(rows, parentId, input.layer, true);
    if (problems.length > 0) throw invalid({ parent_note_category_id: problems });
    const placed = insertion(rows, parentId, input.position);
    await writePlacements(tx, placed.changes);
    const id = await insertCategory(tx, {
      schoolId: tree.schoolId,
      groupPlanId: tree.groupPlanId,
      parentNoteCategoryId: parentId,
      name: input.name,
      layer: input.layer,
      position: placed.position,
      isArchived: false,
      createdBy: access.userId,
      dateCreated: now,
      dateChanged: now,
    });
    return categoryById(tx, access, id);
  });
}

/* ---------- PATCH /note_categories/{id}/ ---------- */

/** The per-field problems of the change, judged on the tree as it is under the lock. */
function updateProblems(rows: readonly TreeRow[], node: TreeRow, input: NoteCategoryUpdate): FieldErrors {
  const errors: FieldErrors = {};
  const moving =
    input.parent_note_category_id !== undefined && input.parent_note_category_id !== node.parentId;
  const parentId =
    input.parent_note_category_id === undefined ? node.parentId : input.parent_note_category_id;
  const staysActive = !(input.is_archived ?? node.isArchived);
  if (moving) {
    if (wouldCycle(rows, node.id, parentId)) {
      errors.parent_note_category_id = [ERRORS.cycle];
    } else {
      const problems = parentProblems(rows, parentId, node.layer, staysActive);
      if (problems.length > 0) errors.parent_note_category_id = problems;
    }
  } else if (input.is_archived === false && archivedFrom(rows, parentId)) {
    errors.is_archived = [ERRORS.ancestorArchived];
  }
  return errors;
}

export async function changeNoteCategory(
  ctx: AppContext,
  { access, category }: AllowedCategory,
  input: NoteCategoryUpdate,
): Promise<NoteCategory> {
  const { id } = category;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(category);
    await lockTree(tx, scope);
    const rows = await treeRows(tx, scope);
    const node = rows.find((row) => row.id === id);
    // Deleted by someone else since the checks above.
    if (!node) throw notFound();
    const errors = updateProblems(rows, node, input);
    if (Object.keys(errors).length > 0) throw invalid(errors);

    const parentId =
      input.parent_note_category_id === undefined ? node.parentId : input.parent_note_category_id;
    const placements =
      input.parent_note_category_id !== undefined || input.position !== undefined
        ? movement(rows, id, parentId, input.position)
        : densify(rows, node.parentId);
    await writePlacements(tx, placements);
    if (input.is_archived !== undefined) await setArchived(tx, subtreeIds(rows, id), input.is_archived, now);
    await updateCategory(tx, id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      dateChanged: now,
    });
    return categoryById(tx, access, id);
  });
}

/* ---------- DELETE /note_categories/{id}/ ---------- */

/**
 * Deletes the category with its subcategories (and the pupils placed in them), refused (400) while any of them
 * holds a note, archived or not: notes are pupil data a tree edit must not take along. The subtree's rows are
 * locked before the notes are counted, so that a note being written meanwhile is either counted or finds its
 * category gone.
 */
export async function removeNoteCategory(ctx: AppContext, { category }: AllowedCategory): Promise<void> {
  const { id } = category;
  await ctx.db.transaction(async (tx) => {
    const scope = scopeOf(category);
    await lockTree(tx, scope);
    const rows = await treeRows(tx, scope);
    if (!rows.some((row) => row.id === id)) throw notFound();
    const subtree = subtreeIds(rows, id);
    await lockCategories(tx, subtree);
    if ((await countNotes(tx, subtree)) > 0) throw invalid({ non_field_errors: [ERRORS.hasNotes] });
    await writePlacements(tx, removal(rows, id));
    await deleteCategories(tx, subtree);
  });
}
