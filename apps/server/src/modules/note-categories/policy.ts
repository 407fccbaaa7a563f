import type { NoteLayer } from '@leerzicht/contract';
import { isSuperuser, type SchoolAccess } from '../../platform/access/index';
import { canSeeCategory, canUseCategory } from '../pupil-note-categories/index';

/*
 * Note categories and group plan notes. Superusers and sencos work in every plan of the school; a teacher only in
 * the plans of their permitted groups (a plan of another group answers 404). A school's own category list (no
 * plan) is read by every member and changed by its superusers only (others 403). Users marked restricted read no
 * notes and so no note categories either (403). A note is changed, archived or deleted by its author, sencos and
 * superusers (a colleague's note: 403), as pupil notes are.
 */

/** A category: the group of its plan, null for the school's own list. */
type Category = { planGroupId: number | null };

export const mayUseNoteCategories = (user: { isRestricted: boolean }): boolean => !user.isRestricted;

/** Whether the user may know of the category: a plan's is its group's, the school's own list is everyone's. */
export const canReadCategory = (access: SchoolAccess, category: Category): boolean =>
  canSeeCategory(access, category);

/** Make, change, move, archive and delete categories, and write notes in them. */
export const canWriteCategory = (access: SchoolAccess, category: Category): boolean =>
  category.planGroupId === null ? isSuperuser(access) : canUseCategory(access, category);

/** Change, archive or delete a note: its author, sencos and superusers. */
export const canEditPlanNote = (access: SchoolAccess, note: { authorId: number | null }): boolean =>
  access.readsWholeSchool || note.authorId === access.userId;

/** Only a note in a PUPIL category is about one pupil. */
export const canNamePupil = (layer: NoteLayer): boolean => layer === 'PUPIL';
