/* The results module's public face: other modules import only from here. */
export { resultRoutes } from './routes';
/* The pure policies behind the abilities the profile reports (account/abilities-policy.ts). */
export { canEditAmbition, canReadInspection, canSetSchoolweging, readsWholeSchoolResults } from './policy';
