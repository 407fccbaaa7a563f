/* The support module's public face: other modules import only from here. */
export { supportRoutes } from './routes';
