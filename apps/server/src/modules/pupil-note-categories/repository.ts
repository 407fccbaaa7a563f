import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  groupPlans,
  noteCategories,
  pupilNoteCategoryLinks,
  pupils,
  yearClassPupils,
} from '../../db/schema/index';

/** A note category with the group of its plan (null: a category of the school's own list, outside any plan). */
export interface CategoryRow {
  id: number;
  schoolId: number;
  name: string;
  layer: (typeof noteCategories.$inferSelect)['layer'];
  groupPlanId: number | null;
  planGroupId: number | null;
}

export type LinkRow = typeof pupilNoteCategoryLinks.$inferSelect;

const categoryColumns = {
  id: noteCategories.id,
  schoolId: noteCategories.schoolId,
  name: noteCategories.name,
  layer: noteCategories.layer,
  groupPlanId: noteCategories.groupPlanId,
  planGroupId: groupPlans.yearClassId,
};

export async function findCategory(db: Db, id: number): Promise<CategoryRow | null> {
  const [row] = await db
    .select(categoryColumns)
    .from(noteCategories)
    .leftJoin(groupPlans, eq(groupPlans.id, noteCategories.groupPlanId))
    .where(eq(noteCategories.id, id))
    .limit(1);
  return row ?? null;
}

/** The school and group of a group plan (null: no such plan). */
export async function findPlan(db: Db, id: number) {
  const [row] = await db
    .select({ id: groupPlans.id, schoolId: groupPlans.schoolId, yearClassId: groupPlans.yearClassId })
    .from(groupPlans)
    .where(eq(groupPlans.id, id))
    .limit(1);
  return row ?? null;
}

export async function findLink(db: Db, id: number): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(pupilNoteCategoryLinks)
    .where(eq(pupilNoteCategoryLinks.id, id))
    .limit(1);
  return row ?? null;
}

export async function isLinked(db: Db, pupilId: number, noteCategoryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pupilNoteCategoryLinks.id })
    .from(pupilNoteCategoryLinks)
    .where(
      and(
        eq(pupilNoteCategoryLinks.pupilId, pupilId),
        eq(pupilNoteCategoryLinks.noteCategoryId, noteCategoryId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface LinkFilter {
  schoolId: number;
  id?: number;
  noteCategoryId?: number;
  groupPlanId?: number;
  pupilId?: number;
  /**
   * null: every link of the school. Otherwise a teacher's permitted groups: only links in categories of plans of
   * these groups, and of pupils ever enrolled in one of them.
   */
  groupIds: readonly number[] | null;
}

/** A teacher's part of the list: categories of plans of their groups, pupils ever enrolled in one of them. */
function teacherScope(groupIds: readonly number[]): SQL | undefined {
  if (groupIds.length === 0) return sql`false`;
  const enrolled = sql`exists (
    select 1 from ${yearClassPupils}
    where ${yearClassPupils.pupilId} = ${pupilNoteCategoryLinks.pupilId}
      and ${inArray(yearClassPupils.yearClassId, [...groupIds])})`;
  return and(inArray(groupPlans.yearClassId, [...groupIds]), enrolled);
}

function whereOf(filter: LinkFilter): SQL | undefined {
  return and(
    eq(pupilNoteCategoryLinks.schoolId, filter.schoolId),
    filter.id === undefined ? undefined : eq(pupilNoteCategoryLinks.id, filter.id),
    filter.noteCategoryId === undefined
      ? undefined
      : eq(pupilNoteCategoryLinks.noteCategoryId, filter.noteCategoryId),
    filter.groupPlanId === undefined ? undefined : eq(noteCategories.groupPlanId, filter.groupPlanId),
    filter.pupilId === undefined ? undefined : eq(pupilNoteCategoryLinks.pupilId, filter.pupilId),
    filter.groupIds === null ? undefined : teacherScope(filter.groupIds),
  );
}

/** The links matching the filter with their category and pupil, by category (id), then position. */
export function listLinks(db: Db, filter: LinkFilter) {
  return db
    .select({
      link: pupilNoteCategoryLinks,
      category: {
        id: noteCategories.id,
        name: noteCategories.name,
        layer: noteCategories.layer,
        groupPlanId: noteCategories.groupPlanId,
      },
      pupil: {
        firstName: pupils.firstName,
        lastNamePrefix: pupils.lastNamePrefix,
        lastName: pupils.lastName,
      },
    })
    .from(pupilNoteCategoryLinks)
    .innerJoin(noteCategories, eq(noteCategories.id, pupilNoteCategoryLinks.noteCategoryId))
    .innerJoin(pupils, eq(pupils.id, pupilNoteCategoryLinks.pupilId))
    .leftJoin(groupPlans, eq(groupPlans.id, noteCategories.groupPlanId))
    .where(whereOf(filter))
    .orderBy(
      asc(pupilNoteCategoryLinks.noteCategoryId),
      asc(pupilNoteCategoryLinks.position),
      asc(pupilNoteCategoryLinks.id),
    );
}
export type LinkView = Awaited<ReturnType<typeof listLinks>>[number];

/*
 * Positions. Every change runs in one transaction that first locks the categories it touches (in id order, so
 * two changes cannot wait on each other), then reads the category's links in order, puts the link where it goes
 * and writes the positions 0 … n-1 back. Rows that were not dense before (older data) come out dense.
 */

/** Locks the categories (rows of note_categories) for the rest of the transaction. */
export async function lockCategories(tx: Db, categoryIds: readonly number[]): Promise<void> {
  const ids = [...new Set(categoryIds)].sort((a, b) => a - b);
  await tx
    .select({ id: noteCategories.id })
    .from(noteCategories)
    .where(inArray(noteCategories.id, ids))
    .orderBy(asc(noteCategories.id))
    .for('update');
}

/** The link ids of a category in their order. */
export async function orderedLinkIds(tx: Db, noteCategoryId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: pupilNoteCategoryLinks.id })
    .from(pupilNoteCategoryLinks)
    .where(eq(pupilNoteCategoryLinks.noteCategoryId, noteCategoryId))
    .orderBy(asc(pupilNoteCategoryLinks.position), asc(pupilNoteCategoryLinks.id));
  return rows.map((row) => row.id);
}

/** Gives the links the positions of their place in `ids` (0 … n-1), writing only the rows that change. */
export async function writePositions(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${pupilNoteCategoryLinks} set position = (o.ord - 1)::integer
    from unnest(array[${list}]::integer[]) with ordinality as o(id, ord)
    where ${pupilNoteCategoryLinks.id} = o.id and ${pupilNoteCategoryLinks.position} <> o.ord - 1`);
}

export async function insertLink(
  tx: Db,
  values: typeof pupilNoteCategoryLinks.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(pupilNoteCategoryLinks)
    .values(values)
    .returning({ id: pupilNoteCategoryLinks.id });
  if (!row) throw new Error('pupil note category link not stored');
  return row.id;
}

/** The link as it is now, locked for the rest of the transaction (null: deleted meanwhile). */
export async function lockLink(tx: Db, id: number): Promise<LinkRow | null> {
  const [row] = await tx
    .select()
    .from(pupilNoteCategoryLinks)
    .where(eq(pupilNoteCategoryLinks.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateLink(
  tx: Db,
  id: number,
  changes: Partial<Pick<LinkRow, 'noteCategoryId' | 'position' | 'dateChanged'>>,
): Promise<void> {
  await tx.update(pupilNoteCategoryLinks).set(changes).where(eq(pupilNoteCategoryLinks.id, id));
}

export async function deleteLink(tx: Db, id: number): Promise<void> {
  await tx.delete(pupilNoteCategoryLinks).where(eq(pupilNoteCategoryLinks.id, id));
}

/** True for PostgreSQL's unique_violation (two requests placing the same pupil at once), also when wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : undefined;
  if (code(error) === '23505') return true;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return code(cause) === '23505';
}
