import { idParamSchema } from '../api/common';
import { planEffectSchema, planPrintQuerySchema } from '../api/plan-reports';
import { defineEndpoint } from '../endpoint';

/** What a group plan brought about, and its printout (spec section 7, "Group plans and notes"). */
export const planReportEndpoints = {
  effect: defineEndpoint({
    method: 'GET',
    path: '/group_plans/:id/effect/',
    summary:
      'The measured effect of a plan per instruction group: growth and level change between the national moments around its period, beside the national growth',
    params: idParamSchema,
    response: planEffectSchema,
  }),
  /** Answers the PDF itself (`application/pdf`, as an attachment), not JSON: fetch it as a file. */
  print: defineEndpoint({
    method: 'GET',
    path: '/group_plans/:id/print/',
    summary: 'The plan as a PDF, without the sections named in omit; Dutch labels unless lang=en',
    // A printout is allowed in demo and impersonated sessions (a GET is never refused; said here so it stays so).
    write: 'read-only-allowed',
    params: idParamSchema,
    query: planPrintQuerySchema,
  }),
};
