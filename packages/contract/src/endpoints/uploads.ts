import { idParamSchema, pageQuerySchema } from '../api/common';
import {
  retentionOverviewSchema,
  retentionRemoveResultSchema,
  retentionRemoveSchema,
  retentionSettingsSchema,
  schoolConnectionSchema,
  schoolConnectionUpdateSchema,
  uploadInviteTeachersResultSchema,
  uploadInviteTeachersSchema,
  uploadListSchema,
  uploadPreviewSchema,
  uploadRecordSchema,
} from '../api/uploads';
import { defineEndpoint } from '../endpoint';

/** Uploads (provider staff only; 404 for anyone else): preview, apply, list, invite the file's teachers. */
export const uploadEndpoints = {
  /** multipart/form-data: `file` and the fields of uploadFieldsSchema. Changes nothing. */
  preview: defineEndpoint({
    method: 'POST',
    path: '/schools/:id/uploads/preview/',
    summary: 'Check an upload and say what applying it would change (multipart/form-data); changes nothing',
    write: 'write',
    params: idParamSchema,
    response: uploadPreviewSchema,
  }),
  /**
   * multipart/form-data: `file`, `kind`, `sha256` of the preview, `skipRowErrors`, `replaceEckIds` (EDEXML: the keys
   * of the preview's ECK-iD conflicts to replace, a JSON array). One transaction.
   */
  apply: defineEndpoint({
    method: 'POST',
    path: '/schools/:id/uploads/',
    summary:
      'Apply an upload in one transaction (multipart/form-data, with the hash of its preview and, for EDEXML, the ' +
      'pupil keys whose ECK-iD conflict is confirmed in replaceEckIds)',
    write: 'write',
    status: 201,
    params: idParamSchema,
    response: uploadRecordSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/uploads/',
    summary: "The school's uploads, newest first",
    params: idParamSchema,
    query: pageQuerySchema,
    response: uploadListSchema,
  }),
  inviteTeachers: defineEndpoint({
    method: 'POST',
    path: '/uploads/invite_teachers/',
    summary: 'Invite teachers of an EDEXML file who have no account at the school',
    write: 'write',
    body: uploadInviteTeachersSchema,
    response: uploadInviteTeachersResultSchema,
  }),
};

/** The school information system link: superusers deactivate, provider staff (re)activate. */
export const schoolConnectionEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/connection/',
    summary: 'Whether the link to the school information system is active, and who changed it when',
    params: idParamSchema,
    response: schoolConnectionSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/schools/:id/connection/',
    summary: 'Deactivate the link (superusers, provider staff) or activate it again (provider staff)',
    write: 'write',
    params: idParamSchema,
    body: schoolConnectionUpdateSchema,
    response: schoolConnectionSchema,
  }),
};

/** Data retention: pupils who left long ago, listed for superusers and removed with all their data. */
export const retentionEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/retention/',
    summary:
      'Retention settings and the pupils due for removal (superusers): those who left before 1 August of the school ' +
      'year `retentionYears` school years before the current one (cutoffDate is the day before)',
    params: idParamSchema,
    response: retentionOverviewSchema,
  }),
  settings: defineEndpoint({
    method: 'PUT',
    path: '/schools/:id/retention/',
    summary: 'Change the retention period and the scheduled removal (superusers)',
    write: 'write',
    params: idParamSchema,
    body: retentionSettingsSchema,
    response: retentionOverviewSchema,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/schools/:id/retention/remove/',
    summary: 'Remove pupils who left before the cut-off with all their data (superusers; all or none)',
    write: 'write',
    params: idParamSchema,
    body: retentionRemoveSchema,
    response: retentionRemoveResultSchema,
  }),
};
