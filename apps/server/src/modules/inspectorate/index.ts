/* The inspectorate module's public face: other modules import only from here. */
export { inspectorateRoutes } from './routes';
export { listSchoolFigures as readPublishedFigures } from './repository';
/* The pure policy behind the profile's ability to import the inspectorate's file (account/abilities-policy.ts). */
export { canImportInspectorateFigures } from './policy';
