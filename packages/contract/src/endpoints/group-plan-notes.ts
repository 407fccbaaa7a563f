import { idParamSchema } from '../api/common';
import {
  groupPlanNoteCreateSchema,
  groupPlanNoteListSchema,
  groupPlanNoteQuerySchema,
  groupPlanNoteSchema,
  groupPlanNoteUpdateSchema,
} from '../api/group-plan-notes';
import { defineEndpoint } from '../endpoint';

/** Notes in the note categories of group plans (spec section 7, "Group plans and notes"). */
export const groupPlanNoteEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/group_plan_note/',
    summary: "Notes of a plan's category or of a whole plan, newest first, archived or active, paged",
    query: groupPlanNoteQuerySchema,
    response: groupPlanNoteListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/group_plan_note/',
    summary:
      "A new note in a plan's category (the author is the signed-in user; a PUPIL category's note may name a pupil)",
    write: 'write',
    status: 201,
    body: groupPlanNoteCreateSchema,
    response: groupPlanNoteSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/group_plan_note/:id/',
    summary: 'Changes a note; date_archived archives it, null restores it',
    write: 'write',
    params: idParamSchema,
    body: groupPlanNoteUpdateSchema,
    response: groupPlanNoteSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/group_plan_note/:id/',
    summary: 'Deletes a note (its author, sencos and school superusers)',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
};
