/* The shell module's public face: other modules import only from here. */
export { shellRoutes } from './routes';
