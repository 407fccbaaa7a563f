/* The permissions module's public face: other modules import only from here. */
export { permissionRoutes } from './routes';
