import { and, asc, eq, exists, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  groupPlanNotes,
  noteCategories,
  pupilApproaches,
  pupilNoteCategoryLinks,
  pupils,
  users,
  yearClassPupils,
} from '../../db/schema/index';

/*
 * What a printout holds besides the plan: its active categories, their active notes and placed pupils, and the
 * group's pupils with their instruction groups. A teacher (`groupIds`) reads pupils and pupil notes only of pupils
 * ever enrolled in one of their groups, as the note-category calls do; superusers and sencos (null) all.
 */

/** A teacher's pupils: those ever enrolled in one of their groups (null: every pupil of the school). */
function readablePupil(db: Db, pupilId: AnyColumn, groupIds: readonly number[] | null) {
  if (groupIds === null) return undefined;
  if (groupIds.length === 0) return sql`false`;
  return exists(
    db
      .select({ one: sql`1` })
      .from(yearClassPupils)
      .where(and(eq(yearClassPupils.pupilId, pupilId), inArray(yearClassPupils.yearClassId, [...groupIds]))),
  );
}

export interface PrintCategoryRow {
  id: number;
  name: string;
  parentId: number | null;
  layer: (typeof noteCategories.$inferSelect)['layer'];
}

/** The plan's categories that are not archived, siblings by position then id. */
export function listActiveCategories(db: Db, schoolId: number, planId: number): Promise<PrintCategoryRow[]> {
  return db
    .select({
      id: noteCategories.id,
      name: noteCategories.name,
      parentId: noteCategories.parentNoteCategoryId,
      layer: noteCategories.layer,
    })
    .from(noteCategories)
    .where(
      and(
        eq(noteCategories.schoolId, schoolId),
        eq(noteCategories.groupPlanId, planId),
        eq(noteCategories.isArchived, false),
      ),
    )
    .orderBy(asc(noteCategories.position), asc(noteCategories.id));
}

export interface PrintNoteRow {
  id: number;
  categoryId: number;
  pupilId: number | null;
  content: string;
  dateCreated: Date;
  authorFirstName: string | null;
  authorLastName: string | null;
}

/** The active notes of the categories, oldest first (a printout reads in the order they were written). */
export function listActiveNotes(
  db: Db,
  schoolId: number,
  categoryIds: readonly number[],
  groupIds: readonly number[] | null,
): Promise<PrintNoteRow[]> {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: groupPlanNotes.id,
      categoryId: groupPlanNotes.noteCategoryId,
      pupilId: groupPlanNotes.pupilId,
      content: groupPlanNotes.content,
      dateCreated: groupPlanNotes.dateCreated,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
    })
    .from(groupPlanNotes)
    .leftJoin(users, eq(users.id, groupPlanNotes.authorId))
    .where(
      and(
        eq(groupPlanNotes.schoolId, schoolId),
        inArray(groupPlanNotes.noteCategoryId, [...categoryIds]),
        isNull(groupPlanNotes.dateArchived),
        groupIds === null
          ? undefined
          : or(isNull(groupPlanNotes.pupilId), readablePupil(db, groupPlanNotes.pupilId, groupIds)),
      ),
    )
    .orderBy(asc(groupPlanNotes.dateCreated), asc(groupPlanNotes.id));
}

export interface PrintPupilRow {
  pupilId: number;
  firstName: string;
  lastNamePrefix: string;
  lastName: string;
}

/** The pupils placed in the categories (readable ones), by category then position. */
export function listPlacements(
  db: Db,
  schoolId: number,
  categoryIds: readonly number[],
  groupIds: readonly number[] | null,
): Promise<(PrintPupilRow & { categoryId: number })[]> {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      categoryId: pupilNoteCategoryLinks.noteCategoryId,
      pupilId: pupils.id,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
    })
    .from(pupilNoteCategoryLinks)
    .innerJoin(pupils, eq(pupils.id, pupilNoteCategoryLinks.pupilId))
    .where(
      and(
        eq(pupilNoteCategoryLinks.schoolId, schoolId),
        inArray(pupilNoteCategoryLinks.noteCategoryId, [...categoryIds]),
        readablePupil(db, pupilNoteCategoryLinks.pupilId, groupIds),
      ),
    )
    .orderBy(
      asc(pupilNoteCategoryLinks.noteCategoryId),
      asc(pupilNoteCategoryLinks.position),
      asc(pupilNoteCategoryLinks.id),
    );
}

/** Names of the given pupils of the school (readable ones): those notes name but who are not placed. */
export function listPupilNames(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  groupIds: readonly number[] | null,
): Promise<PrintPupilRow[]> {
  if (pupilIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      pupilId: pupils.id,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
    })
    .from(pupils)
    .where(
      and(
        eq(pupils.schoolId, schoolId),
        inArray(pupils.id, [...pupilIds]),
        readablePupil(db, pupils.id, groupIds),
      ),
    );
}

/** The group's pupils with their instruction group for the subject in the group's school year (null: none). */
export function listGroupPupils(
  db: Db,
  scope: { schoolId: number; yearClassId: number; subjectId: number; calendarYear: number },
): Promise<(PrintPupilRow & { approach: (typeof pupilApproaches.$inferSelect)['approach'] | null })[]> {
  return db
    .select({
      pupilId: pupils.id,
      firstName: pupils.firstName,
      lastNamePrefix: pupils.lastNamePrefix,
      lastName: pupils.lastName,
      approach: pupilApproaches.approach,
    })
    .from(yearClassPupils)
    .innerJoin(pupils, eq(pupils.id, yearClassPupils.pupilId))
    .leftJoin(
      pupilApproaches,
      and(
        eq(pupilApproaches.schoolId, yearClassPupils.schoolId),
        eq(pupilApproaches.pupilId, yearClassPupils.pupilId),
        eq(pupilApproaches.subjectId, scope.subjectId),
        eq(pupilApproaches.calendarYear, scope.calendarYear),
      ),
    )
    .where(
      and(eq(yearClassPupils.schoolId, scope.schoolId), eq(yearClassPupils.yearClassId, scope.yearClassId)),
    );
}
