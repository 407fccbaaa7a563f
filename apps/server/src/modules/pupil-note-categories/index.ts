/* The pupil note categories module's public face: other modules import only from here. */
export { pupilNoteCategoryRoutes } from './routes';
/* Shared with the note-categories module: who may know of and work in a category, and its row locks. */
export { canSeeCategory, canUseCategory } from './policy';
export { findCategory, findPlan, isLinked, lockCategories, type CategoryRow } from './repository';
