/* The pupil note categories module's public face: other modules import only from here. */
export { pupilNoteCategoryRoutes } from './routes';
/* Shared with the note-categories module: who may know of and work in a category, and its row locks. */
export { canSeeCategory, canUseCategory } from './policy';
export { findPlan, isLinked, lockCategories, type CategoryRow } from './repository';
/*
 * One aggregate with note-categories (categories and what they hold): its routes' policies look a category or a
 * plan up with these checks and apply their own rules on top.
 */
export { readablePlan, visibleCategory, type AllowedCategory, type PlanRow } from './access';
