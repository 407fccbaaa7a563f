/* The data retention module's public face: other modules and main.ts import only from here. */
export { dataRetentionRoutes } from './routes';
export { runScheduledRetention, startRetentionSchedule, type RetentionRun } from './schedule';
/* The pure policy behind the profile's manageSchool ability (account/abilities-policy.ts). */
export { canManageRetention } from './policy';
