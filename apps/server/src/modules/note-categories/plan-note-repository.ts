import { and, count, desc, eq, exists, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupPlanNotes, groupPlans, noteCategories, users, yearClassPupils } from '../../db/schema/index';

export type PlanNoteRecord = typeof groupPlanNotes.$inferSelect;

export interface PlanNoteFilter {
  schoolId: number;
  id?: number;
  noteCategoryIds?: readonly number[];
  groupPlanId?: number;
  pupilId?: number;
  layer?: (typeof noteCategories.$inferSelect)['layer'];
  archived?: boolean;
  /**
   * null: every note of the school. Otherwise a teacher's permitted groups: notes in plans of these groups, about
   * the group or about a pupil ever enrolled in one of them.
   */
  groupIds: readonly number[] | null;
}

function teacherScope(db: Db, groupIds: readonly number[]): SQL | undefined {
  if (groupIds.length === 0) return sql`false`;
  const enrolled = exists(
    db
      .select({ one: sql`1` })
      .from(yearClassPupils)
      .where(
        and(
          eq(yearClassPupils.pupilId, groupPlanNotes.pupilId),
          inArray(yearClassPupils.yearClassId, [...groupIds]),
        ),
      ),
  );
  return and(inArray(groupPlans.yearClassId, [...groupIds]), or(isNull(groupPlanNotes.pupilId), enrolled));
}

function whereOf(db: Db, filter: PlanNoteFilter): SQL | undefined {
  return and(
    eq(groupPlanNotes.schoolId, filter.schoolId),
    filter.id === undefined ? undefined : eq(groupPlanNotes.id, filter.id),
    filter.noteCategoryIds === undefined
      ? undefined
      : filter.noteCategoryIds.length === 0
        ? sql`false`
        : inArray(groupPlanNotes.noteCategoryId, [...filter.noteCategoryIds]),
    filter.groupPlanId === undefined ? undefined : eq(noteCategories.groupPlanId, filter.groupPlanId),
    filter.pupilId === undefined ? undefined : eq(groupPlanNotes.pupilId, filter.pupilId),
    filter.layer === undefined ? undefined : eq(noteCategories.layer, filter.layer),
    filter.archived === undefined
      ? undefined
      : filter.archived
        ? isNotNull(groupPlanNotes.dateArchived)
        : isNull(groupPlanNotes.dateArchived),
    filter.groupIds === null ? undefined : teacherScope(db, filter.groupIds),
  );
}

const columns = {
  note: groupPlanNotes,
  category: {
    id: noteCategories.id,
    name: noteCategories.name,
    layer: noteCategories.layer,
    groupPlanId: noteCategories.groupPlanId,
  },
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

function select(db: Db) {
  return db
    .select(columns)
    .from(groupPlanNotes)
    .innerJoin(noteCategories, eq(noteCategories.id, groupPlanNotes.noteCategoryId))
    .leftJoin(groupPlans, eq(groupPlans.id, noteCategories.groupPlanId))
    .leftJoin(users, eq(users.id, groupPlanNotes.authorId));
}

/** A note with its category and the name of its author (null: the account is gone). */
export interface PlanNoteView {
  note: PlanNoteRecord;
  category: {
    id: number;
    name: string;
    layer: (typeof noteCategories.$inferSelect)['layer'];
    groupPlanId: number | null;
  };
  authorFirstName: string | null;
  authorLastName: string | null;
}

const newestFirst = [desc(groupPlanNotes.dateCreated), desc(groupPlanNotes.id)];

/** A page of the matching notes (newest first) and how many match in all. */
export async function listPlanNotes(
  db: Db,
  filter: PlanNoteFilter,
  page?: { limit: number; offset: number },
): Promise<{ count: number; rows: PlanNoteView[] }> {
  const where = whereOf(db, filter);
  const query = select(db)
    .where(where)
    .orderBy(...newestFirst);
  const rows: PlanNoteView[] = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (!page) return { count: rows.length, rows };
  const [total] = await db
    .select({ n: count() })
    .from(groupPlanNotes)
    .innerJoin(noteCategories, eq(noteCategories.id, groupPlanNotes.noteCategoryId))
    .leftJoin(groupPlans, eq(groupPlans.id, noteCategories.groupPlanId))
    .where(where);
  return { count: total?.n ?? 0, rows };
}

export async function findPlanNote(db: Db, id: number): Promise<PlanNoteRecord | null> {
  const [row] = await db.select().from(groupPlanNotes).where(eq(groupPlanNotes.id, id)).limit(1);
  return row ?? null;
}

/**
 * The category a note goes into, locked against a concurrent archive, move out of existence or delete until the
 * note is stored (FOR SHARE: notes of one category are still written side by side). null: gone.
 */
export async function lockCategoryForNote(tx: Db, categoryId: number) {
  const [row] = await tx
    .select({ id: noteCategories.id, isArchived: noteCategories.isArchived })
    .from(noteCategories)
    .where(eq(noteCategories.id, categoryId))
    .for('share');
  return row ?? null;
}

/** Whether the pupil is enrolled in the group (of a plan). */
export async function isEnrolled(db: Db, pupilId: number, yearClassId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: yearClassPupils.id })
    .from(yearClassPupils)
    .where(and(eq(yearClassPupils.pupilId, pupilId), eq(yearClassPupils.yearClassId, yearClassId)))
    .limit(1);
  return row !== undefined;
}

export async function insertPlanNote(tx: Db, values: typeof groupPlanNotes.$inferInsert): Promise<number> {
  const [row] = await tx.insert(groupPlanNotes).values(values).returning({ id: groupPlanNotes.id });
  if (!row) throw new Error('group plan note not stored');
  return row.id;
}

export async function updatePlanNote(
  db: Db,
  id: number,
  changes: Partial<Pick<PlanNoteRecord, 'content' | 'dateArchived' | 'dateChanged'>>,
): Promise<void> {
  await db.update(groupPlanNotes).set(changes).where(eq(groupPlanNotes.id, id));
}

export async function deletePlanNote(db: Db, id: number): Promise<void> {
  await db.delete(groupPlanNotes).where(eq(groupPlanNotes.id, id));
}
