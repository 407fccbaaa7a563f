import { PUPIL_LINK_LAYERS, type NoteLayer } from '@leerzicht/contract';
import { canReadGroup, canReadPupil, type SchoolAccess } from '../../platform/access/index';

/*
 * Pupils placed in note categories. Superusers and sencos place any pupil of the school in any category of the
 * school. A teacher works only in categories of plans of their permitted groups (a plan of another group answers
 * 404, a category of the school's own list, outside any plan, 403) and only with pupils they read (pupils ever
 * in one of their groups; others 404). Users marked restricted read no notes and so no placements either (403).
 */

type Category = { planGroupId: number | null };

export const mayUsePupilNoteCategories = (user: { isRestricted: boolean }): boolean => !user.isRestricted;

/** Whether the user may know of the category: a plan-less one is school-wide, a plan's one is its group's. */
export const canSeeCategory = (access: SchoolAccess, category: Category): boolean =>
  category.planGroupId === null || canReadGroup(access, category.planGroupId);

/** Read and change the pupils placed in the category. */
export const canUseCategory = (access: SchoolAccess, category: Category): boolean =>
  access.readsWholeSchool || (category.planGroupId !== null && canReadGroup(access, category.planGroupId));

export const canReadLinkedPupil = (access: SchoolAccess, pupilGroupIds: readonly number[]): boolean =>
  canReadPupil(access, pupilGroupIds);

/** Pupils are placed in instruction groups and pupil categories, not in the group layer. */
export const isPlaceableLayer = (layer: NoteLayer): boolean =>
  (PUPIL_LINK_LAYERS as readonly NoteLayer[]).includes(layer);
