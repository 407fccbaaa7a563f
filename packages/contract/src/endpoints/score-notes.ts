import {
  citoScoreNoteCreateSchema,
  citoScoreNoteUpdateSchema,
  methodScoreNoteCreateSchema,
  methodScoreNoteUpdateSchema,
} from '../api/score-notes';
import { idParamSchema } from '../api/common';
import { scoreNoteSchema } from '../api/results';
import { defineEndpoint } from '../endpoint';

/** Notes on one national (cito) or method test result (spec section 7, "Pupils and notes"). */
export const scoreNoteEndpoints = {
  createCito: defineEndpoint({
    method: 'POST',
    path: '/cito_score_note/',
    summary: 'A note on a national test result, with an optional forward-looking note',
    write: 'write',
    status: 201,
    body: citoScoreNoteCreateSchema,
    response: scoreNoteSchema,
  }),
  updateCito: defineEndpoint({
    method: 'PATCH',
    path: '/cito_score_note/:id/',
    write: 'write',
    params: idParamSchema,
    body: citoScoreNoteUpdateSchema,
    response: scoreNoteSchema,
  }),
  removeCito: defineEndpoint({
    method: 'DELETE',
    path: '/cito_score_note/:id/',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
  createMethod: defineEndpoint({
    method: 'POST',
    path: '/method_score_note/',
    summary: 'A note on a method test result',
    write: 'write',
    status: 201,
    body: methodScoreNoteCreateSchema,
    response: scoreNoteSchema,
  }),
  updateMethod: defineEndpoint({
    method: 'PATCH',
    path: '/method_score_note/:id/',
    write: 'write',
    params: idParamSchema,
    body: methodScoreNoteUpdateSchema,
    response: scoreNoteSchema,
  }),
  removeMethod: defineEndpoint({
    method: 'DELETE',
    path: '/method_score_note/:id/',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
};
