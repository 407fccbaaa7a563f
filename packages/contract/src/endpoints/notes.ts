import { idParamSchema } from '../api/common';
import {
  noteCategoryOptionListSchema,
  noteCategoryOptionQuerySchema,
  pupilNoteCreateSchema,
  pupilNoteListSchema,
  pupilNoteQuerySchema,
  pupilNoteSchema,
  pupilNoteUpdateSchema,
} from '../api/notes';
import { defineEndpoint } from '../endpoint';

/** Pupil notes (spec section 7, "Pupils and notes") and the categories a school's notes can have. */
export const noteEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/pupil_note/',
    summary: "A pupil's notes, newest first, filtered by category and archived or active, paged",
    query: pupilNoteQuerySchema,
    response: pupilNoteListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/pupil_note/',
    summary: 'A new note on a pupil (the author is the signed-in user)',
    write: 'write',
    status: 201,
    body: pupilNoteCreateSchema,
    response: pupilNoteSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/pupil_note/:id/',
    summary: 'Changes a note; dateArchived archives it, null restores it',
    write: 'write',
    params: idParamSchema,
    body: pupilNoteUpdateSchema,
    response: pupilNoteSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/pupil_note/:id/',
    write: 'write',
    summary: 'Delete a note (its author, sencos and school superusers)',
    params: idParamSchema,
    status: 204,
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/note_category_options/',
    summary: "The categories a note of the school can have (built-in and the school's own)",
    query: noteCategoryOptionQuerySchema,
    response: noteCategoryOptionListSchema,
  }),
};
