/* The observations module's public face: other modules import only from here. */
export { observationRoutes } from './routes';
/* The pure policy behind the profile's manageAspects ability (account/abilities-policy.ts). */
export { canManageAspects } from './policy';
