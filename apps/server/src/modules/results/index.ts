/* The results module's public face: other modules import only from here. */
export { resultRoutes } from './routes';
