/* The observations module's public face: other modules import only from here. */
export { observationRoutes } from './routes';
