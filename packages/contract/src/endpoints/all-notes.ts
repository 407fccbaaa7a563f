import { allNotesListSchema, allNotesQuerySchema } from '../api/all-notes';
import { defineEndpoint } from '../endpoint';

/** The group notes page's one call (spec section 7, "Group plans and notes"). */
export const allNoteEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/all_notes/',
    summary:
      "Every note about a group's pupils (pupil, result, test moment, method test, social-emotional), newest first, paged",
    query: allNotesQuerySchema,
    response: allNotesListSchema,
  }),
};
