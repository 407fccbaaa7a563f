import { and, asc, count, desc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  groupPlanNotes,
  groupPlans,
  noteCategories,
  pupilNoteCategoryLinks,
  pupils,
  schools,
  yearClassPupils,
} from '../../db/schema/index';
import type { Placement, TreeNode } from './tree';

export type CategoryRecord = typeof noteCategories.$inferSelect;
export type NoteLayerValue = CategoryRecord['layer'];

/** One tree: the categories of a group plan, or (groupPlanId null) the school's own list. */
export interface TreeScope {
  schoolId: number;
  groupPlanId: number | null;
}

export interface TreeRow extends TreeNode {
  layer: NoteLayerValue;
}

const inScope = (scope: TreeScope): SQL | undefined =>
  and(
    eq(noteCategories.schoolId, scope.schoolId),
    scope.groupPlanId === null
      ? isNull(noteCategories.groupPlanId)
      : eq(noteCategories.groupPlanId, scope.groupPlanId),
  );

/* ---------- reading ---------- */

export interface CategoryFilter {
  schoolId: number;
  /**
   * Which categories: those of one plan, the school's own list ('own'), or every category of the school the
   * reader may know of ('school': the own list and, for a teacher, the plans of `groupIds`).
   */
  scope: { groupPlanId: number } | 'own' | 'school';
  /** null: the whole school; otherwise a teacher's permitted groups. */
  groupIds: readonly number[] | null;
  id?: number;
  layer?: NoteLayerValue;
  /** null: the roots. */
  parentId?: number | null;
  createdBy?: number;
  pupilId?: number;
  isArchived?: boolean;
}

function scopeCondition(filter: CategoryFilter): SQL | undefined {
  if (filter.scope === 'own') return isNull(noteCategories.groupPlanId);
  if (filter.scope !== 'school') return eq(noteCategories.groupPlanId, filter.scope.groupPlanId);
  if (filter.groupIds === null) return undefined;
  return filter.groupIds.length === 0
    ? isNull(noteCategories.groupPlanId)
    : or(isNull(noteCategories.groupPlanId), inArray(groupPlans.yearClassId, [...filter.groupIds]));
}

function whereOf(filter: CategoryFilter): SQL | undefined {
  return and(
    eq(noteCategories.schoolId, filter.schoolId),
    scopeCondition(filter),
    filter.id === undefined ? undefined : eq(noteCategories.id, filter.id),
    filter.layer === undefined ? undefined : eq(noteCategories.layer, filter.layer),
    filter.parentId === undefined
      ? undefined
      : filter.parentId === null
        ? isNull(noteCategories.parentNoteCategoryId)
        : eq(noteCategories.parentNoteCategoryId, filter.parentId),
    filter.createdBy === undefined ? undefined : eq(noteCategories.createdBy, filter.createdBy),
    filter.isArchived === undefined ? undefined : eq(noteCategories.isArchived, filter.isArchived),
    filter.pupilId === undefined
      ? undefined
      : sql`exists (select 1 from ${pupilNoteCategoryLinks}
          where ${pupilNoteCategoryLinks.noteCategoryId} = ${noteCategories.id}
            and ${pupilNoteCategoryLinks.pupilId} = ${filter.pupilId})`,
  );
}

/** The categories matching the filter, by parent (roots first), then position. */
export function listCategories(db: Db, filter: CategoryFilter): Promise<CategoryRecord[]> {
  return db
    .select({ category: noteCategories })
    .from(noteCategories)
    .leftJoin(groupPlans, eq(groupPlans.id, noteCategories.groupPlanId))
    .where(whereOf(filter))
    .orderBy(
      sql`${noteCategories.parentNoteCategoryId} asc nulls first`,
      asc(noteCategories.position),
      asc(noteCategories.id),
    )
    .then((rows) => rows.map((row) => row.category));
}

/** One row per name among the categories matching the filter (the most recently changed one), by name. */
export function listDistinctNames(db: Db, filter: CategoryFilter): Promise<CategoryRecord[]> {
  return db
    .selectDistinctOn([noteCategories.name], { category: noteCategories })
    .from(noteCategories)
    .leftJoin(groupPlans, eq(groupPlans.id, noteCategories.groupPlanId))
    .where(whereOf(filter))
    .orderBy(asc(noteCategories.name), desc(noteCategories.dateChanged), desc(noteCategories.id))
    .then((rows) => rows.map((row) => row.category));
}

/**
 * The pupils placed in the categories, by category then position. A teacher (`groupIds`) sees only pupils ever
 * enrolled in one of their groups.
 */
export function listPlacedPupils(db: Db, categoryIds: readonly number[], groupIds: readonly number[] | null) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  const readable =
    groupIds === null
      ? undefined
      : groupIds.length === 0
        ? sql`false`
        : exists(
            db
              .select({ one: sql`1` })
              .from(yearClassPupils)
              .where(
                and(
                  eq(yearClassPupils.pupilId, pupilNoteCategoryLinks.pupilId),
                  inArray(yearClassPupils.yearClassId, [...groupIds]),
                ),
              ),
          );
  return db
    .select({
      linkId: pupilNoteCategoryLinks.id,
      noteCategoryId: pupilNoteCategoryLinks.noteCategoryId,
      pupilId: pupilNoteCategoryLinks.pupilId,
      position: pupilNoteCategoryLinks.position,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
    })
    .from(pupilNoteCategoryLinks)
    .innerJoin(pupils, eq(pupils.id, pupilNoteCategoryLinks.pupilId))
    .where(and(inArray(pupilNoteCategoryLinks.noteCategoryId, [...categoryIds]), readable))
    .orderBy(
      asc(pupilNoteCategoryLinks.noteCategoryId),
      asc(pupilNoteCategoryLinks.position),
      asc(pupilNoteCategoryLinks.id),
    );
}

/* ---------- writing: one transaction per change, holding the tree's lock ---------- */

/*
 * Every change of a tree first locks the row that owns the tree (the group plan, or for the school's own list the
 * school) with FOR NO KEY UPDATE, so that changes of one tree run one after the other, including the first
 * category of an empty tree, while inserts elsewhere that only reference the row (their foreign-key checks take a
 * KEY SHARE lock) go on. It then reads the whole tree: positions, the cycle check and the archive rule are decided
 * on rows no one else can change meanwhile.
 */
export async function lockTree(tx: Db, scope: TreeScope): Promise<void> {
  if (scope.groupPlanId === null) {
    await tx
      .select({ id: schools.id })
      .from(schools)
      .where(eq(schools.id, scope.schoolId))
      .for('no key update');
    return;
  }
  await tx
    .select({ id: groupPlans.id })
    .from(groupPlans)
    .where(eq(groupPlans.id, scope.groupPlanId))
    .for('no key update');
}

/** Every category of the tree with what the tree rules need. */
export function treeRows(tx: Db, scope: TreeScope): Promise<TreeRow[]> {
  return tx
    .select({
      id: noteCategories.id,
      parentId: noteCategories.parentNoteCategoryId,
      position: noteCategories.position,
      isArchived: noteCategories.isArchived,
      layer: noteCategories.layer,
    })
    .from(noteCategories)
    .where(inScope(scope));
}

export async function insertCategory(tx: Db, values: typeof noteCategories.$inferInsert): Promise<number> {
  const [row] = await tx.insert(noteCategories).values(values).returning({ id: noteCategories.id });
  if (!row) throw new Error('note category not stored');
  return row.id;
}

/** Gives the categories their new parents and positions in one statement. */
export async function writePlacements(tx: Db, placements: readonly Placement[]): Promise<void> {
  if (placements.length === 0) return;
  const column = (values: (number | null)[]) =>
    sql`array[${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}]::integer[]`;
  await tx.execute(sql`
    update ${noteCategories}
    set parent_note_category_id = c.parent_id, position = c.position
    from unnest(
      ${column(placements.map((p) => p.id))},
      ${column(placements.map((p) => p.parentId))},
      ${column(placements.map((p) => p.position))}
    ) as c(id, parent_id, position)
    where ${noteCategories.id} = c.id`);
}

export async function updateCategory(
  tx: Db,
  id: number,
  changes: Partial<Pick<CategoryRecord, 'name' | 'dateChanged'>>,
): Promise<void> {
  await tx.update(noteCategories).set(changes).where(eq(noteCategories.id, id));
}

export async function setArchived(
  tx: Db,
  ids: readonly number[],
  isArchived: boolean,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(noteCategories)
    .set({ isArchived, dateChanged: now })
    .where(inArray(noteCategories.id, [...ids]));
}

/** How many notes (archived or not) the categories hold. */
export async function countNotes(tx: Db, categoryIds: readonly number[]): Promise<number> {
  if (categoryIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(groupPlanNotes)
    .where(inArray(groupPlanNotes.noteCategoryId, [...categoryIds]));
  return row?.n ?? 0;
}

export async function deleteCategories(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(noteCategories).where(inArray(noteCategories.id, [...ids]));
}
