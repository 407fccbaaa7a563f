import {
  approachBatchResultSchema,
  approachBatchSchema,
  approachLogListSchema,
  approachLogQuerySchema,
  approachQuerySchema,
  approachSuggestionQuerySchema,
  approachSuggestionSchema,
  pupilApproachListSchema,
  pupilApproachRowSchema,
  setApproachSchema,
} from '../api/approaches';
import { defineEndpoint } from '../endpoint';

/** Instruction groups (pupil approaches) and their log (spec section 7, "Pupils and notes"). */
export const approachEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/pupil_approaches/',
    summary: "A pupil's approaches (pupil_id) or a group's for one subject (yearclass_id, subject_id)",
    query: approachQuerySchema,
    response: pupilApproachListSchema,
  }),
  set: defineEndpoint({
    method: 'POST',
    path: '/pupil_approaches/',
    summary: "Sets a pupil's approach for the subject in the group's school year, and logs the change",
    write: 'write',
    body: setApproachSchema,
    response: pupilApproachRowSchema,
  }),
  setBatch: defineEndpoint({
    method: 'POST',
    path: '/pupil_approaches/batch/',
    summary: 'Sets the approaches of several pupils of one group and subject in one transaction',
    write: 'write',
    body: approachBatchSchema,
    response: approachBatchResultSchema,
  }),
  suggestion: defineEndpoint({
    method: 'GET',
    path: '/pupil_approaches/suggestion/',
    summary: "A proposal from each pupil's latest counted national result (changes nothing)",
    query: approachSuggestionQuerySchema,
    response: approachSuggestionSchema,
  }),
  logs: defineEndpoint({
    method: 'GET',
    path: '/pupil_approach_logs/get_approach_logs_for_pupil/',
    summary: "Every change of the pupil's approaches, newest first",
    query: approachLogQuerySchema,
    response: approachLogListSchema,
  }),
};
