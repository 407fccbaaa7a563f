/* The national-test exclusions module's public face (the blacklist): other modules import only from here. */
export { nationalTestExclusionRoutes } from './routes';
/* The pure policy behind the profile's manageSchool ability (account/abilities-policy.ts). */
export { canManageExclusions } from './policy';
