/* The pupil reports module's public face: other modules import only from here. */
export { pupilReportRoutes } from './routes';
