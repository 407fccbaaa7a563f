/* The uploads module's public face: other modules import only from here. */
export { uploadRoutes } from './routes';
export {
  UploadRefused,
  type ImportFile,
  type ImportPlan,
  type ImportTarget,
  type Importer,
} from './importer';
/* The pure policy behind the profile's upload ability (account/abilities-policy.ts). */
export { canUpload } from './policy';
/* The reading limits every upload shares (the inspectorate's file reads within them too). */
export { ReadDeadline, tooDeep, tooManyColumns, tooManyRows } from './read-limits';
export { answeringRefusals } from './refusal';
