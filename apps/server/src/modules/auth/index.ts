/* The auth module's public face: other modules import only from here. */
export { authRoutes } from './routes';
