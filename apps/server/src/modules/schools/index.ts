/* The schools module's public face: other modules import only from here. */
export { schoolRoutes } from './routes';
