/* The pupil note categories module's public face: other modules import only from here. */
export { pupilNoteCategoryRoutes } from './routes';
