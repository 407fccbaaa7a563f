/* The uploads module's public face: other modules import only from here. */
export { uploadRoutes } from './routes';
export {
  UploadRefused,
  type ImportFile,
  type ImportPlan,
  type ImportTarget,
  type Importer,
} from './importer';
