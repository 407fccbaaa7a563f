/* The permissions module's public face: other modules import only from here. */
export { permissionRoutes } from './routes';
/* The pure policy behind the profile's manageSchool ability (account/abilities-policy.ts). */
export { canManagePermissions } from './policy';
