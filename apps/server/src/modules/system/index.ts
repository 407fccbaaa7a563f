/* The system module's public face: other modules import only from here. */
export { systemRoutes } from './routes';
