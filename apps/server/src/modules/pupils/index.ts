/* The pupils module's public face: other modules import only from here. */
export { pupilRoutes } from './routes';
