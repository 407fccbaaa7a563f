/* The settings module's public face: other modules import only from here. */
export { settingsRoutes } from './routes';
