/* The pupils-to-discuss module's public face: other modules import only from here. */
export { pupilsToDiscussRoutes } from './routes';
