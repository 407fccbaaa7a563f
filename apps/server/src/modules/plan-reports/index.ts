/* The plan reports module's public face: other modules import only from here. */
export { planReportRoutes } from './routes';
export { toWinAnsi } from './pdf-text';
