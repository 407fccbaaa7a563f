import { idParamSchema } from '../api/common';
import { pupilReportQuerySchema } from '../api/pupil-report';
import { defineEndpoint } from '../endpoint';

/** The pupil report for parents: a one-page PDF of the pupil's latest results in plain language. */
export const pupilReportEndpoints = {
  /** Answers the PDF itself (`application/pdf`, as an attachment), not JSON: fetch it as a file. */
  report: defineEndpoint({
    method: 'GET',
    path: '/pupils/:id/report/',
    summary:
      "The pupil's latest national result per subject with its level explained in plain words and its trend, as a one-page PDF for a meeting with parents; Dutch unless lang=en",
    // A printout is allowed in demo and impersonated sessions (a GET is never refused; said here so it stays so).
    write: 'read-only-allowed',
    params: idParamSchema,
    query: pupilReportQuerySchema,
  }),
};
