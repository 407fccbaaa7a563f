/* The goals module's public face (the group's test overview): other modules import only from here. */
export { goalRoutes } from './routes';
