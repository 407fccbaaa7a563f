/* The national-test exclusions module's public face (the blacklist): other modules import only from here. */
export { nationalTestExclusionRoutes } from './routes';
