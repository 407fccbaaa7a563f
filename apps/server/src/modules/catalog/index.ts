/* The catalog module's public face: other modules import only from here. */
export { catalogRoutes } from './routes';
export { findNorms, listNationalTests, listSubjects, listTestProviders, type NormKey } from './service';
