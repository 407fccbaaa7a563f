import { idParamSchema } from '../api/common';
import { pupilsToDiscussQuerySchema, pupilsToDiscussSchema } from '../api/pupils-to-discuss';
import { defineEndpoint } from '../endpoint';

/** Pupils to discuss (ours; the rules are in api/pupils-to-discuss.ts). */
export const pupilsToDiscussEndpoints = {
  yearClass: defineEndpoint({
    method: 'GET',
    path: '/year_classes/:id/pupils_to_discuss/',
    summary: "The group's pupils whose growth stalled, who fell two levels or whose method results disagree",
    params: idParamSchema,
    response: pupilsToDiscussSchema,
  }),
  school: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/pupils_to_discuss/',
    summary: "The pupils to discuss of a school year (default: the session's) in the groups the user reads",
    params: idParamSchema,
    query: pupilsToDiscussQuerySchema,
    response: pupilsToDiscussSchema,
  }),
};
