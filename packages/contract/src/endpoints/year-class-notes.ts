import { idParamSchema } from '../api/common';
import { yearClassNoteSchema } from '../api/results';
import { yearClassNoteCreateSchema, yearClassNoteUpdateSchema } from '../api/year-class-notes';
import { defineEndpoint } from '../endpoint';

/** A group's notes on a test moment (with related pupils) or a method test. */
export const yearClassNoteEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/year_class_notes/',
    summary:
      "A note on the group's test moment of a subject (naming pupils of the group) or on a method test",
    write: 'write',
    status: 201,
    body: yearClassNoteCreateSchema,
    response: yearClassNoteSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/year_class_notes/:id/',
    write: 'write',
    params: idParamSchema,
    body: yearClassNoteUpdateSchema,
    response: yearClassNoteSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/year_class_notes/:id/',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
};
