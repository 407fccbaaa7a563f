/* The data retention module's public face: other modules and main.ts import only from here. */
export { dataRetentionRoutes } from './routes';
export { runScheduledRetention, startRetentionSchedule, type RetentionRun } from './schedule';
