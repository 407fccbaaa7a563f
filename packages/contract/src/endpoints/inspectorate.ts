import { inspectorateApplyResultSchema, inspectoratePreviewSchema } from '../api/inspectorate';
import { defineEndpoint } from '../endpoint';

/**
 * The inspectorate's open data, one file for every school (provider staff in their own session; 403 for everyone
 * else). multipart/form-data: `file` (ODS, or CSV or XLSX saved from it) and, to apply, the preview's `sha256`.
 */
export const inspectorateEndpoints = {
  preview: defineEndpoint({
    method: 'POST',
    path: '/inspectorate-figures/preview/',
    summary:
      "Read the inspectorate's open-data file and say which schools it matches and what applying it would change",
    write: 'write',
    response: inspectoratePreviewSchema,
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: '/inspectorate-figures/',
    summary:
      "Store the inspectorate's figures of every matched school in one transaction (with the preview's hash)",
    write: 'write',
    status: 201,
    response: inspectorateApplyResultSchema,
  }),
};
