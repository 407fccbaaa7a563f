/* The colleagues module's public face: other modules import only from here. */
export { colleagueRoutes } from './routes';
/* The pure policy behind the profile's manageSchool ability (account/abilities-policy.ts). */
export { canManageColleagues } from './policy';
