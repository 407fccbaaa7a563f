import { idParamSchema } from '../api/common';
import {
  pupilNoteCategoryCreateSchema,
  pupilNoteCategoryLinkListSchema,
  pupilNoteCategoryLinkSchema,
  pupilNoteCategoryQuerySchema,
  pupilNoteCategoryUpdateSchema,
} from '../api/pupil-note-categories';
import { defineEndpoint } from '../endpoint';

/** Pupils placed in note categories of group plans (spec section 7, "Pupils and notes"). */
export const pupilNoteCategoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/pupil_note_categories/',
    summary:
      'Pupils placed in note categories, by category then position (filter by category, plan or pupil)',
    query: pupilNoteCategoryQuerySchema,
    response: pupilNoteCategoryLinkListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/pupil_note_categories/',
    summary: 'Places a pupil in a PUPIL or INSTRUCTION note category (at the end unless a position is given)',
    write: 'write',
    status: 201,
    body: pupilNoteCategoryCreateSchema,
    response: pupilNoteCategoryLinkSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/pupil_note_categories/:id/',
    summary: 'Moves a placed pupil within its category or to another category of the same plan',
    write: 'write',
    params: idParamSchema,
    body: pupilNoteCategoryUpdateSchema,
    response: pupilNoteCategoryLinkSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/pupil_note_categories/:id/',
    summary: 'Takes a pupil out of a note category (the others close ranks)',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
};
