import { idParamSchema } from '../api/common';
import {
  noteCategoryCreateSchema,
  noteCategoryListSchema,
  noteCategoryQuerySchema,
  noteCategorySchema,
  noteCategoryUpdateSchema,
} from '../api/note-categories';
import { defineEndpoint } from '../endpoint';

/** The note-category tree of group plans and a school's own category list (spec section 7, "Group plans and notes"). */
export const noteCategoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/note_categories/',
    summary:
      "A plan's note categories or the school's own list, by parent then position (filters: layer, parent, user, pupil; distinct_by=name; include[]=notes, pupils)",
    query: noteCategoryQuerySchema,
    response: noteCategoryListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/note_categories/',
    summary:
      "A new note category in a plan or in the school's own list (at the end unless a position is given)",
    write: 'write',
    status: 201,
    body: noteCategoryCreateSchema,
    response: noteCategorySchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/note_categories/:id/',
    summary: 'Renames, moves (new parent or position), archives or restores a note category with its subtree',
    write: 'write',
    params: idParamSchema,
    body: noteCategoryUpdateSchema,
    response: noteCategorySchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/note_categories/:id/',
    summary: 'Deletes a note category and its subcategories; refused while any of them holds notes',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
};
