/* The note categories module's public face: other modules import only from here. */
export { groupPlanNoteRoutes, noteCategoryRoutes } from './routes';
