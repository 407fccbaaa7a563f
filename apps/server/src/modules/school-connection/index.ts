/* The school information system link's public face: other modules import only from here. */
export { schoolConnectionRoutes } from './routes';
