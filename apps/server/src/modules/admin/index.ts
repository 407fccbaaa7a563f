/* The admin module's public face: other modules import only from here. */
export { adminRoutes } from './routes';
