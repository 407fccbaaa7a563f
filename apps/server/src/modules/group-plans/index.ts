/* The group plans module's public face: other modules import only from here. */
export { groupPlanRoutes } from './routes';
