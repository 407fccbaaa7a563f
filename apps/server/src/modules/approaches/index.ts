/* The approaches module's public face: other modules import only from here. */
export { approachRoutes } from './routes';
