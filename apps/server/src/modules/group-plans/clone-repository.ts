import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  groupPlanNotes,
  noteCategories,
  pupilNoteCategoryLinks,
  yearClassPupils,
} from '../../db/schema/index';
import { selectRows } from '../scores/index';

/*
 * The reads and writes of copying a tree into a plan (clone.ts). Category ids are taken from the table's own
 * sequence before the rows are written, so that a whole tree, parents and children, goes in with one statement
 * and the copies of notes and placements can name their new categories without reading anything back.
 */

/** Rows per INSERT statement: far below PostgreSQL's limit of 65535 parameters for the widest row here. */
const BATCH = 1000;

async function inBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await write(rows.slice(start, start + BATCH));
}

/** `count` new ids of note_categories, from its sequence. */
export async function allocateCategoryIds(tx: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await selectRows(
    tx,
    z.object({ id: z.number().int() }),
    sql`select nextval(pg_get_serial_sequence('note_categories', 'id'))::integer as id
        from generate_series(1, ${count}::integer)`,
  );
  return rows.map((row) => row.id);
}

/** Every note category of a plan (archived ones too). */
export function categoriesOfPlan(db: Db, planId: number) {
  return db
    .select()
    .from(noteCategories)
    .where(eq(noteCategories.groupPlanId, planId))
    .orderBy(asc(noteCategories.id));
}

/** Writes categories whose ids were allocated; parents may come in the same batch as their children. */
export function insertCategories(tx: Db, rows: (typeof noteCategories.$inferInsert)[]): Promise<void> {
  return inBatches(rows, (batch) => tx.insert(noteCategories).values(batch));
}

/** The pupils enrolled in the group. */
export async function pupilIdsOfGroup(db: Db, yearClassId: number): Promise<number[]> {
  const rows = await db
    .select({ pupilId: yearClassPupils.pupilId })
    .from(yearClassPupils)
    .where(eq(yearClassPupils.yearClassId, yearClassId));
  return rows.map((row) => row.pupilId);
}

/** The notes of the categories that are not archived: those about no pupil and those about one of `pupilIds`. */
export function liveNotesOf(db: Db, categoryIds: readonly number[], pupilIds: readonly number[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(groupPlanNotes)
    .where(
      and(
        inArray(groupPlanNotes.noteCategoryId, [...categoryIds]),
        isNull(groupPlanNotes.dateArchived),
        pupilIds.length === 0
          ? isNull(groupPlanNotes.pupilId)
          : or(isNull(groupPlanNotes.pupilId), inArray(groupPlanNotes.pupilId, [...pupilIds])),
      ),
    )
    .orderBy(asc(groupPlanNotes.id));
}

/** The placements in the categories of pupils among `pupilIds`, by category and position. */
export function linksOf(db: Db, categoryIds: readonly number[], pupilIds: readonly number[]) {
  if (categoryIds.length === 0 || pupilIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pupilNoteCategoryLinks)
    .where(
      and(
        inArray(pupilNoteCategoryLinks.noteCategoryId, [...categoryIds]),
        inArray(pupilNoteCategoryLinks.pupilId, [...pupilIds]),
      ),
    )
    .orderBy(
      asc(pupilNoteCategoryLinks.noteCategoryId),
      asc(pupilNoteCategoryLinks.position),
      asc(pupilNoteCategoryLinks.id),
    );
}

export function insertNotes(tx: Db, rows: (typeof groupPlanNotes.$inferInsert)[]): Promise<void> {
  return inBatches(rows, (batch) => tx.insert(groupPlanNotes).values(batch));
}

export function insertLinks(tx: Db, rows: (typeof pupilNoteCategoryLinks.$inferInsert)[]): Promise<void> {
  return inBatches(rows, (batch) => tx.insert(pupilNoteCategoryLinks).values(batch));
}
