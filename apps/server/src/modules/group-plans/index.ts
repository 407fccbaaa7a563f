/* The group plans module's public face: other modules import only from here. */
export { groupPlanRoutes } from './routes';
/* Shared with the plan-reports module: a plan's reads are allowed exactly as its own (group readable, not restricted). */
export { authorizePlan } from './access';
/* The pure policies behind the profile's template abilities (account/abilities-policy.ts). */
export { actsAsStaff, canCreateSchoolTemplate, canManageTemplate } from './policy';
