import { countTemplateCategories, type TemplateContent } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { densePositions, draftsFromTemplate, parentsFirst, type CategoryDraft } from './category-tree';
import {
  allocateCategoryIds,
  categoriesOfPlan,
  insertCategories,
  insertLinks,
  insertNotes,
  linksOf,
  liveNotesOf,
  pupilIdsOfGroup,
} from './clone-repository';

/*
 * Filling a new plan from a template or from an earlier plan, inside the transaction that creates the plan. Every
 * copied row is a new row of the new plan: changing or deleting the copy never touches its source, nor the other
 * way round.
 */

/** The new plan the tree goes into, who copies it and when. */
export interface CloneTarget {
  planId: number;
  schoolId: number;
  yearClassId: number;
  userId: number;
  now: Date;
}

function categoryRows(drafts: readonly CategoryDraft[], target: CloneTarget) {
  return drafts.map((draft) => ({
    ...draft,
    schoolId: target.schoolId,
    groupPlanId: target.planId,
    createdBy: target.userId,
    dateCreated: target.now,
    dateChanged: target.now,
  }));
}

/** The template's tree as the plan's note categories, positions 0 … n-1 among siblings. Answers how many. */
export async function cloneTemplate(tx: Db, content: TemplateContent, target: CloneTarget): Promise<number> {
  const ids = await allocateCategoryIds(tx, countTemplateCategories(content.categories));
  const drafts = draftsFromTemplate(content, ids);
  await insertCategories(tx, categoryRows(drafts, target));
  return drafts.length;
}

/**
 * A deep copy of the source plan's note categories (structure, names, layers, positions and archived flags as
 * they are), of its notes that are not archived, and of the placements of pupils who are in the new plan's group.
 * Notes about a pupil outside that group stay behind too: the new plan is read by the group's teachers, who need
 * not read that pupil. Placements left behind close ranks (positions 0 … n-1 per category).
 */
export async function clonePlan(tx: Db, sourcePlanId: number, target: CloneTarget): Promise<void> {
  const categories = parentsFirst(await categoriesOfPlan(tx, sourcePlanId));
  if (categories.length === 0) return;
  const ids = await allocateCategoryIds(tx, categories.length);
  const newId = new Map<number, number>();
  categories.forEach((category, index) => {
    const id = ids[index];
    if (id === undefined) throw new Error('fewer category ids than categories');
    newId.set(category.id, id);
  });
  const mapped = (id: number): number => {
    const found = newId.get(id);
    if (found === undefined) throw new Error(`category ${id} is not of the copied plan`);
    return found;
  };
  await insertCategories(
    tx,
    categoryRows(
      categories.map((category) => ({
        id: mapped(category.id),
        parentNoteCategoryId:
          category.parentNoteCategoryId === null ? null : (newId.get(category.parentNoteCategoryId) ?? null),
        name: category.name,
        layer: category.layer,
        position: category.position,
        isArchived: category.isArchived,
      })),
      target,
    ),
  );

  const sourceIds = categories.map((category) => category.id);
  const pupilIds = await pupilIdsOfGroup(tx, target.yearClassId);
  const notes = await liveNotesOf(tx, sourceIds, pupilIds);
  await insertNotes(
    tx,
    notes.map((note) => ({
      schoolId: target.schoolId,
      noteCategoryId: mapped(note.noteCategoryId),
      pupilId: note.pupilId,
      content: note.content,
      // The words are still the author's; the row is new.
      authorId: note.authorId,
      dateCreated: target.now,
      dateChanged: target.now,
    })),
  );
  const links = densePositions(await linksOf(tx, sourceIds, pupilIds));
  await insertLinks(
    tx,
    links.map((link) => ({
      schoolId: target.schoolId,
      pupilId: link.pupilId,
      noteCategoryId: mapped(link.noteCategoryId),
      position: link.position,
      dateCreated: target.now,
      dateChanged: target.now,
    })),
  );
}
