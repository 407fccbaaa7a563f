/* The colleagues module's public face: other modules import only from here. */
export { colleagueRoutes } from './routes';
